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

    /// One language everywhere: the words are joined with spaces and parsed, so a
    /// shell-quoted argument is words, as typed at the -i prompt; a phrase has quotes inside.
    @Test func theWordsAreJoinedAndReadByTheQueryLanguage() {
        func ids(_ words: [String]) -> [String] { Self.rows(LaunchSearchQuery(words: words)).map(\.launch.id) }
        #expect(ids(["spacex crew"]) == ids(["spacex", "crew"]))
        #expect(!ids(["spacex", "crew"]).isEmpty)
        #expect(ids(["cape canaveral"]) == ids(["cape", "canaveral"]))
        #expect(ids(["\"cape canaveral\""]).count == 6, "a phrase in double quotes")
        #expect(LaunchSearchQuery(words: ["spacex crew"]).searchQuery == LaunchSearchQuery(words: ["spacex", "crew"]).searchQuery)
    }

    @Test func repeatingAFieldOptionOrsItsValuesAndDifferentOptionsAnd() {
        func names(_ query: LaunchSearchQuery) -> Set<String> { Set(Self.rows(query).map(\.launch.name)) }
        let spacex = names(LaunchSearchQuery(words: [], agencies: ["spacex"]))
        let rocketLab = names(LaunchSearchQuery(words: [], agencies: ["rocket lab"]))
        #expect(!spacex.isEmpty && !rocketLab.isEmpty)
        #expect(names(LaunchSearchQuery(words: [], agencies: ["spacex", "rocket lab"])) == spacex.union(rocketLab))
        let go = names(LaunchSearchQuery(words: [], statuses: ["go"]))
        #expect(names(LaunchSearchQuery(words: [], agencies: ["spacex", "rocket lab"], statuses: ["go"])) == spacex.union(rocketLab).intersection(go))
    }

    @Test func aBarBetweenWordsIsOr() {
        func ids(_ words: [String]) -> Set<String> { Set(Self.rows(LaunchSearchQuery(words: words)).map(\.launch.id)) }
        #expect(ids(["crew", "|", "galileo"]) == ids(["crew"]).union(ids(["galileo"])))
        #expect(ids(["crew | galileo"]) == ids(["crew", "|", "galileo"]))
    }

    @Test func theNewQualifiersLookInTheirFields() {
        func names(_ words: [String]) -> [String] { Self.rows(LaunchSearchQuery(words: words)).map(\.launch.name) }
        let heavy = Self.rows(LaunchSearchQuery(words: ["rocket:\"falcon heavy\""])).map(\.launch)
        #expect(!heavy.isEmpty && heavy.allSatisfy { $0.rocketName?.lowercased().contains("falcon heavy") == true })
        let china = Self.rows(LaunchSearchQuery(words: ["country:chn"])).map(\.launch)
        #expect(!china.isEmpty && china.allSatisfy { $0.countryCode == "CHN" })
        let geo = Self.rows(LaunchSearchQuery(words: ["orbit:gto"])).map(\.launch)
        #expect(!geo.isEmpty && geo.allSatisfy { $0.orbitAbbreviation == "GTO" })
        let pad = Self.rows(LaunchSearchQuery(words: ["pad:39a"])).map(\.launch)
        #expect(!pad.isEmpty && pad.allSatisfy { $0.padName?.contains("39A") == true })
        #expect(names(["pad:florida"]).isEmpty, "pad: looks at the pad, not the site")
    }

    @Test func anUnknownQualifierIsAUsageErrorNamingTheKnownOnes() throws {
        let error = try #require(LaunchSearchQuery(words: ["note:crew"]).unknownQualifierError)
        #expect(error.message == "unknown qualifier 'note:' in the query")
        #expect(error.hint == "known: name: agency: mission: location: rocket: pad: status: orbit: country:; put the word in double quotes to search it as text")
        #expect(LaunchSearchQuery(words: ["\"note:crew\"", "rocket:falcon"]).unknownQualifierError == nil)
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
    }

    @Test func wordsAndOptionsAllNarrow() {
        func names(_ query: LaunchSearchQuery) -> [String] {
            Self.rows(query).map(\.launch.name)
        }
        #expect(names(LaunchSearchQuery(words: ["\"cape canaveral\""])).count == 6)
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
