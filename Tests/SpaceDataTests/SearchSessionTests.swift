import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct SearchSessionTests {
    static let engine = SearchEngine(
        records: SearchTestData.records + SyntheticLaunchCorpus(seed: 9).records(count: 3_000) + SearchTestData.records)

    /// Runs `queries` through one session, checking each against a fresh search.
    /// Returns how many were answered from the previous results.
    @discardableResult
    private func expectSessionMatchesFresh(_ queries: [String]) -> Int {
        var session = SearchSession(engine: Self.engine)
        var refined = 0
        for text in queries {
            let results = session.search(text)
            #expect(Array(results) == Array(Self.engine.search(text)), "\(text.debugDescription) after \(queries)")
            if results.isRefined { refined += 1 }
        }
        return refined
    }

    @Test func typingAQueryKeyByKeyRefines() {
        let typed = "location:\"cape canaveral\" falcon -heavy"
        let prefixes = (0 ... typed.count).map { String(typed.prefix($0)) }
        let refined = expectSessionMatchesFresh(prefixes)
        #expect(refined > prefixes.count / 2)
    }

    @Test func typingBackwardsSearchesAfresh() {
        var session = SearchSession(engine: Self.engine)
        _ = session.search("falcon")
        #expect(session.search("falcon 9").isRefined)
        #expect(!session.search("falcon").isRefined)
        #expect(!session.search("-falcon").isRefined)
        #expect(session.search("-falcon mission:resupply").isRefined)
        #expect(session.search("-fal mission:resupply").isRefined)  // a shorter exclusion leaves out more
        #expect(!session.search("-falc mission:resupply").isRefined)  // a longer one leaves out less
    }

    @Test func scriptedEditsGiveFreshResults() {
        expectSessionMatchesFresh(["s", "sp", "spa", "spac", "space", "spacex", "spacex ", "spacex s", "spacex st",
                                   "spacex sta", "spacex star", "spacex starl", "spacex starlink", "spacex starlin",
                                   "spacex -starlin", "spacex -starl", "spacex -star", "spacex -star agency:",
                                   "spacex -star agency:s", "spacex -star agency:sp", "\"spacex -star agency:sp",
                                   "", "kourou", "ｋｏｕｒｏｕ", "kouró", "kour", "-", "-k", "-ko", "-kou", "-kour",
                                   "-kour ß", "-kour ßt", "-kour \"ß t\"", "name:", "name:ß", "name:ss", "name:s"])
    }

    @Test func randomEditsGiveFreshResults() {
        var random = SplitMix64(seed: 42)
        let keys = Array("abcdefilnorstuvx -:\"ßé".map(String.init)) + ["name:", "agency:", "location:", "-", "ＦＡ", "falcon", " cape"]
        var refined = 0
        var total = 0
        for _ in 0 ..< 60 {
            var text = ""
            var queries: [String] = []
            for _ in 0 ..< 25 {
                switch random.below(10) {
                case 0 ..< 7: text += keys[random.below(keys.count)]
                case 7, 8: if !text.isEmpty { text.removeLast() }
                default: text = String(text.prefix(random.below(text.count + 1)))
                }
                queries.append(text)
            }
            refined += expectSessionMatchesFresh(queries)
            total += queries.count
        }
        #expect(refined > total / 3)  // the incremental path really is exercised
    }
}
