import Foundation
import Testing
@testable import SpaceData

@Suite struct BundledLaunchListingTests {
    @Test func theListingIsLaunchLibrarysTenLaunchesOf20July2026() throws {
        let launches = try BundledLaunchListing.launches()
        #expect(launches.count == 10)
        #expect(launches.first?.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(launches.first?.net == LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z"))
        #expect(launches.last?.name == "Falcon 9 Block 5 | NROL-95")
        #expect(Set(launches.map(\.id)).count == 10, "ids are unique")
        let nets = launches.compactMap(\.net)
        #expect(nets.count == 10 && nets == nets.sorted(), "ordered by NET, as the listing was")
        #expect(nets.allSatisfy { $0 >= BundledLaunchListing.listedAt }, "every launch was still ahead when listed")
    }

    @Test func itsLabelSaysWhenItWasListed() {
        #expect(BundledLaunchListing.summary == "Launch Library 2's listing of 20 July 2026")
        #expect(LaunchLibraryDate.string(from: BundledLaunchListing.listedAt) == "2026-07-20T14:38:00Z")
    }
}
