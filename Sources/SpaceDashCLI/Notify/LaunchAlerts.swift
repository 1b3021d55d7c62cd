import Foundation
import SpaceData

/// The launches' alerts: T-minus reminders for the launches `notify` watches
/// (those its queries match, and those followed), and every change of a
/// followed launch, told against the launch as last seen (`LaunchChange`, the
/// marks of `--watch`).
///
/// Reminders: each lead once per launch and NET, for a launch whose time is
/// set (Go or TBC, known to the hour or better); one missed (the machine
/// slept) goes out late with the true countdown while the launch is still
/// ahead, never after it, and only the shortest of several missed leads. A NET
/// that moves by a minute or more after a reminder brings one "postponed"
/// (or "moved earlier") notice, and the reminders re-arm for the new time,
/// those already past it counted as told by the notice.
struct LaunchAlerts: AlertSource {
    /// The upcoming launches as the service answered, in date order.
    let launches: [Launch]
    /// The ids of those `--launches` (or `[notify] launches`) selects.
    let matched: Set<String>
    let leads: LeadTimes
    /// The zone times are told in.
    let zone: DisplayTimeZone
    let glyphs: Glyphs

    init(launches: [Launch], queries: [LaunchSearchQuery], leads: LeadTimes, zone: DisplayTimeZone, glyphs: Glyphs) {
        self.launches = LaunchCatalog.ordered(launches, .upcoming)
        var matched = Set<String>()
        for query in queries {
            matched.formUnion(LaunchCatalog(launches: launches, timeframe: .upcoming, filter: query.searchQuery).selected.map(\.id))
        }
        self.matched = matched
        self.leads = leads
        self.zone = zone
        self.glyphs = glyphs
    }

    /// One reminder still to come.
    struct Reminder: Equatable {
        var launchID: String
        var lead: Int
        var due: Date
    }

    /// The launches watched: matched by a query, or followed.
    func watched(_ state: NotifyState) -> [Launch] {
        launches.filter { matched.contains($0.id) || state.launches[$0.id]?.followed == true }
    }

    func alerts(at now: Date, state: inout NotifyState) -> [NotifyAlert] {
        var alerts: [NotifyAlert] = []
        for launch in watched(state) {
            var record = state.launches[launch.id] ?? NotifyState.LaunchRecord(launch: launch)
            let previous = state.launches[launch.id]?.launch
            alerts += changes(from: previous, to: launch, record: &record, at: now)
            alerts += rearm(launch, record: &record, at: now, told: alerts.contains { $0.launch?.id == launch.id && $0.event.movesNET })
            alerts += reminder(launch, record: &record, at: now)
            record.launch = launch
            state.launches[launch.id] = record
        }
        // In the launches' order, each launch's changes before its reminder: all go out now.
        return alerts
    }

    func nextDue(after now: Date, state: NotifyState) -> Date? {
        reminders(after: now, state: state).map(\.due).min()
    }

    /// The reminders still to come after `now`, as the state stands.
    func reminders(after now: Date, state: NotifyState) -> [Reminder] {
        watched(state).flatMap { launch -> [Reminder] in
            guard Self.takesReminders(launch), let net = launch.net, net > now else { return [] }
            // A moved NET re-arms everything: what was sent counts for the old one.
            var sent: [Int] = []
            if let record = state.launches[launch.id], let armed = record.armedNet, abs(armed.timeIntervalSince(net)) < 60 {
                sent = record.sentLeads
            }
            return leads.seconds.compactMap { lead in
                let due = net.addingTimeInterval(-TimeInterval(lead))
                return due > now && !sent.contains(lead) ? Reminder(launchID: launch.id, lead: lead, due: due) : nil
            }
        }
    }

    /// A launch gets reminders when its time is set: Go or TBC (or no status
    /// given), known to the hour or better. On hold, TBD, flown: none.
    static func takesReminders(_ launch: Launch) -> Bool {
        guard launch.net != nil, isPreciseToTheHour(launch.netPrecision) else { return false }
        switch launch.statusShort?.lowercased() {
        case nil, "go", "tbc", "go for launch", "to be confirmed": return true
        default: return false
        }
    }

    static func isPreciseToTheHour(_ precision: String?) -> Bool {
        switch precision?.lowercased() {
        case nil, "second", "sec", "minute", "min", "hour", "hr": true
        default: false
        }
    }

    // MARK: - The three kinds

    /// A followed launch's changes since it was last seen.
    private func changes(from previous: Launch?, to launch: Launch, record: inout NotifyState.LaunchRecord, at now: Date) -> [NotifyAlert] {
        guard record.followed, let previous else { return [] }
        let dates = LaunchDateText(zone: zone, now: now)
        return LaunchChange.followed(previous, launch).compactMap { change -> NotifyAlert? in
            switch change {
            case .status(let from, let to):
                return alert(.status, launch, at: now, "status \(from) \(glyphs.isUnicode ? "→" : "->") \(to)", record: record)
            case .netMoved(let seconds):
                return moved(launch, by: seconds, at: now, record: record)
            case .netSet:
                return alert(.netSet, launch, at: now, "NET set: \(dates.date(of: launch))", record: record)
            case .windowChanged:
                return alert(.window, launch, at: now, "window now \(dates.window(of: launch, dash: glyphs.isUnicode ? "–" : "-") ?? "unknown")", record: record)
            case .webcastLive:
                return alert(.webcast, launch, at: now, "webcast live" + (record.webcastURL.map { ": \($0)" } ?? ""), record: record)
            case .new:
                return nil
            }
        }
    }

    /// The re-arming after a NET moved: the notice (unless a followed launch's
    /// change said it already), and the leads past at the new NET counted as told.
    private func rearm(_ launch: Launch, record: inout NotifyState.LaunchRecord, at now: Date, told: Bool) -> [NotifyAlert] {
        guard let net = launch.net, Self.isPreciseToTheHour(launch.netPrecision) else { return [] }
        guard let armed = record.armedNet else {
            if Self.takesReminders(launch) { record.armedNet = net }
            return []
        }
        let seconds = Int(net.timeIntervalSince(armed).rounded())
        guard abs(seconds) >= 60 else { return [] }
        let hadReminded = !record.sentLeads.isEmpty
        record.armedNet = net
        record.refreshedLeads = []
        guard hadReminded else {
            record.sentLeads = []
            return []
        }
        record.sentLeads = leads.seconds.filter { net.addingTimeInterval(-TimeInterval($0)) <= now }
        guard !told, net > now else { return [] }
        return [moved(launch, by: seconds, at: now, record: record)]
    }

    /// The reminder due now, if one is: the shortest of the leads past, the longer ones counted as told.
    private func reminder(_ launch: Launch, record: inout NotifyState.LaunchRecord, at now: Date) -> [NotifyAlert] {
        guard Self.takesReminders(launch), let net = launch.net, net > now else { return [] }
        if record.armedNet == nil { record.armedNet = net }
        let due = leads.seconds.filter { net.addingTimeInterval(-TimeInterval($0)) <= now && !record.sentLeads.contains($0) }
        guard let lead = due.min() else { return [] }
        record.sentLeads += due
        let dates = LaunchDateText(zone: zone, now: now)
        let place = launch.locationName.map { ", \($0)" } ?? ""
        let webcast = record.webcastURL.map { " · webcast \($0)" } ?? ""
        var alert = NotifyAlert(
            event: .reminder, due: net.addingTimeInterval(-TimeInterval(lead)),
            summary: "\(launch.name) \(dates.countdown(to: launch))",
            body: "T-0 \(dates.time(net))\(place)" + (record.webcastURL.map { "\n\($0)" } ?? ""),
            message: "\(launch.name): launch \(dates.countdown(to: launch)) (\(dates.time(net))\(place))\(webcast)",
            launch: launch, webcastURL: record.webcastURL)
        alert.isUrgent = lead == leads.last
        return [alert]
    }

    private func moved(_ launch: Launch, by seconds: Int, at now: Date, record: NotifyState.LaunchRecord) -> NotifyAlert {
        let dates = LaunchDateText(zone: zone, now: now)
        let to = "to \(dates.date(of: launch))"
        if seconds > 0 {
            return alert(.postponed, launch, at: now, "postponed \(LaunchDateText.span(seconds)) \(to)", record: record)
        }
        return alert(.movedEarlier, launch, at: now, "moved earlier by \(LaunchDateText.span(-seconds)) \(to)", record: record)
    }

    /// A change's alert: the launch's name, then what happened.
    private func alert(_ event: AlertEvent, _ launch: Launch, at now: Date, _ what: String, record: NotifyState.LaunchRecord) -> NotifyAlert {
        let dates = LaunchDateText(zone: zone, now: now)
        let when = launch.net == nil ? "" : "NET \(dates.date(of: launch)) (\(dates.countdown(to: launch)))"
        let place = launch.locationName ?? ""
        let body = [what, when, place].filter { !$0.isEmpty }.joined(separator: "\n")
        return NotifyAlert(event: event, due: now, summary: "\(launch.name): \(what)", body: body,
                           message: "\(launch.name): \(what)", launch: launch,
                           webcastURL: event == .webcast ? record.webcastURL : nil)
    }
}

extension AlertEvent {
    /// Whether the alert already tells that the NET moved.
    var movesNET: Bool { self == .postponed || self == .movedEarlier }
}
