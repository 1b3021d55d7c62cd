import Foundation
import SpaceData
import Streams
import Synchronization

/// One check of `notify`: the launches from the service (its cache first, so
/// the hourly limit is shared with every command), a fresh request just
/// before a reminder so a slipped NET is seen, the detailed record of a
/// followed launch that changed (its webcast's address lives there); then,
/// holding the state's lock, what is due is delivered and recorded.
///
/// Alerts are delivered before the state is written: a run killed between the
/// two repeats an alert later, and never loses one silently.
struct NotifyCheck: Sendable {
    var service: LaunchService
    var request: LaunchService.Request
    var stateFile: NotifyStateFile
    var queries: [LaunchSearchQuery]
    var leads: LeadTimes
    var delivery: AlertDelivery
    /// How many requests the service's HTTP layer has started so far.
    var requestsMade: @Sendable () -> Int
    /// The sources beside the launches' (satellite passes, aurora), each made from
    /// its own data at the moment of a check; their alerts follow the launches'.
    var otherSources: [AlertSourceLoader] = []

    /// Loads a source's data (through its service and cache) and makes the source.
    typealias AlertSourceLoader = @Sendable (_ now: Date) async throws -> any AlertSource

    /// How long before a reminder its fresh request is made.
    static let refreshLead: TimeInterval = 120
    /// The most requests `notify` makes in an hour of its own accord (fresh
    /// requests before reminders, detailed records); Launch Library allows 15,
    /// and the user's other commands need some.
    static let requestBudget = 10

    /// What a check found.
    struct Outcome: Sendable, Equatable {
        /// When the next alert falls due, if one is scheduled.
        var nextDue: Date?
        /// Whether anything is watched (queries, or followed launches): else nothing needs polling.
        var isWatching: Bool
        var delivered: [NotifyAlert]
        /// What to say on stderr: the service's notices, a damaged state file.
        var notices: [String]
    }

    /// Checks at `now`; with `record` false (`--dry-run`), nothing is delivered or written.
    /// Runs where it is called until it first waits (`--once` from a fresh cache starts no thread).
    nonisolated(nonsending) func run(at now: Date, context: CommandContext) async throws -> Outcome {
        let reading = try stateFile.read()
        let peeked: NotifyState = switch reading {
        case .state(let state): state
        case .missing, .damaged: NotifyState()
        }
        let isWatching = !queries.isEmpty || peeked.launches.values.contains(where: \.followed) || !otherSources.isEmpty
        var notices: [String] = []
        var launchAlerts = LaunchAlerts(launches: [], queries: [], leads: leads, zone: context.displayTimeZone, glyphs: context.glyphs)
        var refreshed: [String: [Int]] = [:]
        var webcasts: [String: String] = [:]
        let before = requestsMade()
        if isWatching {
            var sourced = try await service.launches(request).firstResult()
            var alerts = LaunchAlerts(launches: sourced.value.launches, queries: queries, leads: leads,
                                      zone: context.displayTimeZone, glyphs: context.glyphs)
            let imminent = imminentReminders(peeked, alerts: alerts, now: now)
            if !imminent.isEmpty, !request.policy.offline, case .cache(_, let age) = sourced.origin, age > 60,
               peeked.requestCount(inHourBefore: now) + (requestsMade() - before) < Self.requestBudget {
                var fresh = request
                fresh.policy.refresh = true
                sourced = try await service.launches(fresh).firstResult()
                alerts = LaunchAlerts(launches: sourced.value.launches, queries: queries, leads: leads,
                                      zone: context.displayTimeZone, glyphs: context.glyphs)
                refreshed = imminent
            }
            notices += LaunchNotices.notices(sourced, now: now).map(\.message)
            // The bundled listing is months old: no reminder is ever made from it.
            if sourced.origin != .sample {
                launchAlerts = alerts
                if peeked.launches.values.contains(where: \.followed) {
                    webcasts = await webcastAddresses(peeked, launches: alerts.launches, now: now, requestsBefore: before)
                }
            }
        }
        var sources: [any AlertSource] = [launchAlerts]
        for load in otherSources { sources.append(try await load(now)) }
        let source = AlertSources(sources)
        let made = requestsMade() - before
        // Nothing due and nothing new (a timer's run most of the time): no lock, no write.
        var unchanged = peeked
        if case .state = reading, made == 0, refreshed.isEmpty, webcasts.isEmpty, source.alerts(at: now, state: &unchanged).isEmpty {
            var before = peeked
            before.prune(at: now)
            unchanged.prune(at: now)
            if unchanged == before {
                return Outcome(nextDue: source.nextDue(after: now, state: unchanged), isWatching: isWatching, delivered: [], notices: notices)
            }
        }
        return try stateFile.withLock {
            var (state, damage) = try stateFile.readForUpdate()
            if let damage { notices.append(damage) }
            for (id, leads) in refreshed { state.launches[id]?.refreshedLeads += leads }
            for (id, url) in webcasts { state.launches[id]?.webcastURL = url }
            let alerts = source.alerts(at: now, state: &state)
            for alert in alerts { try delivery.deliver(alert, context: context) }
            state.requests += Array(repeating: now, count: made)
            state.prune(at: now)
            try stateFile.write(state)
            return Outcome(nextDue: source.nextDue(after: now, state: state), isWatching: isWatching, delivered: alerts, notices: notices)
        }
    }

    /// The reminders falling due within `refreshLead` whose fresh request is
    /// not made yet, by launch id.
    func imminentReminders(_ state: NotifyState, alerts source: LaunchAlerts, now: Date) -> [String: [Int]] {
        var imminent: [String: [Int]] = [:]
        var future = state
        // What would be told a little later is what is about to be due.
        for alert in source.alerts(at: now.addingTimeInterval(Self.refreshLead), state: &future) where alert.event == .reminder {
            guard let launch = alert.launch, let net = launch.net, net > now else { continue }
            let lead = Int(net.timeIntervalSince(alert.due).rounded())
            if !(state.launches[launch.id]?.refreshedLeads.contains(lead) ?? false) { imminent[launch.id, default: []].append(lead) }
        }
        return imminent
    }

    /// The webcast addresses of followed launches that changed (or whose webcast
    /// went live without one known), from their detailed records, within the budget.
    nonisolated(nonsending) private func webcastAddresses(_ state: NotifyState, launches: [Launch], now: Date,
                                                          requestsBefore: Int) async -> [String: String] {
        var addresses: [String: String] = [:]
        for launch in launches {
            guard let record = state.launches[launch.id], record.followed else { continue }
            let changed = !LaunchChange.followed(record.launch, launch).isEmpty
            guard changed || (launch.webcastLive && record.webcastURL == nil) else { continue }
            guard request.policy.offline || state.requestCount(inHourBefore: now) + (requestsMade() - requestsBefore) < Self.requestBudget else { break }
            let detail = try? await service.detail(id: launch.id, listed: launch, policy: request.policy, timeout: request.timeout).firstResult()
            if let webcast = detail?.value.webcasts.max(by: { ($0.priority ?? 0) < ($1.priority ?? 0) }) { addresses[launch.id] = webcast.url }
        }
        return addresses
    }
}

/// Several sources as one: their alerts in order, the earliest next moment.
struct AlertSources: AlertSource {
    let sources: [any AlertSource]

    init(_ sources: [any AlertSource]) { self.sources = sources }

    func alerts(at now: Date, state: inout NotifyState) -> [NotifyAlert] {
        sources.flatMap { $0.alerts(at: now, state: &state) }
    }

    func nextDue(after now: Date, state: NotifyState) -> Date? {
        sources.compactMap { $0.nextDue(after: now, state: state) }.min()
    }
}

extension NotifyCheck {
    /// `--dry-run`: what would be delivered from `now` to `horizon` later, and
    /// when, if the launches stayed as they are now; nothing is delivered or recorded.
    func preview(from now: Date, horizon: TimeInterval, context: CommandContext) async throws -> (alerts: [NotifyAlert], notices: [String]) {
        var state: NotifyState = switch try stateFile.read() {
        case .state(let state): state
        case .missing, .damaged: NotifyState()
        }
        guard !queries.isEmpty || state.launches.values.contains(where: \.followed) else { return ([], []) }
        let sourced = try await service.launches(request).firstResult()
        let notices = LaunchNotices.notices(sourced, now: now).map(\.message)
        guard sourced.origin != .sample else { return ([], notices) }
        let source = LaunchAlerts(launches: sourced.value.launches, queries: queries, leads: leads,
                                  zone: context.displayTimeZone, glyphs: context.glyphs)
        var alerts = source.alerts(at: now, state: &state)
        let end = now.addingTimeInterval(horizon)
        var moment = now
        while let next = source.nextDue(after: moment, state: state), next <= end {
            alerts += source.alerts(at: next, state: &state)
            moment = next
        }
        return (alerts, notices)
    }
}
