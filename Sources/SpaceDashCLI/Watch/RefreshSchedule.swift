import Foundation
import SpaceData
import Streams

/// The clock of a live view: its start (`SPACEDASH_NOW` or the wall clock) plus the
/// scheduler's time since, so virtual time moves it in tests.
struct WatchClock: Sendable {
    let startDate: Date
    let startTime: DispatchQueue.SchedulerTimeType
    let scheduler: AnySchedulerOf<DispatchQueue>

    init(startDate: Date, scheduler: AnySchedulerOf<DispatchQueue>) {
        self.startDate = startDate
        self.scheduler = scheduler
        startTime = scheduler.now
    }

    var now: Date {
        startDate.addingTimeInterval(TimeInterval(startTime.distance(to: scheduler.now).magnitude) / 1e9)
    }
}

/// When a live view asks one of its sources again: at the start (the cache may
/// answer), then `interval` after each answer, never sooner than `minimumSpacing`
/// after the last request nor before the source's `Retry-After` has passed. `r`
/// asks now when those allow, else as soon as they do. The launches and the
/// weather of `--watch` each have one, independent of the other.
///
/// Runs on the clock's scheduler; the owner gets each answer through `received`,
/// then `changed` once the status says what comes next.
final class RefreshSchedule<Value: Sendable>: @unchecked Sendable {
    /// One refresh; `ask` is true when it should ask the source even though the cache is fresh.
    typealias Load = @Sendable (_ ask: Bool) -> AnyPublisher<Value, ServiceFailure>

    struct Status: Sendable, Equatable {
        var isRefreshing = false
        /// When the last refresh answered.
        var refreshedAt: Date?
        /// When the next refresh is due.
        var nextRefresh: Date?
    }

    /// What `refreshNow` did.
    enum Request: Equatable {
        /// A refresh started.
        case started
        /// One is under way already.
        case underWay
        /// The limits allow the next one only at `date`; `retryAfter` when the source's
        /// `Retry-After` is why. It is scheduled then.
        case waiting(until: Date, retryAfter: Bool)
    }

    private let load: Load
    private let retryAllowedAt: @Sendable () -> Date?
    private let interval: TimeInterval
    private let minimumSpacing: TimeInterval
    private let clock: WatchClock

    private(set) var status = Status()
    /// Each answer, or the failure of a refresh, before `changed`.
    var received: ((Result<Value, ServiceFailure>) -> Void)?
    var changed: (() -> Void)?

    private var lastRequest: Date?
    private var loading: AnyCancellable?
    /// Only the latest scheduled refresh runs; earlier ones see a newer generation.
    private var generation = 0
    private var isStopped = false

    /// - Parameters:
    ///   - interval: between an answer and the next refresh; at least `minimumSpacing`.
    ///   - retryAllowedAt: when the source's last `Retry-After` ends (nil: no wait).
    init(load: @escaping Load, interval: TimeInterval, minimumSpacing: TimeInterval = 0,
         retryAllowedAt: @escaping @Sendable () -> Date? = { nil }, clock: WatchClock) {
        self.load = load
        self.interval = max(interval, minimumSpacing)
        self.minimumSpacing = minimumSpacing
        self.retryAllowedAt = retryAllowedAt
        self.clock = clock
    }

    /// The first refresh, from the cache while it is fresh.
    func start() {
        refresh(ask: false)
    }

    func stop() {
        isStopped = true
        generation += 1
        loading?.cancel()
        loading = nil
    }

    /// `r`: refreshes now when the limits allow, else schedules the refresh for the
    /// earliest time they do (unless one is due sooner).
    @discardableResult
    func refreshNow() -> Request {
        guard !isStopped, loading == nil else { return .underWay }
        let earliest = earliestRequest()
        if earliest <= clock.now {
            refresh(ask: true)
            return .started
        }
        let retryAfter = retryAllowedAt().map { $0 >= earliest } ?? false
        if status.nextRefresh.map({ earliest < $0 }) ?? true { schedule(at: earliest) } else { changed?() }
        return .waiting(until: earliest, retryAfter: retryAfter)
    }

    private func earliestRequest() -> Date {
        var earliest = lastRequest.map { $0.addingTimeInterval(minimumSpacing) } ?? .distantPast
        if let retry = retryAllowedAt(), retry > earliest { earliest = retry }
        return earliest
    }

    private func refresh(ask: Bool) {
        guard !isStopped, loading == nil else { return }
        generation += 1
        lastRequest = clock.now
        status.isRefreshing = true
        status.nextRefresh = nil
        changed?()
        // Each refresh is a new subscription: the service's publisher is cold.
        loading = load(ask)
            .receive(on: clock.scheduler)
            .sink(receiveCompletion: { [weak self] completion in
                guard let self, case .failure(let failure) = completion else { return }
                self.received?(.failure(failure))
                self.finishRefresh()
            }, receiveValue: { [weak self] value in
                guard let self else { return }
                self.received?(.success(value))
                self.finishRefresh()
            })
    }

    private func finishRefresh() {
        loading = nil
        status.isRefreshing = false
        let now = clock.now
        status.refreshedAt = now
        // The next one after the interval, and not before the limits allow.
        schedule(at: max(now.addingTimeInterval(interval), earliestRequest()))
    }

    private func schedule(at date: Date) {
        generation += 1
        let scheduled = generation
        status.nextRefresh = date
        changed?()
        let delay = max(0, date.timeIntervalSince(clock.now))
        clock.scheduler.schedule(after: clock.scheduler.now.advanced(by: .seconds(delay))) { [weak self] in
            guard let self, self.generation == scheduled else { return }
            self.refresh(ask: true)
        }
    }
}
