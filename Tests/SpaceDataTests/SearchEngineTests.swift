import Foundation
import Synchronization
import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct SearchEngineTests {
    static let all = Array(SearchTestData.records.indices)
    static let semantics: [(query: String, expected: [Int])] = [
        // Case, diacritics and width.
        ("kourou", [1, 7]), ("KOUROU", [1, 7]), ("Kouróu", [1, 7]), ("ＫＯＵＲＯＵ", [1, 7]), ("kOuRoU", [1, 7]),
        ("kineis", [2, 9]), ("KINÉIS", [2, 9]), ("Kine\u{301}is", [2, 9]),
        ("strasse", [6]), ("STRASSE", [6]), ("straße", [6]), ("andøya", [6]), ("ANDØYA", [6]),
        ("andoya", [6]), ("ANDOYA", [6]), ("location:andoya", [6]), ("\"nach andoya\"", [6]), ("andoyx", []),
        ("first flight", [7]), ("ﬁrst", [7]), ("Ｆａｌｃｏｎ", [0, 4]), ("agencia", [7]),
        // Several terms must all match, in any field, in any order.
        ("falcon", [0, 4]), ("FALCON", [0, 4]), ("falcon starlink", [0]), ("starlink falcon", [0]),
        ("spacex", [0, 4]), ("spx", [0, 4]), ("cape canaveral", [0, 5]), ("canaveral cape", [0, 5]),
        ("electron communications", [2, 9]), ("rocket lab zealand", [2, 9]), ("10-12", [0]),
        ("complex 1a", [9]), ("canaveral resupply", [5]),
        // Phrases are one term.
        ("\"cape canaveral\"", [0, 5]), ("\"canaveral cape\"", []), ("\"falcon 9\"", [0]), ("“Tenacity”", [5]),
        // Qualifiers narrow a term to one field.
        ("name:falcon", [0, 4]), ("agency:spacex", [0, 4]), ("agency:casc", [3]), ("AGENCY:SpX", [0, 4]),
        ("mission:communications", [0, 2, 9]), ("mission:resupply", [5, 8]), ("name:resupply", []),
        ("location:\"cape canaveral\"", [0, 5]), ("location:kourou", [1, 7]), ("name:kourou", [7]),
        ("location:\"complex 41\"", [5]), ("status:tbd", [1, 4, 6]), ("status:determined", [1, 4, 6]),
        ("status:success", [8]), ("successful", []), ("unknown:thing", []),
        // Exclusions.
        ("starlink -falcon", []), ("falcon -heavy", [0]), ("-agency:spacex falcon", []),
        ("-spacex", [1, 2, 3, 5, 6, 7, 8, 9]), ("electron -\"kinéis 1\"", [9]), ("-status:tbd -status:tbc", [0, 2, 5, 7, 8]),
        // Empty, blank and broken queries.
        ("", all), ("   ", all), ("\t \n ", all), ("name:", all), ("-", all), ("- -", all), ("\"\"", all),
        ("-name:", all), ("\"cape canaveral", [0, 5]), ("location:\"cape", [0, 5]), ("falcon \"", [0, 4]),
        (String(repeating: "falcon ", count: 200), [0, 4]), (String(repeating: "a", count: 500), []),
        ("🚀", []), ("\u{0}", []), ("\u{301}", []), ("ｶ", []),
    ]

    @Test(arguments: semantics)
    func querySemantics(query: String, expected: [Int]) {
        let results = SearchTestData.engine.search(query)
        #expect(Array(results) == expected, "\(query.debugDescription)")
    }

    @Test func agreesWithTheObviousReferenceSearch() {
        let words = ["falcon", "cape", "KOUROU", "kinéis", "-spacex", "launch", "agency:rocket", "location:usa",
                     "a", "e", "-a", "status:go", "1", "strasse", "ß", "mission:test", "\"space c\"", "-name:l",
                     "ＬＡＵＮＣＨ", "gaofen-9", "zzzz", "complex", "-"]
        var random = SplitMix64(seed: 7)
        for _ in 0 ..< 400 {
            let text = (0 ... random.below(3)).map { _ in words[random.below(words.count)] }.joined(separator: " ")
            let query = SearchQuery(text)
            #expect(Array(SearchTestData.engine.search(query)) == SearchTestData.referenceSearch(query, in: SearchTestData.records), "\(text)")
        }
    }

    @Test func syntheticCorpusAgreesWithTheReference() {
        let records = SyntheticLaunchCorpus(seed: 3).records(count: 2_000)
        let engine = SearchEngine(records: records)
        for text in ["falcon", "spacex starlink", "cape canaveral", "a", "zzzz", "agency:rocket -electron",
                     "location:\"people's republic\" mission:earth", "kinéis", "operacao", "-a", "status:tbd andøya"] {
            let query = SearchQuery(text)
            #expect(Array(engine.search(query)) == SearchTestData.referenceSearch(query, in: records), "\(text)")
        }
    }

    @Test func structuredFiltersAreQualifiedTerms() {
        let query = SearchQuery("falcon").adding("cape canaveral", qualifier: .location)
        #expect(Array(SearchTestData.engine.search(query)) == [0])
        let quoted = SearchQuery("").adding("\"spacex\"", qualifier: .agency)  // taken literally, quotes and all
        #expect(SearchTestData.engine.search(quoted).isEmpty)
    }

    @Test func dateRangeKeepsLaunchesAtOrAfterAndBefore() {
        let engine = SearchTestData.engine
        #expect(Array(engine.search(SearchQuery("", after: SearchTestData.date("2026-03-01")))) == [4, 5, 6, 9])
        #expect(Array(engine.search(SearchQuery("", before: SearchTestData.date("2026-01-20")))) == [0, 8])
        let window = SearchQuery("electron", after: SearchTestData.date("2026-01-01"), before: SearchTestData.date("2026-03-01"))
        #expect(Array(engine.search(window)) == [2])
    }

    @Test func resultsKeepTheGivenOrder() {
        let reversed = Array(SearchTestData.records.reversed())
        let engine = SearchEngine(records: reversed)
        #expect(Array(engine.search("falcon")) == [5, 9])
        #expect(Array(engine.search("")) == Array(0 ..< 10))
    }

    @Test func anEmptyEngineFindsNothing() {
        let engine = SearchEngine(records: [])
        #expect(engine.search("falcon").isEmpty)
        #expect(engine.search("").isEmpty)
        #expect(engine.count == 0)
    }

    @Test func searchesFromManyThreadsAgree() {
        let engine = SyntheticLaunchCorpus().searchEngine(count: 5_000)
        let queries = ["falcon", "spacex starlink", "cape canaveral", "a", "-agency:spacex china"]
        let expected = queries.map { Array(engine.search($0)) }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { iteration in
            let index = iteration % queries.count
            if Array(engine.search(queries[index])) != expected[index] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test func theIndexIsSmallerThanTwiceItsText() {
        let engine = SyntheticLaunchCorpus().searchEngine(count: 20_000)
        #expect(engine.textByteCount > 20_000 * 100)
        #expect(engine.indexByteCount < 2 * engine.textByteCount)
        // Every name different, as in real data, some with diacritics.
        let unique = SearchEngine(records: (0 ..< 2_000).map {
            SearchRecord(name: "Ariane 6 | Météosat \($0)", agency: "Arianespace", agencyAbbreviation: "ASA",
                         missionType: "Earth Science", location: "Guiana Space Centre, Kourou, French Guiana", status: "Go for Launch")
        })
        #expect(unique.indexByteCount < 2 * unique.textByteCount)
    }

    // MARK: Whole words first

    /// Past launches as GCAT names them, newest first: a plain `mars` should lead with
    /// the Mars missions, not Inmarsat or a NASA Marshall payload.
    static let marsLike = SearchEngine(records: [
        SearchRecord(name: "Falcon 9 | Inmarsat 6 F2", agency: "SpaceX"),
        SearchRecord(name: "Atlas V 541 | Mars 2020", agency: "United Launch Alliance"),
        SearchRecord(name: "Pegasus XL | NuSTAR", agency: "NASA Marshall Space Flight Center"),
        SearchRecord(name: "Proton-K | Mars-96", agency: "Russian Space Agency"),
        SearchRecord(name: "Ariane 5 | Inmarsat 4-F2", agency: "Arianespace", location: "Mars Bluff"),
    ])

    static func names(_ results: SearchResults) -> [String] {
        results.map { ["Inmarsat 6", "Mars 2020", "NuSTAR", "Mars-96", "Inmarsat 4"][$0] }
    }

    @Test func wholeWordMatchesComeFirstInTheirOwnOrder() {
        let ranked = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("mars"))
        #expect(Self.names(ranked) == ["Mars 2020", "Mars-96", "Inmarsat 4", "Inmarsat 6", "NuSTAR"])
    }

    @Test func aTermMustBeAWordInOneOfItsOwnFields() {
        // "Mars Bluff" is a location: a word there counts for `mars`, not for `name:mars`.
        let anyField = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("mars"))
        #expect(Self.names(anyField).prefix(3) == ["Mars 2020", "Mars-96", "Inmarsat 4"])
        let name = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("name:mars"))
        #expect(Self.names(name) == ["Mars 2020", "Mars-96", "Inmarsat 6", "Inmarsat 4"])
    }

    @Test func everyClauseMustBeWholeAndAnAlternativeIsEnough() {
        // `mars f2`: only "Ariane 5 | Inmarsat 4-F2 … Mars Bluff" has both as words.
        let both = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("mars f2"))
        #expect(Self.names(both) == ["Inmarsat 4", "Inmarsat 6"])
        let either = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("nustar | mars"))
        #expect(Self.names(either) == ["Mars 2020", "NuSTAR", "Mars-96", "Inmarsat 4", "Inmarsat 6"])
    }

    @Test func withNoWholeWordMatchOrNoTermTheOrderStays() {
        let part = Self.marsLike.search("arsat")
        #expect(Self.names(Self.marsLike.rankingWholeWordsFirst(part)) == Self.names(part))
        let all = Self.marsLike.search("-nustar")
        #expect(Self.names(Self.marsLike.rankingWholeWordsFirst(all)) == ["Inmarsat 6", "Mars 2020", "Mars-96", "Inmarsat 4"])
        // A term that ends inside a word keeps that edge free: "mars-9" is a word start.
        let prefix = Self.marsLike.rankingWholeWordsFirst(Self.marsLike.search("mars-9"))
        #expect(Self.names(prefix) == ["Mars-96"])
    }
}

