import Foundation
import SpaceData
import Streams

/// The foreground `notify`'s schedule: a check at the start, then sleep until
/// the next moment one is needed: a reminder's moment, its fresh request
/// `refreshLead` before, or the next poll of the launches (every `pollInterval`
/// while something is watched, the cache's freshness: a poll from a fresh
/// cache costs no request), never before Launch Library's `Retry-After`.
/// Nothing runs between those moments but a look at the clock every
/// `maximumSleep`: a monotonic timer stands still while the machine sleeps,
/// and an alert missed then must go out soon after it wakes.
///
/// Runs on an injected scheduler (a serial queue; `TestScheduler` in tests).
final class NotifyLoop: @unchecked Sendable {
    /// One check at a moment; it fails only when the run must end (a state file not ours).
    typealias Check = @Sendable (Date) -> AnyPublisher<NotifyCheck.Outcome, any Error>

    static let pollInterval = LaunchService.freshness
    /// Nothing watched: the state is still read again (a launch followed meanwhile), rarely.
    static let idleInterval: TimeInterval = 3600
    static let maximumSleep: TimeInterval = 300

    private let clock: @Sendable () -> Date
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private let retryAllowedAt: @Sendable () -> Date?
    private let check: Check
    /// Each check's outcome, on the scheduler.
    var checked: ((NotifyCheck.Outcome) -> Void)?
    /// A check's failure: the loop has stopped.
    var failed: ((any Error) -> Void)?

    private var running: AnyCancellable?
    private var generation = 0
    private var isStopped = false

    init(clock: @escaping @Sendable () -> Date, scheduler: AnySchedulerOf<DispatchQueue>,
         retryAllowedAt: @escaping @Sendable () -> Date? = { nil }, check: @escaping Check) {
        self.clock = clock
        self.scheduler = scheduler
        self.retryAllowedAt = retryAllowedAt
        self.check = check
    }

    func start() {
        scheduler.schedule { [self] in runCheck() }
    }

    func stop() {
        scheduler.schedule { [self] in
            isStopped = true
            generation += 1
            running?.cancel()
            running = nil
        }
    }

    /// When to check next after a check at `now` found `outcome`.
    static func nextCheck(after now: Date, outcome: NotifyCheck.Outcome, retryAllowedAt: Date?) -> Date {
        var poll = now.addingTimeInterval(outcome.isWatching ? pollInterval : idleInterval)
        if let retryAllowedAt, retryAllowedAt > poll { poll = retryAllowedAt }
        guard let due = outcome.nextDue else { return poll }
        let refresh = due.addingTimeInterval(-NotifyCheck.refreshLead)
        return [refresh > now ? refresh : due, due, poll].filter { $0 > now }.min() ?? poll
    }

    private func runCheck() {
        guard !isStopped else { return }
        let now = clock()
        running = check(now)
            .receive(on: scheduler)
            .sink(receiveCompletion: { [weak self] completion in
                guard let self, case .failure(let error) = completion else { return }
                self.isStopped = true
                self.failed?(error)
            }, receiveValue: { [weak self] outcome in
                guard let self, !self.isStopped else { return }
                self.running = nil
                self.checked?(outcome)
                self.sleep(until: Self.nextCheck(after: self.clock(), outcome: outcome, retryAllowedAt: self.retryAllowedAt()))
            })
    }

    private func sleep(until wake: Date) {
        generation += 1
        let scheduled = generation
        let delay = min(max(0, wake.timeIntervalSince(clock())), Self.maximumSleep)
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(delay))) { [weak self] in
            guard let self, !self.isStopped, self.generation == scheduled else { return }
            if self.clock() >= wake { self.runCheck() } else { self.sleep(until: wake) }
        }
    }
}
