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

    static let launches: LaunchSearchData = {
        let sample = try! LaunchesSample.launches()
        return LaunchSearchData(catalog: LaunchCatalog(launches: sample, timeframe: .upcoming), origin: .sample)
    }()

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

    @Test func typingStarlinkShowsEveryKeyAndSearchesOnce300msAfterTheLast() {
        let harness = Harness(phases: [DemoSearchPhase.script[0]])
        harness.clock.advance()
        #expect(harness.recorder.events == ["ready 46", "phase 0 Type \"starlink\"", "0 prompt s"])

        // The eighth key comes at 560 ms; the debounce waits 300 ms more.
        harness.clock.advance(by: .milliseconds(560))
        #expect(harness.recorder.events.suffix(7) == [
            "80 prompt st", "160 prompt sta", "240 prompt star", "320 prompt starl",
            "400 prompt starli", "480 prompt starlin", "560 prompt starlink",
        ])
        harness.clock.advance(by: .milliseconds(299))
        #expect(!harness.recorder.events.contains { $0.contains("results") }, "299 ms after the last key: no search yet")
        #expect(harness.session.viewModel.searchesStarted == 1, "only the empty query's first search")

        harness.clock.advance(by: .milliseconds(1))
        #expect(harness.recorder.events.suffix(2) == ["860 results starlink: 3 after 300", "finished 8 keys 1 searches"])
        #expect(harness.session.viewModel.searchesStarted == 2)
        let summary = harness.recorder.summaries?.first
        #expect(summary?.keystrokes == 8)
        #expect(summary?.searches == 1)
        #expect(summary?.query == "starlink")
        #expect(summary?.resultCount == 3)
    }

    @Test func theWholeScriptRefinesAndClearsWithOneSearchPerPhase() throws {
        let harness = Harness()
        harness.clock.run()
        let summaries = try #require(harness.recorder.summaries)
        #expect(summaries.map(\.keystrokes) == [8, 3, 11])
        #expect(summaries.map(\.searches) == [1, 1, 1])
        #expect(summaries.map(\.query) == ["starlink", "starlink 17", ""])
        #expect(summaries.map(\.resultCount) == [3, 1, 46])
        // One results line per phase, each the debounce's 300 ms after that phase's last key.
        #expect(harness.recorder.events.filter { $0.contains(" results ") } == [
            "860 results starlink: 3 after 300", "460 results starlink 17: 1 after 300", "1100 results : 46 after 300",
        ])
        #expect(harness.recorder.events.filter { $0.contains(" prompt ") }.count == 22)
        #expect(harness.session.viewModel.searchesStarted == 4, "the empty query at start, then one per phase")
        #expect(harness.session.viewModel.state.searchCount == 4)
    }

    @Test func aTypistSlowerThanTheDebounceCostsASearchPerKey() throws {
        // The counts come from the view model, not the script: keys 400 ms apart
        // let every debounce expire, so every key searches.
        let harness = Harness(phases: [DemoSearchPhase.script[0]],
                              timing: DemoSearchTiming(keyInterval: .milliseconds(400)))
        harness.clock.run()
        let summary = try #require(harness.recorder.summaries?.first)
        #expect(summary.keystrokes == 8)
        #expect(summary.searches == 8)
        #expect(harness.recorder.events.filter { $0.contains("while typing") }.count == 7)
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
        #expect(harness.recorder.events.contains("280 prompt starlink"))
        #expect(harness.recorder.events.contains("430 results starlink: 3 after 150"))
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
