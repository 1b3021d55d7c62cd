import Foundation
import SpaceData

/// What an alert is about: `SPACEDASH_EVENT` for a hook, `event` in `--json`.
/// A source of its own (satellite passes, aurora) adds its events beside these.
struct AlertEvent: RawRepresentable, Sendable, Hashable, Codable {
    let rawValue: String
    init(rawValue: String) { self.rawValue = rawValue }

    /// A T-minus reminder at one of the lead times.
    static let reminder = AlertEvent(rawValue: "reminder")
    /// The NET moved later (after a reminder, or for a followed launch).
    static let postponed = AlertEvent(rawValue: "postponed")
    /// The NET moved earlier.
    static let movedEarlier = AlertEvent(rawValue: "moved-earlier")
    /// A launch without a NET got one.
    static let netSet = AlertEvent(rawValue: "net-set")
    /// A followed launch's status changed.
    static let status = AlertEvent(rawValue: "status")
    /// A followed launch's window changed.
    static let window = AlertEvent(rawValue: "window")
    /// A followed launch's webcast went live.
    static let webcast = AlertEvent(rawValue: "webcast")
}

/// One alert to deliver: its words for each way of delivering it and, for a
/// launch's, the launch (a hook gets its fields).
struct NotifyAlert: Sendable, Equatable {
    var event: AlertEvent
    /// When it was due (a reminder's moment; a change's discovery).
    var due: Date
    /// The desktop notification's title: "Starship | Flight 10 in 1h".
    var summary: String
    /// Its body: the countdown's moment, the place, the webcast.
    var body: String
    /// The whole alert in one line: stdout, `SPACEDASH_MESSAGE`, the hook's stdin.
    var message: String
    /// The last reminder before T-0: a critical desktop notification.
    var isUrgent = false
    var launch: Launch?
    var webcastURL: String?

    /// `--json`'s line: one object, fixed keys, absent values null.
    func jsonLine() throws -> String {
        struct Line: Encodable {
            let event: String, due: String, message: String, summary: String, body: String, urgent: Bool
            let launchID: String?, launchName: String?, net: String?, status: String?, webcast: String?
            enum CodingKeys: String, CodingKey {
                case event, due, message, summary, body, urgent, net, status, webcast
                case launchID = "launch_id", launchName = "launch_name"
            }
            func encode(to encoder: Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(event, forKey: .event)
                try c.encode(due, forKey: .due)
                try c.encode(message, forKey: .message)
                try c.encode(summary, forKey: .summary)
                try c.encode(body, forKey: .body)
                try c.encode(urgent, forKey: .urgent)
                try c.encode(launchID, forKey: .launchID)
                try c.encode(launchName, forKey: .launchName)
                try c.encode(net, forKey: .net)
                try c.encode(status, forKey: .status)
                try c.encode(webcast, forKey: .webcast)
            }
        }
        let line = Line(event: event.rawValue, due: LaunchLibraryDate.string(from: due), message: message, summary: summary,
                        body: body, urgent: isUrgent, launchID: launch?.id, launchName: launch?.name,
                        net: launch?.net.map(LaunchLibraryDate.string(from:)), status: launch?.statusShort, webcast: webcastURL)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }
}

/// A kind of thing `notify` tells about. The engine asks each source what is
/// due, delivers it, and sleeps until the earliest source's next moment. Launch
/// reminders and changes are one source (`LaunchAlerts`); satellite passes and
/// aurora alerts are each a source of their own: a loader in `NotifyCheck.otherSources`
/// fetches their data (through their service and cache) and makes the source, which
/// keeps what it sent in `NotifyState` (`delivered` holds once-only keys with the
/// moment they may be forgotten) and names its events beside `AlertEvent`'s.
protocol AlertSource: Sendable {
    /// What is due at `now`, in order, recorded in `state` so it never goes out twice.
    func alerts(at now: Date, state: inout NotifyState) -> [NotifyAlert]
    /// The next moment after `now` something of this source falls due, if any.
    func nextDue(after now: Date, state: NotifyState) -> Date?
}
