import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal

/// Plays the demo's script into the interactive search's own view model
/// (`LaunchSearchViewModel`, the pipeline behind `launches search -i`): keys
/// at `timing.keyInterval` on `scheduler`, results as the view model's
/// debounce delivers them, each phase counted from `state.searchCount`.
///
/// On a `DispatchQueue` it runs on the real clock; on a `TestScheduler`
/// (`--fast`, tests) the same script runs in virtual time when the test
/// scheduler is run. Everything happens on `scheduler` (the view model's
/// rule); the lock only makes the class `Sendable`.
final class DemoSearchSession: @unchecked Sendable {
    typealias Scheduler = AnySchedulerOf<DispatchQueue>
    typealias EventHandler = @Sendable (DemoSearchEvent) throws -> Void
    typealias Completion = @Sendable (Result<[DemoSearchPhaseSummary], any Error>) -> Void

    private struct State {
        var phaseIndex: Int?
        var keysSent = 0
        var phaseStartedAt: Scheduler.SchedulerTimeType?
        var lastKeyAt: Scheduler.SchedulerTimeType?
        var searchesBefore = 0
        var awaitingResults = false
        /// The query of the results last reported, so each delivery is reported once.
        var lastReportedQuery: String?
        var summaries: [DemoSearchPhaseSummary] = []
        var completion: Completion?
        var isFinished = false
    }

    let phases: [DemoSearchPhase]
    let timing: DemoSearchTiming
    private let scheduler: Scheduler
    private let model: LaunchSearchViewModel
    private let onEvent: EventHandler
    private let state = Mutex(State())

    init(data: LaunchSearchData, phases: [DemoSearchPhase] = DemoSearchPhase.script, timing: DemoSearchTiming = .standard,
         scheduler: Scheduler, searchScheduler: Scheduler, onEvent: @escaping EventHandler) {
        precondition(phases.allSatisfy { !$0.keys.isEmpty }, "every phase presses a key")
        self.phases = phases
        self.timing = timing
        self.scheduler = scheduler
        self.onEvent = onEvent
        model = LaunchSearchViewModel(data: Just(data), debounce: timing.debounce,
                                      scheduler: scheduler, searchScheduler: searchScheduler)
    }

    /// The view model the script types into (tests read its counters).
    var viewModel: LaunchSearchViewModel { model }

    /// Starts the script; `completion` gets every phase's summary once the
    /// last phase's results are in, or the error that stopped it. Call once.
    func start(completion: @escaping Completion) {
        state.withLock { $0.completion = completion }
        model.onChange = { [weak self] state in self?.stateChanged(state) }
        // The data may already be in (the view model subscribes at once).
        scheduler.schedule { [weak self] in
            guard let self else { return }
            self.stateChanged(self.model.state)
        }
    }

    // MARK: The script

    private func startPhase(_ index: Int) {
        let searchesSoFar = model.state.searchCount
        let begun = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.phaseIndex = index
            state.keysSent = 0
            state.phaseStartedAt = scheduler.now
            state.lastKeyAt = nil
            state.awaitingResults = false
            state.searchesBefore = searchesSoFar
            return true
        }
        guard begun else { return }
        guard report(.phaseStarted(index: index, phases[index])) else { return }
        pressNextKey()
    }

    private func pressNextKey() {
        let next = state.withLock { state -> (phase: Int, key: Int)? in
            guard !state.isFinished, let phase = state.phaseIndex, state.keysSent < phases[phase].keys.count else { return nil }
            return (phase, state.keysSent)
        }
        guard let next else { return }
        let keys = phases[next.phase].keys
        model.handle(keys[next.key])
        let now = scheduler.now
        let (elapsed, isLast) = state.withLock { state -> (Duration, Bool) in
            state.keysSent += 1
            state.lastKeyAt = now
            state.awaitingResults = state.keysSent == keys.count
            return (Self.duration(from: state.phaseStartedAt ?? now, to: now), state.awaitingResults)
        }
        guard report(.prompt(model.state, elapsed: elapsed)) else { return }
        if isLast {
            scheduleTimeout(phase: next.phase)
            // The query may be one the results already show (removeDuplicates then starts no search).
            stateChanged(model.state)
        } else {
            // Keys keep to the phase's own beat (start + n × interval), so
            // time spent handling one does not delay the ones after it.
            let start = state.withLock { $0.phaseStartedAt } ?? now
            let due = start.advanced(by: .nanoseconds(Int(timing.keyInterval.nanoseconds) * (next.key + 1)))
            scheduler.schedule(after: max(due, now)) { [weak self] in self?.pressNextKey() }
        }
    }

    /// Called for every change of the view model's state, on `scheduler`.
    private func stateChanged(_ current: LaunchSearchState) {
        guard let matches = current.matches else { return }
        let now = scheduler.now
        enum Step { case nothing, ready, results(isNew: Bool, elapsed: Duration, sinceLastKey: Duration?, finishes: DemoSearchPhaseSummary?) }
        let step = state.withLock { state -> Step in
            guard !state.isFinished else { return .nothing }
            let isNew = state.lastReportedQuery != matches.query
            guard let phase = state.phaseIndex else {
                // Before the script: wait for the empty query's results.
                guard isNew, matches.query == current.query else { return .nothing }
                state.lastReportedQuery = matches.query
                return .ready
            }
            let finishes = state.awaitingResults && matches.query == current.query && !current.isSearching
            guard isNew || finishes else { return .nothing }
            state.lastReportedQuery = matches.query
            let sinceLastKey = state.awaitingResults ? state.lastKeyAt.map { Self.duration(from: $0, to: now) } : nil
            let elapsed = Self.duration(from: state.phaseStartedAt ?? now, to: now)
            var summary: DemoSearchPhaseSummary?
            if finishes {
                state.awaitingResults = false
                let finished = DemoSearchPhaseSummary(
                    phase: phases[phase], keystrokes: state.keysSent,
                    searches: current.searchCount - state.searchesBefore,
                    query: current.query, resultCount: matches.count)
                state.summaries.append(finished)
                summary = finished
            }
            return .results(isNew: isNew, elapsed: elapsed, sinceLastKey: sinceLastKey, finishes: summary)
        }
        switch step {
        case .nothing:
            return
        case .ready:
            guard report(.ready(launchCount: matches.data.catalog.count)) else { return }
            startPhase(0)
        case .results(let isNew, let elapsed, let sinceLastKey, let summary):
            // Results for a query already shown (removeDuplicates started no search) are not shown again.
            if isNew {
                guard report(.results(current, elapsed: elapsed, sinceLastKey: sinceLastKey)) else { return }
            }
            guard let summary else { return }
            guard report(.phaseFinished(summary)) else { return }
            let index = state.withLock { $0.phaseIndex ?? 0 } + 1
            if index < phases.count {
                after(timing.pause) { [weak self] in self?.startPhase(index) }
            } else {
                finish(.success(state.withLock { $0.summaries }))
            }
        }
    }

    private func scheduleTimeout(phase: Int) {
        let limit = timing.resultLimit
        after(limit) { [weak self] in
            guard let self else { return }
            let stuck = self.state.withLock { $0.phaseIndex == phase && $0.awaitingResults && !$0.isFinished }
            guard stuck else { return }
            let title = self.phases[phase].title
            self.finish(.failure(DemoSearchError(description: "the search demo got no results within \(Self.milliseconds(limit)) ms of the last key (\(title))")))
        }
    }

    // MARK: Helpers

    /// Passes `event` on; a failing handler (stdout closed) ends the session.
    private func report(_ event: DemoSearchEvent) -> Bool {
        do {
            try onEvent(event)
            return true
        } catch {
            finish(.failure(error))
            return false
        }
    }

    private func finish(_ result: Result<[DemoSearchPhaseSummary], any Error>) {
        let completion = state.withLock { state -> Completion? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            defer { state.completion = nil }
            return state.completion
        }
        guard let completion else { return }
        model.stop()
        completion(result)
    }

    private func after(_ delay: Duration, _ action: @escaping @Sendable () -> Void) {
        scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(Int(delay.nanoseconds))), action)
    }

    static func duration(from start: Scheduler.SchedulerTimeType, to end: Scheduler.SchedulerTimeType) -> Duration {
        .nanoseconds(start.distance(to: end).magnitude)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        Int((Double(duration.nanoseconds) / 1_000_000).rounded())
    }
}

extension Duration {
    /// The whole duration in nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
