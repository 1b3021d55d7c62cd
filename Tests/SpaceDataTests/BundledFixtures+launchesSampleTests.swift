import Foundation
import SpaceDataBundle
import Testing
import TestSupport
@testable import SpaceData

@Suite struct BundledLaunchesSampleTests {
    @Test func theCompiledCopyEqualsTheFileInFixtures() throws {
        let file = try String(contentsOf: ProjectPaths.fixtures.appendingPathComponent("bundled/launchesSample.json"), encoding: .utf8)
        #expect(file.hasSuffix("\n"), "the JSON must end with a newline")
        // The raw string literal holds the file without its final newline.
        #expect(BundledFixtures.launchesSample + "\n" == file, "run `make fixtures` to regenerate Sources/SpaceDataBundle/BundledFixtures+launchesSample.swift")
    }

    @Test func theSampleIsARealisticPageOfUpcomingLaunches() throws {
        let page = try LaunchLibraryDecoder.decodePage(Data(BundledFixtures.launchesSample.utf8))
        let launches = page.launches
        #expect(launches.count >= 40)
        #expect(page.skipped == 0)
        #expect(page.count == launches.count)
        #expect(Set(launches.map(\.id)).count == launches.count, "ids are unique")
        #expect(Set(launches.compactMap(\.agencyName)).count >= 8)
        #expect(Set(launches.compactMap(\.locationName)).count >= 8)
        let nets = launches.compactMap(\.net)
        #expect(nets.count == launches.count)
        #expect(nets == nets.sorted(), "ordered by NET, as ordering=net asks")
        for launch in launches {
            #expect(launch.agencyName != nil && launch.missionType != nil && launch.locationName != nil && launch.statusName != nil, "\(launch.name)")
            #expect(launch.name.hasSuffix(" | " + (launch.missionName ?? "?")), "\(launch.name)")
            if let start = launch.windowStart, let end = launch.windowEnd, let net = launch.net {
                #expect(start <= net && net <= end, "\(launch.name)")
            }
        }
        // Search ignores diacritics and width: the sample has names that need it.
        #expect(launches.contains { $0.locationName?.contains("Guyane française") == true })
        #expect(launches.contains { $0.locationName == "Andøya Spaceport" })
        #expect(launches.contains { $0.name.unicodeScalars.contains { $0.properties.isIdeographic } })
    }
}
