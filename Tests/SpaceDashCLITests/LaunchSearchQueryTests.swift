import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchSearchQueryTests {
    /// Real launches only: Launch Library 2's listing of 20 July 2026 (with mission
    /// types and orbits) and GCAT's history (1957 to 2023), both bundled.
    static let launches = (try! BundledLaunchListing.launches()) + LaunchHistory.launches

    /// The table's rows for `query` over those launches, as plain `launches search` gets them.
    static func rows(_ query: LaunchSearchQuery) -> [LaunchRow] {
        LaunchSearch.rows(LaunchCatalog(launches: launches, timeframe: .upcoming, filter: query.searchQuery).selected)
    }

    /// The launches whose `field` holds `text`, case ignored: an oracle outside the search engine.
    static func holding(_ text: String, in field: (Launch) -> String?) -> Set<String> {
        Set(launches.filter { field($0)?.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }.map(\.id))
    }

    /// One language everywhere: the words are joined with spaces and parsed, so a
    /// shell-quoted argument is words, as typed at the -i prompt; a phrase has quotes inside.
    @Test func theWordsAreJoinedAndReadByTheQueryLanguage() {
        func ids(_ words: [String]) -> [String] { Self.rows(LaunchSearchQuery(words: words)).map(\.launch.id) }
        #expect(ids(["spacex starlink"]) == ids(["spacex", "starlink"]))
        #expect(!ids(["spacex", "starlink"]).isEmpty)
        #expect(ids(["cape canaveral"]) == ids(["cape", "canaveral"]))
        let phrase = Set(ids(["\"cape canaveral\""]))
        #expect(phrase == Self.holding("cape canaveral", in: \.locationName), "a phrase in double quotes: the launches from Cape Canaveral")
        #expect(phrase.count > 500)
        #expect(LaunchSearchQuery(words: ["spacex starlink"]).searchQuery == LaunchSearchQuery(words: ["spacex", "starlink"]).searchQuery)
    }

    @Test func repeatingAFieldOptionOrsItsValuesAndDifferentOptionsAnd() {
        func names(_ query: LaunchSearchQuery) -> Set<String> { Set(Self.rows(query).map(\.launch.id)) }
        let spacex = names(LaunchSearchQuery(words: [], agencies: ["spacex"]))
        let rocketLab = names(LaunchSearchQuery(words: [], agencies: ["rocket lab"]))
        #expect(!spacex.isEmpty && !rocketLab.isEmpty)
        #expect(names(LaunchSearchQuery(words: [], agencies: ["spacex", "rocket lab"])) == spacex.union(rocketLab))
        let go = names(LaunchSearchQuery(words: [], statuses: ["go"]))
        #expect(go.count == 9, "the listing's launches that are Go (NROL-95 is TBC)")
        #expect(names(LaunchSearchQuery(words: [], agencies: ["spacex", "rocket lab"], statuses: ["go"])) == spacex.union(rocketLab).intersection(go))
    }

    @Test func aBarBetweenWordsIsOr() {
        func ids(_ words: [String]) -> Set<String> { Set(Self.rows(LaunchSearchQuery(words: words)).map(\.launch.id)) }
        #expect(ids(["vostok", "|", "apollo"]) == ids(["vostok"]).union(ids(["apollo"])))
        #expect(ids(["vostok | apollo"]) == ids(["vostok", "|", "apollo"]))
        #expect(!ids(["vostok"]).isEmpty && !ids(["apollo"]).isEmpty)
    }

    @Test func theNewQualifiersLookInTheirFields() {
        func names(_ words: [String]) -> [String] { Self.rows(LaunchSearchQuery(words: words)).map(\.launch.name) }
        let heavy = Self.rows(LaunchSearchQuery(words: ["rocket:\"falcon heavy\""])).map(\.launch)
        #expect(!heavy.isEmpty && heavy.allSatisfy { $0.rocketName?.lowercased().contains("falcon heavy") == true })
        let china = Self.rows(LaunchSearchQuery(words: ["country:chn"])).map(\.launch)
        #expect(!china.isEmpty && china.allSatisfy { $0.countryCode == "CHN" })
        let geo = Self.rows(LaunchSearchQuery(words: ["orbit:gto"])).map(\.launch)
        #expect(geo.map(\.name) == ["Falcon 9 Block 5 | MRV-1"], "the listing's one launch to GTO")
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
        #expect(count([""]) == Self.launches.count)
        #expect(count(["   "]) == Self.launches.count)
        #expect(count(["\t \n"]) == Self.launches.count)
        #expect(count(["   ", "orienspace"]) == 1)
        #expect(count([" orienspace "]) == 1, "spaces around a word are not part of it")
    }

    @Test func wordsAndOptionsAllNarrow() {
        func names(_ query: LaunchSearchQuery) -> [String] {
            Self.rows(query).map(\.launch.name)
        }
        let date = { (text: String) in LaunchLibraryDate.date(from: text) }
        #expect(names(LaunchSearchQuery(words: ["falcon", "-starlink"], after: date("2026-01-01T00:00:00Z"))) == [
            "Falcon 9 Block 5 | MRV-1", "Falcon 9 Block 5 | NROL-95",
        ])
        #expect(names(LaunchSearchQuery(words: ["vostok"], agencies: ["rvsn"], before: date("1961-05-01T00:00:00Z"))).last == "Vostok 8K72 | Vostok",
                "Gagarin's flight of 12 April 1961, the latest before May")
        #expect(names(LaunchSearchQuery(words: [], statuses: ["go"], after: date("2026-07-23T00:00:00Z"),
                                        before: date("2026-07-24T00:00:00Z"))) == [
            "Long March 3B/E | Unknown Payload", "Starship | Flight 13", "Kinetica 1 | Unknown Payload",
        ])
        #expect(names(LaunchSearchQuery(words: [])).count == Self.launches.count)
    }

    @Test func theQueryReadsBackInMessages() {
        let query = LaunchSearchQuery(words: ["falcon", "-starlink"], agencies: ["spacex"], after: LaunchLibraryDate.date(from: "2026-12-01T00:00:00Z"))
        #expect(query.description == "\"falcon -starlink\" --agency \"spacex\" --after 2026-12-01T00:00:00Z")
        #expect(LaunchSearchQuery(words: []).description == "")
    }
}
