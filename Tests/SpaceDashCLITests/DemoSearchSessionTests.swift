import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal
import Testing
@testable import SpaceDashCLI

/// The demo's search script, played into the real `LaunchSearchViewModel`
/// on a `TestScheduler`: time moves only when the test says.
@Suite struct DemoSearchSessionTests {
    /// What the session reported, as text a test can compare.
    final class Recorder: Sendable {
        private let lines = Mutex<[String]>([])
        private let outcome = Mutex<Result<[DemoSearchPhaseSummary], any Error>?>(nil)

        @Sendable func record(_ event: DemoSearchEvent) {
            let line: String
            switch event {
            case .ready(let count): line = "ready \(count)"
            case .phaseStarted(let index, let phase): line = "phase \(index) \(phase.title)"
            case .prompt(let state, let elapsed): line = "\(DemoSearchSession.milliseconds(elapsed)) prompt \(state.query)"
            case .results(let state, let elapsed, let sinceLastKey):
                line = "\(DemoSearchSession.milliseconds(elapsed)) results \(state.matches?.query ?? "nil"): \(state.resultCount)"
                    + (sinceLastKey.map { " after \(DemoSearchSession.milliseconds($0))" } ?? " while typing")
            case .phaseFinished(let summary): line = "finished \(summary.keystrokes) keys \(summary.searches) searches"
            }
            lines.withLock { $0.append(line) }
        }

        func finished(_ result: Result<[DemoSearchPhaseSummary], any Error>) {
            outcome.withLock { $0 = result }
        }

        var events: [String] { lines.withLock { $0 } }
        var summaries: [DemoSearchPhaseSummary]? { outcome.withLock { try? $0?.get() } }
        var isFinished: Bool { outcome.withLock { $0 != nil } }
    }

    /// What the demo searches: the bundled history (GCAT's 6,471 orbital launches).
    static let launches = LaunchSearchData(catalog: LaunchCatalog(launches: LaunchHistory.launches, timeframe: .past), origin: .sample)

    struct Harness {
        let clock = DispatchQueue.test
        let recorder = Recorder()
        let session: DemoSearchSession

        init(phases: [DemoSearchPhase] = DemoSearchPhase.script, timing: DemoSearchTiming = .standard) {
            session = DemoSearchSession(data: DemoSearchSessionTests.launches, phases: phases, timing: timing,
                                        scheduler: clock.eraseToAnyScheduler(), searchScheduler: clock.eraseToAnyScheduler(),
                                        onEvent: recorder.record)
            session.start { [recorder] in recorder.finished($0) }
        }
    }

    @Test func typingApolloShowsEveryKeyAndSearchesOnce300msAfterTheLast() {
        let harness = Harness(phases: [DemoSearchPhase.script[0]])
        harness.clock.advance()
        #expect(harness.recorder.events == ["ready 6471", "phase 0 You type \"apollo\":", "0 prompt a"])

        // The sixth key comes at 400 ms; the debounce waits 300 ms more.
        harness.clock.advance(by: .milliseconds(400))
        #expect(harness.recorder.events.suffix(5) == [
            "80 prompt ap", "160 prompt apo", "240 prompt apol", "320 prompt apoll", "400 prompt apollo",
        ])
        harness.clock.advance(by: .milliseconds(299))
        #expect(!harness.recorder.events.contains { $0.contains("results") }, "299 ms after the last key: no search yet")
        #expect(harness.session.viewModel.searchesStarted == 1, "only the empty query's first search")

        harness.clock.advance(by: .milliseconds(1))
        #expect(harness.recorder.events.suffix(2) == ["700 results apollo: 22 after 300", "finished 6 keys 1 searches"])
        #expect(harness.session.viewModel.searchesStarted == 2)
        let summary = harness.recorder.summaries?.first
        #expect(summary?.keystrokes == 6)
        #expect(summary?.searches == 1)
        #expect(summary?.query == "apollo")
        #expect(summary?.resultCount == 22, "GCAT's launches naming Apollo")
    }

    @Test func theWholeScriptRefinesAndClearsWithOneSearchPerPhase() throws {
        let harness = Harness()
        harness.clock.run()
        let summaries = try #require(harness.recorder.summaries)
        #expect(summaries.map(\.keystrokes) == [6, 3, 9, 6])
        #expect(summaries.map(\.searches) == [1, 1, 1, 1])
        #expect(summaries.map(\.query) == ["apollo", "apollo 11", "", "vostok"])
        #expect(summaries.map(\.resultCount) == [22, 1, 6_471, 165])
        // One results line per phase, each the debounce's 300 ms after that phase's last key.
        #expect(harness.recorder.events.filter { $0.contains(" results ") } == [
            "700 results apollo: 22 after 300", "460 results apollo 11: 1 after 300", "940 results : 6471 after 300",
            "700 results vostok: 165 after 300",
        ])
        #expect(harness.recorder.events.filter { $0.contains(" prompt ") }.count == 24)
        #expect(harness.session.viewModel.searchesStarted == 5, "the empty query at start, then one per phase")
        #expect(harness.session.viewModel.state.searchCount == 5)
    }

    @Test func aTypistSlowerThanTheDebounceCostsASearchPerKey() throws {
        // The counts come from the view model, not the script: keys 400 ms apart
        // let every debounce expire, so every key searches.
        let harness = Harness(phases: [DemoSearchPhase.script[0]],
                              timing: DemoSearchTiming(keyInterval: .milliseconds(400)))
        harness.clock.run()
        let summary = try #require(harness.recorder.summaries?.first)
        #expect(summary.keystrokes == 6)
        #expect(summary.searches == 6)
        #expect(harness.recorder.events.filter { $0.contains("while typing") }.count == 5)
    }

    @Test func aQueryBackWhereItWasStartsNoSearch() throws {
        // "x" then Backspace: the debounced query is the empty one already shown,
        // which removeDuplicates drops.
        let phase = DemoSearchPhase(title: "Type and erase", keys: [KeyPress(.text("x")), KeyPress(.backspace)])
        let harness = Harness(phases: [phase])
        harness.clock.run()
        let summary = try #require(harness.recorder.summaries?.first)
        #expect(summary.keystrokes == 2)
        #expect(summary.searches == 0)
        #expect(!harness.recorder.events.contains { $0.contains(" results ") })
    }

    @Test func speedScalesEveryWait() throws {
        let timing = DemoSearchTiming.standard.scaled(by: 2)
        #expect(timing.keyInterval == .milliseconds(40))
        #expect(timing.debounce == .milliseconds(150))
        #expect(DemoSearchTiming.standard.scaled(by: 0.5).debounce == .milliseconds(600))

        let harness = Harness(phases: [DemoSearchPhase.script[0]], timing: timing)
        harness.clock.run()
        #expect(harness.recorder.events.contains("200 prompt apollo"))
        #expect(harness.recorder.events.contains("350 results apollo: 22 after 150"))
        #expect(harness.recorder.summaries?.first?.searches == 1)
    }

    @Test func aFailingOutputEndsTheSessionWithItsError() throws {
        struct Closed: Error {}
        let clock = DispatchQueue.test
        let outcome = Mutex<Result<[DemoSearchPhaseSummary], any Error>?>(nil)
        let prompts = Mutex(0)
        let session = DemoSearchSession(
            data: Self.launches, scheduler: clock.eraseToAnyScheduler(), searchScheduler: clock.eraseToAnyScheduler(),
            onEvent: { event in
                guard case .prompt = event else { return }
                let count = prompts.withLock { count in count += 1; return count }
                if count == 3 { throw Closed() }
            })
        session.start { result in outcome.withLock { $0 = result } }
        clock.run()
        #expect(prompts.withLock { $0 } == 3, "no key after the failure")
        let result = try #require(outcome.withLock { $0 })
        #expect(throws: Closed.self) { try result.get() }
        #expect(session.viewModel.searchesStarted == 1)
    }
}
