import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal

/// The interactive launch search's pipeline, with no terminal code: the view
/// feeds it keys (or a script feeds it text) and draws `state` on `onChange`.
///
/// Keystrokes edit the query and call `onChange` at once (the prompt redraws).
/// The query then goes through a subject → `debounce` (on `scheduler`) →
/// `removeDuplicates` → combined with the latest data (`combineLatest`, so new
/// data re-applies the query) → a search subscribed on `searchScheduler` →
/// `switchToLatest` (a stale search never replaces a newer one) →
/// `receive(on: scheduler)` → `state` → `onChange`.
///
/// Use it from `scheduler`'s queue only (the main queue in the app; the test
/// scheduler's thread in tests). The lock guards `state` against the search
/// thread reading nothing of it: searches get their inputs by value.
package final class LaunchSearchViewModel: @unchecked Sendable {
    package typealias Scheduler = AnySchedulerOf<DispatchQueue>
    /// How a query is run; tests slow it down or count it.
    package typealias Searcher = @Sendable (String, LaunchCatalog) -> LaunchMatches

    /// The visible rows: what PageUp/PageDown moves and the list scrolls within; the view sets it.
    var pageSize: Int {
        get { lock.withLock { $0.pageSize } }
        set {
            lock.withLock { $0.pageSize = max(1, newValue) }
            update { $0.scrollOffset = Self.scrolled($0, rows: max(1, newValue)) }
        }
    }

    /// Called on `scheduler` after every change of `state`.
    package var onChange: (@Sendable (LaunchSearchState) -> Void)? {
        get { lock.withLock { $0.onChange } }
        set { lock.withLock { $0.onChange = newValue } }
    }

    package var state: LaunchSearchState { lock.withLock { $0.state } }

    /// Searches started so far (including ones overtaken before they finished).
    var searchesStarted: Int { searchCount.value.load(ordering: .relaxed) }

    private struct Guarded {
        var state: LaunchSearchState
        var pageSize = 10
        var onChange: (@Sendable (LaunchSearchState) -> Void)?
        var cancellables: [AnyCancellable] = []
    }

    private let lock: Mutex<Guarded>
    private let query = PassthroughSubject<String, Never>()
    /// The query sent past the debounce: Enter wants its results now.
    private let searchNow = PassthroughSubject<String, Never>()
    private let searchCount = SearchCounter()

    /// - Parameters:
    ///   - initialQuery: the query given on the command line.
    ///   - data: launches as they come (cache or sample first, live later).
    ///   - debounce: quiet time after the last key before searching; `.zero` searches on every key.
    ///   - scheduler: the main queue: debounce timer and state delivery.
    ///   - searchScheduler: where searches run (a background queue).
    package init<Data: Publisher>(
        initialQuery: String = "",
        data: Data,
        debounce: Duration = .milliseconds(300),
        scheduler: Scheduler,
        searchScheduler: Scheduler,
        searcher: @escaping Searcher = { text, catalog in catalog.search(text) }
    ) where Data.Output == LaunchSearchData, Data.Failure == Never {
        let editor = LineEditor(text: initialQuery)
        lock = Mutex(Guarded(state: LaunchSearchState(editor: editor, searchCount: 0)))

        // The query given at start searches at once; edits wait for the debounce.
        let edits: AnyPublisher<String, Never>
        if debounce > .zero {
            let (seconds, attoseconds) = debounce.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            edits = query.debounce(for: .nanoseconds(nanoseconds), scheduler: scheduler).eraseToAnyPublisher()
        } else {
            edits = query.eraseToAnyPublisher()
        }
        // Enter skips the wait: the query then comes once through `searchNow` and once
        // more from the debounce, which `removeDuplicates` drops.
        let debounced = Just(editor.text).merge(with: edits).merge(with: searchNow)

        let count = searchCount
        let dataUpdates = data.receive(on: scheduler).map { [weak self] data -> LaunchSearchData in
            self?.update { $0.data = data }
            return data
        }
        let pipeline = debounced
            .removeDuplicates()
            .combineLatest(dataUpdates)
            .map { text, data -> AnyPublisher<LaunchSearchMatches, Never> in
                Deferred {
                    count.value.add(1, ordering: .relaxed)
                    return Just(LaunchSearchMatches(query: text, data: data, matches: searcher(text, data.catalog)))
                }
                .subscribe(on: searchScheduler)
                .eraseToAnyPublisher()
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak self] matches in self?.show(matches) }
        lock.withLock { $0.cancellables = [pipeline] }
    }

    deinit {
        let cancellables = lock.withLock { guarded in
            defer { guarded.cancellables = [] }
            return guarded.cancellables
        }
        cancellables.forEach { $0.cancel() }
    }

    /// Stops the pipeline: no more searches or changes.
    package func stop() {
        let cancellables = lock.withLock { guarded in
            defer { guarded.cancellables = []; guarded.onChange = nil }
            return guarded.cancellables
        }
        cancellables.forEach { $0.cancel() }
    }

    // MARK: Input

    /// Applies a key: edits the query, moves the selection, or tells the runner what to do.
    ///
    /// Enter acts on the results of the query on the prompt, as in fzf: when the
    /// results on screen are for an older query or older data (the debounce still
    /// waiting, a search running, no data yet), it searches at once and the choice
    /// waits for those results: `state.acceptedLaunch` is set then (the selected
    /// launch if it is among them, else the first), or nothing when none match.
    @discardableResult
    func handle(_ press: KeyPress) -> LaunchSearchAction {
        switch press.key {
        case .enter:
            return enter()
        case .escape:
            return .cancel
        case .control("c"):
            return .interrupt
        case .control("d") where state.query.isEmpty:
            return .cancel
        case .tab:
            update { $0.showsDetails.toggle() }
        case .up, .control("p"):
            moveSelection(by: -1)
        case .down, .control("n"):
            moveSelection(by: 1)
        case .pageUp:
            moveSelection(by: -pageSize)
        case .pageDown:
            moveSelection(by: pageSize)
        default:
            edit { $0.handle(press) }
        }
        return .none
    }

    private func enter() -> LaunchSearchAction {
        let current = state
        if current.hasCurrentResults {
            return current.selectedLaunch.map(LaunchSearchAction.accept) ?? .none
        }
        update { $0.isAccepting = true }
        // Through the pipeline (removeDuplicates, the latest data, switchToLatest):
        // when this query already went through, its search is the one running.
        searchNow.send(current.query)
        return .none
    }

    /// Inserts typed text at the cursor, as keys do.
    package func type(_ text: String) {
        edit { $0.insert(text) }
    }

    /// Replaces the whole query.
    package func setQuery(_ text: String) {
        edit { editor in
            editor.setText(text)
            return .editedText
        }
    }

    /// Moves the selection `offset` rows, clamped to the results.
    func moveSelection(by offset: Int) {
        let rows = pageSize
        update { state in
            guard let count = state.matches?.count, count > 0 else { return }
            state.selectedIndex = min(max((state.selectedIndex ?? 0) + offset, 0), count - 1)
            state.scrollOffset = Self.scrolled(state, rows: rows)
        }
    }

    private func edit(_ change: (inout LineEditor) -> LineEditor.Change) {
        var text: String?
        update { state in
            if change(&state.editor) == .editedText {
                text = state.editor.text
                // Another query: the Enter pressed for the last one no longer stands.
                state.isAccepting = false
            }
        }
        if let text { query.send(text) }
    }

    // MARK: State

    private func show(_ matches: LaunchSearchMatches) {
        let started = searchCount.value.load(ordering: .relaxed)
        let rows = pageSize
        update { state in
            state.selectedIndex = Self.selection(in: matches, keeping: state.selectedLaunch,
                                                 previous: state.matches, previousIndex: state.selectedIndex)
            state.matches = matches
            state.scrollOffset = Self.scrolled(state, rows: rows)
            state.searchCount = started
            if state.isAccepting && state.hasCurrentResults {
                state.isAccepting = false
                state.acceptedLaunch = state.selectedLaunch
            }
        }
    }

    /// `state`'s scroll offset for `rows` visible rows.
    private static func scrolled(_ state: LaunchSearchState, rows: Int) -> Int {
        LaunchSearchState.visibleStart(offset: state.scrollOffset, selected: state.selectedIndex ?? 0,
                                       count: state.resultCount, rows: rows)
    }

    /// The row showing the launch that was selected, when it is still there, else the first.
    static func selection(in matches: LaunchSearchMatches, keeping launch: Launch?,
                          previous: LaunchSearchMatches?, previousIndex: Int?) -> Int? {
        guard matches.count > 0 else { return nil }
        guard let launch, let previous, let previousIndex else { return 0 }
        if previous.data.catalog === matches.data.catalog {
            // Same data: results are ascending record positions, so look the record up.
            let record = previous.results[previousIndex]
            var low = 0, high = matches.count
            while low < high {
                let middle = (low + high) / 2
                if matches.results[middle] < record { low = middle + 1 } else { high = middle }
            }
            return low < matches.count && matches.results[low] == record ? low : 0
        }
        return matches.matches.firstIndex { $0.id == launch.id } ?? 0
    }

    private func update(_ change: (inout LaunchSearchState) -> Void) {
        let (state, onChange) = lock.withLock { guarded in
            change(&guarded.state)
            return (guarded.state, guarded.onChange)
        }
        onChange?(state)
    }
}

/// Counts searches from the search thread (a class: `Atomic` cannot be captured by value).
private final class SearchCounter: Sendable {
    let value = Atomic<Int>(0)
}
