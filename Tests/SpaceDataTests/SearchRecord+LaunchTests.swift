import Foundation
import SpaceDataBundle
import Testing
@testable import SpaceData

@Suite struct SearchRecordLaunchTests {
    @Test func aLaunchsSearchableText() {
        let launch = Launch(
            id: "x", name: "Falcon 9 Block 5 | Starlink Group 10-12", agencyName: "SpaceX", agencyAbbreviation: "SpX",
            missionType: "Communications", padName: "Space Launch Complex 40", locationName: "Cape Canaveral SFS, FL, USA",
            net: Date(timeIntervalSince1970: 1_800_000_000), statusName: "Go for Launch", statusAbbreviation: "Go")
        let record = SearchRecord(launch)
        #expect(record == SearchRecord(
            name: "Falcon 9 Block 5 | Starlink Group 10-12", agency: "SpaceX", agencyAbbreviation: "SpX",
            missionType: "Communications", pad: "Space Launch Complex 40", location: "Cape Canaveral SFS, FL, USA",
            status: "Go for Launch", statusAbbreviation: "Go", date: Date(timeIntervalSince1970: 1_800_000_000)))
        let bare = SearchRecord(Launch(id: "y", name: "Vostok-K | Vostok 1"))
        #expect(bare.agency.isEmpty && bare.location.isEmpty && bare.date == nil)
    }

    @Test func absentFieldsNeitherMatchNorExclude() {
        let launches = [
            Launch(id: "a", name: "Samos 2", agencyName: nil, missionType: nil),
            Launch(id: "b", name: "Falcon 9 | CRS-30", agencyName: "SpaceX", missionType: "Resupply"),
        ]
        let engine = SearchEngine(launches: launches)
        #expect(Array(engine.search("mission:resupply")) == [1])
        #expect(Array(engine.search("-agency:spacex")) == [0])
        #expect(Array(engine.search("samos -mission:unknown")) == [0])
    }

    @Test func theBundledListingIsSearchable() throws {
        let launches = try LaunchLibraryDecoder.decodeLaunches(BundledLaunchListing.body)
        let engine = SearchEngine(launches: launches)
        let spacex = engine.search("agency:spacex")
        #expect(!spacex.isEmpty)
        #expect(spacex.allSatisfy { launches[$0].agencyName?.lowercased().contains("spacex") == true
            || launches[$0].agencyAbbreviation?.lowercased().contains("spacex") == true })
        #expect(engine.search("").count == launches.count)
    }
}
