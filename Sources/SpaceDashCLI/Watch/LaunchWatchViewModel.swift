import Foundation
import SpaceData
import Streams

/// A launch on the `--watch` screen, with what changed at the last refresh.
struct WatchedLaunch: Sendable, Equatable {
    var launch: Launch
    /// What the last refresh changed in it.
    var changes: [LaunchChange] = []
}

/// What `--watch` shows; the view draws it and nothing else.
struct LaunchWatchState: Sendable, Equatable {
    /// Launches to come, soonest first.
    var upcoming: [WatchedLaunch] = []
    /// Launches whose T-0 passed while watching, the latest first, with the status
    /// the last refresh gave them (their outcome once Launch Library knows it).
    var liftedOff: [WatchedLaunch] = []
    /// The watch's clock: the start (`SPACEDASH_NOW` or the wall clock) plus the
    /// scheduler's time since, so virtual time moves it in tests.
    var now: Date
    /// Where the launches on screen came from, nil before the first answer.
    var origin: DataOrigin?
    /// When the last refresh answered.
    var refreshedAt: Date?
    /// When the next refresh is due.
    var nextRefresh: Date?
    var isRefreshing = false
    /// Why the launches are not live, or why `r` has to wait.
    var notice: String?
}

/// The pipeline of `--watch`: launches loaded now and refreshed every
/// `interval` (never sooner than `minimumSpacing` after the last request, nor
/// before Launch Library's `Retry-After` has passed: its `RefreshSchedule`), a
/// tick every second that moves the countdowns and takes a launch off the list
/// at T-0, and the marks of what each refresh changed. Everything runs on
/// `scheduler` (the main queue, or a `TestScheduler`); `onChange` reports each
/// new state there.
final class LaunchWatchViewModel: WatchModel, @unchecked Sendable {
    /// The launches of one refresh; `ask` is true when the refresh should ask
    /// Launch Library even though the cache is fresh.
    typealias Load = RefreshSchedule<Sourced<LaunchList>>.Load

    /// Launch Library's free tier: 15 requests an hour, so one every 4 minutes.
    static let requestsPerHour = 15
    static let defaultInterval: TimeInterval = 10 * 60
    /// How many lifted-off launches stay on screen.
    static let liftedOffShown = 3

    /// The shortest time between two refreshes that each make `pages` requests;
    /// none `offline`, where a refresh reads the cache and asks nothing (so `r`
    /// quotes no limit that does not apply).
    static func minimumSpacing(pages: Int, offline: Bool = false) -> TimeInterval {
        offline ? 0 : 3600 / TimeInterval(requestsPerHour) * TimeInterval(max(1, pages))
    }

    private let select: @Sendable ([Launch]) -> [Launch]
    private let limit: Int?
    let clock: WatchClock
    private let schedule: RefreshSchedule<Sourced<LaunchList>>

    private(set) var state: LaunchWatchState
    var onChange: ((LaunchWatchState) -> Void)?

    /// The versions of the launches at the last refresh, by id, to tell what changed.
    private var known: [String: Launch]?
    private var ticks: AnyCancellable?
    private var isStarted = false
    private var isStopped = false

    /// - Parameters:
    ///   - select: the launches the command's query and filters keep.
    ///   - retryAllowedAt: when Launch Library's last `Retry-After` ends (nil: no wait).
    ///   - startDate: the clock at the start; the scheduler's time moves it on.
    init(load: @escaping Load, retryAllowedAt: @escaping @Sendable () -> Date?,
         select: @escaping @Sendable ([Launch]) -> [Launch] = { $0 }, limit: Int? = nil,
         interval: TimeInterval = LaunchWatchViewModel.defaultInterval,
         minimumSpacing: TimeInterval = LaunchWatchViewModel.minimumSpacing(pages: 1),
         startDate: Date, scheduler: AnySchedulerOf<DispatchQueue>) {
        self.select = select
        self.limit = limit
        clock = WatchClock(startDate: startDate, scheduler: scheduler)
        schedule = RefreshSchedule(load: load, interval: interval, minimumSpacing: minimumSpacing,
                                   retryAllowedAt: retryAllowedAt, clock: clock)
        state = LaunchWatchState(now: startDate)
        schedule.received = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let sourced): self.apply(sourced)
            case .failure(let failure): self.state.notice = failure.description
            }
        }
        schedule.changed = { [weak self] in self?.scheduleChanged() }
    }

    var now: Date { clock.now }

    /// Loads the launches (from the cache while it is fresh) and starts the ticks;
    /// once (the view comes back to a model that runs).
    func start() {
        guard !isStarted, !isStopped else { return }
        isStarted = true
        schedule.start()
        ticks = clock.scheduler.timerPublisher(every: .seconds(1)).sink { [weak self] _ in self?.tick() }
    }

    func stop() {
        isStopped = true
        schedule.stop()
        ticks?.cancel()
        ticks = nil
    }

    /// `r`: refreshes now when the limits allow, else as soon as they do, and
    /// says when.
    func refreshNow() {
        guard !isStopped else { return }
        let now = self.now
        guard case .waiting(let earliest, let retryAfter) = schedule.refreshNow() else { return }
        let wait = LaunchDateText.span(Int(earliest.timeIntervalSince(now).rounded(.up)))
        let why = retryAfter
            ? "Launch Library asked to wait (Retry-After)"
            : "Launch Library allows \(Self.requestsPerHour) requests an hour"
        refreshWait = (why, earliest)
        state.notice = "\(why): refreshing in \(wait)"
        changed()
    }

    /// `r` asked too soon: why, and when the refresh comes; the notice counts down to it
    /// at each tick rather than keep the wait it said at first.
    private var refreshWait: (why: String, until: Date)?

    // MARK: Refreshing

    private func scheduleChanged() {
        let status = schedule.status
        state.isRefreshing = status.isRefreshing
        state.refreshedAt = status.refreshedAt
        state.nextRefresh = status.nextRefresh
        changed()
    }

    /// A refresh's launches: those to come on the list with their changes marked,
    /// those the watch saw lift off updated with their new status.
    private func apply(_ sourced: Sourced<LaunchList>) {
        let now = self.now
        let launches = select(sourced.value.launches)
        let previous = known
        var upcoming: [WatchedLaunch] = []
        var liftedOff = state.liftedOff
        let watched = Set(state.upcoming.map(\.launch.id))
        for launch in launches {
            if let net = launch.net, net <= now {
                // Past launches are never shown as upcoming; those seen lifting off keep their place.
                if let index = liftedOff.firstIndex(where: { $0.launch.id == launch.id }) {
                    liftedOff[index] = WatchedLaunch(launch: launch, changes: Self.changes(previous, launch))
                } else if watched.contains(launch.id) {
                    liftedOff.insert(WatchedLaunch(launch: launch), at: 0)
                }
                continue
            }
            // A launch that lifted off and is back with a later NET was scrubbed.
            liftedOff.removeAll { $0.launch.id == launch.id }
            upcoming.append(WatchedLaunch(launch: launch, changes: Self.changes(previous, launch)))
        }
        if let limit { upcoming = Array(upcoming.prefix(limit)) }
        known = Dictionary(launches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        state.upcoming = upcoming
        state.liftedOff = Array(liftedOff.prefix(Self.liftedOffShown))
        state.origin = sourced.origin
        refreshWait = nil
        state.notice = sourced.fallbackReason?.message
        state.now = now
    }

    /// Nothing is marked on the first refresh: there is nothing to compare with.
    private static func changes(_ previous: [String: Launch]?, _ launch: Launch) -> [LaunchChange] {
        guard let previous else { return [] }
        guard let old = previous[launch.id] else { return [.new] }
        return LaunchChange.between(old, launch)
    }

    // MARK: Ticks

    /// Every second: the countdowns move, and a launch whose T-0 came leaves the list.
    private func tick() {
        guard !isStopped else { return }
        let now = self.now
        state.now = now
        if let wait = refreshWait {
            state.notice = now < wait.until
                ? "\(wait.why): refreshing in \(LaunchDateText.span(Int(wait.until.timeIntervalSince(now).rounded(.up))))"
                : nil
            if now >= wait.until { refreshWait = nil }
        }
        let passed = state.upcoming.filter { launch in launch.launch.net.map { $0 <= now } ?? false }
        if !passed.isEmpty {
            state.upcoming.removeAll { launch in launch.launch.net.map { $0 <= now } ?? false }
            // The latest lift-off first; their changes were about the countdown, now over.
            let lifted = passed.reversed().map { WatchedLaunch(launch: $0.launch) }
            state.liftedOff = Array((lifted + state.liftedOff).prefix(Self.liftedOffShown))
        }
        changed()
    }

    private func changed() {
        onChange?(state)
    }
}
