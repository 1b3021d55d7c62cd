import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

/// The search as the screen loop shows it, on test schedulers: what its keys and states
/// end it with, the page its keys move by, and the states that turn the spinner.
@Suite struct LaunchSearchScreenTests {
    typealias Harness = LaunchSearchViewModelTests.Harness
    static let launches = LaunchSearchViewModelTests.launches

    /// The screen over a harness's view model, started, with the states it sends.
    final class Shown {
        let harness: Harness
        let screen: LaunchSearchScreen
        private(set) var states: [LaunchSearchState] = []

        init(_ harness: Harness = Harness()) {
            self.harness = harness
            screen = LaunchSearchScreen(harness.model, scheduler: harness.main.eraseToAnyScheduler())
            screen.onChange = { [unowned self] state in states.append(state) }
            screen.start()
        }
    }

    @Test func escCtrlCAndEnterEndTheScreenAndOtherKeysDoNot() {
        let shown = Shown()
        shown.harness.deliver(Self.launches)
        #expect(shown.screen.handle(KeyPress(.text("f"))) == nil, "a key that edits the query")
        #expect(shown.screen.handle(KeyPress(.escape)) == .cancelled)
        #expect(shown.screen.handle(KeyPress(.control("c"))) == .interrupted)
        shown.harness.main.advance(by: .milliseconds(300))
        shown.harness.settle()
        #expect(shown.screen.handle(KeyPress(.enter)) == .accepted(Self.launches[0]))
    }

    /// Enter inside the debounce: the choice waits for the query's results, then a state ends the screen.
    @Test func enterBeforeTheQuerysResultsEndsTheScreenWhenTheyCome() {
        let shown = Shown()
        shown.harness.deliver(Self.launches)
        _ = shown.screen.handle(KeyPress(.text("electron")))
        #expect(shown.screen.handle(KeyPress(.enter)) == nil)
        #expect(shown.screen.outcome(of: shown.screen.state) == nil)
        shown.harness.settle()
        #expect(shown.states.last.flatMap { shown.screen.outcome(of: $0) } == .accepted(Self.launches[1]))
    }

    /// PageDown moves by the rows the view has for results: fewer with the details pane,
    /// which Tab hides and shows.
    @Test func thePageIsTheResultRowsOfTheScreenWithOrWithoutTheDetails() {
        let shown = Shown()
        shown.harness.deliver((0 ..< 40).map { Launch(id: "\($0)", name: "Launch \($0)") })
        shown.screen.resized(to: TerminalSize(columns: 80, rows: 30))
        #expect(shown.harness.model.pageSize == 21, "30 rows: the prompt, the status, 7 of details")
        _ = shown.screen.handle(KeyPress(.tab))
        #expect(shown.harness.model.pageSize == 28)
        _ = shown.screen.handle(KeyPress(.pageDown))
        #expect(shown.screen.state.selectedIndex == 28)
        shown.screen.resized(to: TerminalSize(columns: 80, rows: 10))
        #expect(shown.harness.model.pageSize == 8)
    }

    /// While launches load, the state comes again every 100 ms (the view's spinner
    /// turns with it); once the results are current, nothing comes until something changes.
    @Test func theStateComesEvery100msOnlyWhileLaunchesLoadOrASearchRuns() {
        let shown = Shown()
        shown.harness.main.advance(by: .milliseconds(350))
        #expect(shown.states.count == 3, "no data yet: three turns of the spinner")
        #expect(shown.states.allSatisfy { $0.isLoading })
        shown.harness.deliver(Self.launches)
        let settled = shown.states.count
        #expect(shown.states.last?.hasCurrentResults == true)
        shown.harness.main.advance(by: .seconds(5))
        #expect(shown.states.count == settled, "nothing pending: no state")
        _ = shown.screen.handle(KeyPress(.text("x")))
        shown.harness.main.advance(by: .milliseconds(200))
        #expect(shown.states.count == settled + 1 + 2, "the key, then two turns while the debounce waits")
        shown.screen.stop()
        shown.harness.main.advance(by: .seconds(1))
        #expect(shown.states.count == settled + 3, "stopped: no more")
    }
}
