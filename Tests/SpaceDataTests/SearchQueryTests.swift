import Foundation
import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct SearchQueryTests {
    struct Parsed: Equatable, CustomStringConvertible, Sendable {
        var text: String
        var qualifier: SearchQualifier?
        var excluded = false
        var description: String { "\(excluded ? "-" : "")\(qualifier.map { "\($0.rawValue):" } ?? "")[\(text)]" }
    }

    static func t(_ text: String, _ qualifier: SearchQualifier? = nil, excluded: Bool = false) -> Parsed {
        Parsed(text: text, qualifier: qualifier, excluded: excluded)
    }

    static let cases: [(String, [Parsed])] = [
        ("falcon", [t("falcon")]),
        ("  falcon   starlink ", [t("falcon"), t("starlink")]),
        ("\"cape canaveral\"", [t("cape canaveral")]),
        ("location:\"cape canaveral\" falcon", [t("cape canaveral", .location), t("falcon")]),
        ("NAME:Falcon", [t("Falcon", .name)]),
        ("agency:spacex mission:communications status:go location:florida",
         [t("spacex", .agency), t("communications", .mission), t("go", .status), t("florida", .location)]),
        ("starlink -falcon", [t("starlink"), t("falcon", excluded: true)]),
        ("-agency:spacex", [t("spacex", .agency, excluded: true)]),
        ("-\"falcon heavy\"", [t("falcon heavy", excluded: true)]),
        ("--x", [t("-x", excluded: true)]),
        ("10-12", [t("10-12")]),
        ("-", []), ("- falcon -", [t("falcon")]),
        ("name:", [t("", .name)]),
        ("\"\"", [t("")]),
        ("\"unbalanced phrase", [t("unbalanced phrase")]),
        ("location:\"cape", [t("cape", .location)]),
        ("a\"b c\"d", [t("ab cd")]),
        ("“smart quotes”", [t("smart quotes")]),
        ("unknown:value", [t("unknown:value")]),
        ("name:agency:x", [t("agency:x", .name)]),
        ("\"name:x\"", [t("name:x")]),
        ("rocket:\"falcon 9\" pad:40 orbit:leo country:usa",
         [t("falcon 9", .rocket), t("40", .pad), t("leo", .orbit), t("usa", .country)]),
        ("crew | cargo", [t("crew"), t("cargo")]),
        ("a|b", [t("a|b")]),
        ("https://example.com", [t("https://example.com")]),
        ("", []), ("   \t\n ", []), ("\u{3000}falcon\u{00A0}9", [t("falcon"), t("9")]),
        ("🚀 e\u{301}", [t("🚀"), t("e\u{301}")]),
    ]

    @Test(arguments: cases)
    func parsing(input: String, expected: [Parsed]) {
        let parsed = SearchQuery(input).terms.map { Parsed(text: $0.text, qualifier: $0.qualifier, excluded: $0.isExcluded) }
        #expect(parsed == expected, "\(input.debugDescription)")
    }

    @Test func anyInputParses() {
        var random = SplitMix64(seed: 5)
        let pieces = ["\"", "-", ":", " ", "name", "agency:", "“", "”", "é", "\u{301}", "ß", "🚀", "\t", "x", "\u{0}", "ＡＢ"]
        for _ in 0 ..< 2_000 {
            let text = (0 ..< random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let query = SearchQuery(text)
            #expect(query.terms.count <= text.count)
            _ = SearchTestData.engine.search(query)
        }
        let long = String(repeating: "falcon \"cape -name:x ", count: 5_000)
        #expect(SearchQuery(long).terms.count > 5_000)
    }

    /// `a | b` is one clause of alternatives; spaces alone make clauses that must all hold.
    @Test(arguments: [
        ("crew | cargo", [["crew", "cargo"]]),
        ("spacex crew | cargo", [["spacex"], ["crew", "cargo"]]),
        ("a | b | -c d", [["a", "b", "-c"], ["d"]]),
        ("| a", [["a"]]), ("a |", [["a"]]), ("a | | b", [["a", "b"]]),
        ("\"a | b\"", [["a | b"]]),
        ("a |b", [["a"], ["|b"]]),
    ])
    func orClauses(input: String, expected: [[String]]) {
        let clauses = SearchQuery(input).clauses.map { $0.map { ($0.isExcluded ? "-" : "") + $0.text } }
        #expect(clauses == expected, "\(input.debugDescription)")
    }

    @Test func orMatchesEitherAndClausesMatchAll() {
        let engine = SearchTestData.engine
        let records = SearchTestData.records
        let either = Array(engine.search("galileo | kinéis"))
        #expect(either == SearchTestData.referenceSearch(SearchQuery("galileo | kinéis"), in: records))
        #expect(Set(either) == Set(Array(engine.search("galileo")) + Array(engine.search("kinéis"))))
        #expect(Array(engine.search("electron galileo | kinéis")) == Array(engine.search("electron kinéis")))
        #expect(Array(engine.search("falcon | -spacex")) == SearchTestData.referenceSearch(SearchQuery("falcon | -spacex"), in: records))
    }

    @Test func unknownQualifiersAreListedAndKnownOnesAreNot() {
        #expect(SearchQuery("note:x Foo:y").unknownQualifiers == ["note:", "foo:"])
        #expect(SearchQuery("name:x rocket:y pad:z orbit:leo country:usa -status:go").unknownQualifiers.isEmpty)
        #expect(SearchQuery("https://example.com 10:30 \"note:x\" t-0:00").unknownQualifiers == ["https:"])
        #expect(SearchQualifier.list == "name: agency: mission: location: rocket: pad: status: orbit: country:")
    }

    @Test func aRepeatedFieldIsOneClauseOfAlternatives() {
        let query = SearchQuery().adding(anyOf: ["spacex", "rocket lab"], qualifier: .agency).adding(anyOf: ["go"], qualifier: .status)
        #expect(query.clauses.map { $0.map(\.text) } == [["spacex", "rocket lab"], ["go"]])
        #expect(SearchQuery().adding(anyOf: [], qualifier: .agency).clauses.isEmpty)
    }

    @Test(arguments: [
        ("falc", "fal", true), ("fal", "falc", false), ("falcon starlink", "falcon", true),
        ("falcon", "falcon starlink", false), ("starlink falcon", "falcon", true), ("xfalconx", "falcon", true),
        ("FALCON", "falcon", true), ("-fal", "-falcon", true), ("-falcon", "-fal", false),
        ("name:falcon", "falcon", true), ("falcon", "name:falcon", false), ("-falcon", "-name:falcon", true),
        ("-name:falcon", "-falcon", false), ("falcon", "", true), ("", "falcon", false), ("falcon", "-falcon", false),
        ("falcon -heavy", "falcon", true), ("falcon", "falcon -heavy", false), ("name:", "", true),
        ("falcon name:", "falcon", true), ("agency:spacex", "location:spacex", false), ("\"cape c\"", "cape", true),
        ("a", "name:", true), ("-", "", true),
        ("crew", "crew | cargo", true), ("crew | cargo", "crew", false), ("crewx | cargox", "crew | cargo", true),
        ("crew | cargo", "crew | cargo | tanker", true), ("crew | cargo x", "crew | cargo", true),
        ("crew | cargox", "crew", false), ("a | b", "", true),
    ])
    func narrowing(query: String, previous: String, narrows: Bool) {
        #expect(SearchQuery(query).narrows(SearchQuery(previous)) == narrows)
    }

    @Test func narrowingDateRanges() {
        let day = TimeInterval(86_400)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(SearchQuery("x", after: start + day).narrows(SearchQuery("x", after: start)))
        #expect(!SearchQuery("x", after: start).narrows(SearchQuery("x", after: start + day)))
        #expect(!SearchQuery("x").narrows(SearchQuery("x", after: start)))
        #expect(SearchQuery("x", before: start).narrows(SearchQuery("x", before: start + day)))
        #expect(!SearchQuery("x", before: start + day).narrows(SearchQuery("x", before: start)))
        #expect(SearchQuery("x", after: start).narrows(SearchQuery("x")))
    }

    @Test func addingTakesTheTextLiterally() {
        let query = SearchQuery("falcon").adding("cape canaveral", qualifier: .location).adding("-x", qualifier: nil, excluded: true)
        #expect(query.terms.map(\.text) == ["falcon", "cape canaveral", "-x"])
        #expect(query.terms[1].qualifier == .location)
        #expect(query.terms[2].isExcluded)
    }
}
