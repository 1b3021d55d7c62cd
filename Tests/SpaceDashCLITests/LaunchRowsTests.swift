import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchRowsTests {
    /// The table's rows of a search of the bundled listing (Launch Library 2, 20 July 2026).
    static func rows(_ query: LaunchSearchQuery) throws -> [LaunchRow] {
        LaunchSearch.rows(LaunchCatalog(launches: try BundledLaunchListing.launches(), timeframe: .upcoming, filter: query.searchQuery).selected)
    }

    @Test func matchesAreHighlightedInTheirColumns() throws {
        let row = try #require(try Self.rows(LaunchSearchQuery(words: ["vandenberg", "starlink"])).last, "the listing's Starlink Group 17-52")
        let name = row.launch.name, location = try #require(row.launch.locationName)
        #expect(row.highlights[.name]?.map { String(name[$0]) } == ["Starlink"])
        #expect(row.highlights[.location]?.map { String(location[$0]) } == ["Vandenberg"])
        #expect(row.highlights[.agency] == nil)
    }
}
