import Dispatch
import Streams
import Terminal

/// The interactive search as the `ScreenLoop` shows it: keys go to the view model;
/// Enter's launch, Esc and Ctrl-C end it. While launches load or a search runs, the
/// state comes again every 100 ms, so that the view's spinner turns.
/// Touched on the main queue only (the view model's `onChange` comes there).
final class LaunchSearchScreen: FullScreenModel, @unchecked Sendable {
    let search: LaunchSearchViewModel
    var onChange: ((LaunchSearchState) -> Void)?
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private var spinner: AnyCancellable?
    private var size = TerminalSize(columns: 80, rows: 24)

    /// - Parameter scheduler: the view model's: the main queue, or a `TestScheduler`.
    init(_ search: LaunchSearchViewModel, scheduler: AnySchedulerOf<DispatchQueue>) {
        self.search = search
        self.scheduler = scheduler
    }

    var state: LaunchSearchState { search.state }

    func start() {
        search.onChange = { [weak self] state in self?.changed(state) }
        turnSpinner(while: search.state)
    }

    /// Stops the search's pipeline and the spinner.
    func stop() {
        search.stop()
        spinner = nil
    }

    func handle(_ press: KeyPress) -> LaunchSearchRunner.Outcome? {
        let action = search.handle(press)
        // Tab shows or hides the details pane: the page is another height.
        if press.key == .tab { fitPage() }
        switch action {
        case .accept(let launch): return .accepted(launch)
        case .cancel: return .cancelled
        case .interrupt: return .interrupted
        case .none: return nil
        }
    }

    func outcome(of state: LaunchSearchState) -> LaunchSearchRunner.Outcome? {
        state.acceptedLaunch.map(LaunchSearchRunner.Outcome.accepted)
    }

    func resized(to size: TerminalSize) {
        self.size = size
        fitPage()
    }

    private func fitPage() {
        let rows = max(1, LaunchSearchView.resultRows(in: size, showingDetails: search.state.showsDetails))
        if rows != search.pageSize { search.pageSize = rows }
    }

    private func changed(_ state: LaunchSearchState) {
        turnSpinner(while: state)
        onChange?(state)
    }

    private func turnSpinner(while state: LaunchSearchState) {
        guard state.isLoading || state.isSearching else {
            spinner = nil
            return
        }
        guard spinner == nil else { return }
        spinner = scheduler.timerPublisher(every: .milliseconds(100)).sink { [weak self] _ in
            guard let self else { return }
            self.onChange?(self.search.state)
        }
    }
}
