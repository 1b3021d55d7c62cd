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

    static let outcomes: Set<String> = ["success", "failure", "partial failure", "in flight"]

    /// The status of a lifted-off launch once it says how the flight went.
    static func outcome(of launch: Launch) -> String? {
        let names = [launch.statusName, launch.statusAbbreviation].compactMap { $0?.lowercased() }
        guard names.contains(where: outcomes.contains) else { return nil }
        return launch.statusName ?? launch.statusAbbreviation
    }
}

/// The pipeline of `--watch`: launches loaded now and refreshed every
/// `interval` (never sooner than `minimumSpacing` after the last request, nor
/// before Launch Library's `Retry-After` has passed), a tick every second that
/// moves the countdowns and takes a launch off the list at T-0, and the marks of
/// what each refresh changed. Everything runs on `scheduler` (the main queue,
/// or a `TestScheduler`); `onChange` reports each new state there.
final class LaunchWatchViewModel: @unchecked Sendable {
    /// The launches of one refresh; `ask` is true when the refresh should ask
    /// Launch Library even though the cache is fresh.
    typealias Load = @Sendable (_ ask: Bool) -> AnyPublisher<Sourced<LaunchList>, ServiceFailure>

    /// Launch Library's free tier: 15 requests an hour, so one every 4 minutes.
    static let requestsPerHour = 15
    static let defaultInterval: TimeInterval = 10 * 60
    /// How many lifted-off launches stay on screen.
    static let liftedOffShown = 3

    /// The shortest time between two refreshes that each make `pages` requests.
    static func minimumSpacing(pages: Int) -> TimeInterval {
        3600 / TimeInterval(requestsPerHour) * TimeInterval(max(1, pages))
    }

    private let load: Load
    private let retryAllowedAt: @Sendable () -> Date?
    private let select: @Sendable ([Launch]) -> [Launch]
    private let limit: Int?
    private let interval: TimeInterval
    private let minimumSpacing: TimeInterval
    private let scheduler: AnySchedulerOf<DispatchQueue>
    private let startDate: Date
    private let startTime: DispatchQueue.SchedulerTimeType

    private(set) var state: LaunchWatchState
    var onChange: ((LaunchWatchState) -> Void)?

    /// The versions of the launches at the last refresh, by id, to tell what changed.
    private var known: [String: Launch]?
    private var lastRequest: Date?
    private var loading: AnyCancellable?
    private var ticks: AnyCancellable?
    /// Only the latest scheduled refresh runs; earlier ones see a newer generation.
    private var refreshGeneration = 0
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
        self.load = load
        self.retryAllowedAt = retryAllowedAt
        self.select = select
        self.limit = limit
        self.interval = max(interval, minimumSpacing)
        self.minimumSpacing = minimumSpacing
        self.scheduler = scheduler
        self.startDate = startDate
        startTime = scheduler.now
        state = LaunchWatchState(now: startDate)
    }

    var now: Date {
        startDate.addingTimeInterval(TimeInterval(startTime.distance(to: scheduler.now).magnitude) / 1e9)
    }

    /// Loads the launches (from the cache while it is fresh) and starts the ticks.
    func start() {
        refresh(ask: false)
        ticks = scheduler.timerPublisher(every: .seconds(1)).sink { [weak self] _ in self?.tick() }
    }

    func stop() {
        isStopped = true
        refreshGeneration += 1
        loading?.cancel()
        ticks?.cancel()
        loading = nil
        ticks = nil
    }

    /// `r`: refreshes now when the limits allow, else as soon as they do, and
    /// says when.
    func refreshNow() {
        guard !isStopped, loading == nil else { return }
        let now = self.now
        let earliest = earliestRequest()
        if earliest <= now {
            refresh(ask: true)
            return
        }
        let wait = LaunchDateText.span(Int(earliest.timeIntervalSince(now).rounded(.up)))
        let why = (retryAllowedAt().map { $0 >= earliest } ?? false)
            ? "Launch Library asked to wait (Retry-After)"
            : "Launch Library allows \(Self.requestsPerHour) requests an hour"
        state.notice = "\(why): refreshing in \(wait)"
        if state.nextRefresh.map({ earliest < $0 }) ?? true { schedule(at: earliest) } else { changed() }
    }

    // MARK: Refreshing

    private func earliestRequest() -> Date {
        var earliest = lastRequest.map { $0.addingTimeInterval(minimumSpacing) } ?? .distantPast
        if let retry = retryAllowedAt(), retry > earliest { earliest = retry }
        return earliest
    }

    private func refresh(ask: Bool) {
        guard !isStopped, loading == nil else { return }
        refreshGeneration += 1
        lastRequest = now
        state.isRefreshing = true
        state.nextRefresh = nil
        changed()
        // Each refresh is a new subscription: the service's publisher is cold.
        loading = load(ask)
            .receive(on: scheduler)
            .sink(receiveCompletion: { [weak self] completion in
                guard let self, case .failure(let failure) = completion else { return }
                self.state.notice = failure.description
                self.finishRefresh()
            }, receiveValue: { [weak self] sourced in
                guard let self else { return }
                self.apply(sourced)
                self.finishRefresh()
            })
    }

    private func finishRefresh() {
        loading = nil
        state.isRefreshing = false
        state.refreshedAt = now
        // The next one after the interval, and not before the limits allow.
        schedule(at: max(now.addingTimeInterval(interval), earliestRequest()))
    }

    private func schedule(at date: Date) {
        refreshGeneration += 1
        let generation = refreshGeneration
        state.nextRefresh = date
        changed()
        let delay = max(0, date.timeIntervalSince(now))
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(delay))) { [weak self] in
            guard let self, self.refreshGeneration == generation else { return }
            self.refresh(ask: true)
        }
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
