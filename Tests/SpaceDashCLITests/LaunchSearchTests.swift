import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchSearchTests {
    static let sample = try! LaunchesSample.launches()

    /// The table's rows for `query` over the sample, as plain `launches search` gets them.
    static func rows(_ query: LaunchSearchQuery) -> [LaunchRow] {
        LaunchSearch.rows(LaunchCatalog(launches: sample, timeframe: .upcoming, filter: query.searchQuery).selected)
    }

    @Test func shellWordsWithSpacesArePhrases() {
        #expect(LaunchSearchQuery.shellWord("falcon") == "falcon")
        #expect(LaunchSearchQuery.shellWord("cape canaveral") == "\"cape canaveral\"")
        #expect(LaunchSearchQuery.shellWord("location:cape canaveral") == "location:\"cape canaveral\"")
        #expect(LaunchSearchQuery.shellWord("-agency:rocket lab") == "-agency:\"rocket lab\"")
        #expect(LaunchSearchQuery.shellWord("note: two words") == "\"note: two words\"", "an unknown word: is text")
    }

    @Test func aQueryOfSpacesMatchesEveryLaunchAsAnEmptyOneDoes() {
        func count(_ words: [String]) -> Int {
            Self.rows(LaunchSearchQuery(words: words)).count
        }
        #expect(count([""]) == 46)
        #expect(count(["   "]) == 46)
        #expect(count(["\t \n"]) == 46)
        #expect(count(["   ", "crew"]) == 1)
        #expect(count([" crew "]) == 1, "spaces around a word are not part of it")
        #expect(LaunchSearchQuery.shellWord("  ") == "")
        #expect(LaunchSearchQuery.shellWord(" cape canaveral ") == "\"cape canaveral\"")
    }

    @Test func wordsAndOptionsAllNarrow() {
        func names(_ query: LaunchSearchQuery) -> [String] {
            Self.rows(query).map(\.launch.name)
        }
        #expect(names(LaunchSearchQuery(words: ["cape canaveral"])).count == 6)
        #expect(names(LaunchSearchQuery(words: ["falcon", "-starlink"])) == [
            "Falcon 9 Block 5 | Transporter-16", "Falcon 9 Block 5 | Crew-13", "Falcon Heavy | Griffin Mission 2",
        ])
        #expect(names(LaunchSearchQuery(words: [], agencies: ["arianespace"], missionTypes: ["earth science"])) == [
            "Ariane 62 | MTG-S2 (Météosat)", "Vega-C | Sentinel-3C",
        ])
        #expect(names(LaunchSearchQuery(words: ["ANDØYA"])) == ["Spectrum | Spectrum Flight 3", "Spectrum | IRIS² Demonstrator"])
        #expect(names(LaunchSearchQuery(words: [], statuses: ["go"], after: LaunchLibraryDate.date(from: "2026-12-05T00:00:00Z"),
                                        before: LaunchLibraryDate.date(from: "2026-12-10T00:00:00Z"))) == [
            "Long March 7 | Tianzhou 10 (天舟十号)", "H3-22 | QZS-7 (みちびき7号機)",
        ])
        #expect(names(LaunchSearchQuery(words: [])).count == 46)
    }

    @Test func matchesAreHighlightedInTheirColumns() throws {
        let row = try #require(Self.rows(LaunchSearchQuery(words: ["kourou", "galileo"])).first)
        let name = row.launch.name, location = try #require(row.launch.locationName)
        #expect(row.highlights[.name]?.map { String(name[$0]) } == ["Galileo"])
        #expect(row.highlights[.location]?.map { String(location[$0]) } == ["Kourou"])
        #expect(row.highlights[.agency] == nil)
    }

    @Test func theQueryReadsBackInMessages() {
        let query = LaunchSearchQuery(words: ["falcon", "-starlink"], agencies: ["spacex"], after: LaunchLibraryDate.date(from: "2026-12-01T00:00:00Z"))
        #expect(query.description == "\"falcon -starlink\" --agency \"spacex\" --after 2026-12-01T00:00:00Z")
        #expect(LaunchSearchQuery(words: []).description == "")
    }
}
