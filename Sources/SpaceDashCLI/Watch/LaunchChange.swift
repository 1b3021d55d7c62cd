import Foundation
import SpaceData

/// What changed in a launch between two refreshes of `--watch`, or between two
/// checks of `notify` for a launch the user follows (which tells the window and
/// the webcast too).
enum LaunchChange: Sendable, Hashable {
    /// The status moved on: `Go` to `Hold`.
    case status(from: String, to: String)
    /// The NET moved by this many seconds (positive: later).
    case netMoved(seconds: Int)
    /// The launch had no NET and now has one.
    case netSet
    /// The launch was not on the previous refresh's list.
    case new
    /// The window opens or closes at another time (the NET unchanged).
    case windowChanged
    /// A webcast went live.
    case webcastLive

    /// The changes from `old` to `new` (the same launch), the status first; empty
    /// when nothing a watcher follows changed. A NET that moved by less than a
    /// minute did not move: LL2 gives times to the minute or better.
    static func between(_ old: Launch, _ new: Launch) -> [LaunchChange] {
        var changes: [LaunchChange] = []
        if let before = old.statusShort, let after = new.statusShort, before != after {
            changes.append(.status(from: before, to: after))
        }
        switch (old.net, new.net) {
        case let (before?, after?):
            let seconds = Int(after.timeIntervalSince(before).rounded())
            if abs(seconds) >= 60 { changes.append(.netMoved(seconds: seconds)) }
        case (nil, _?):
            changes.append(.netSet)
        default:
            break
        }
        return changes
    }

    /// `between`, then what a follower is told besides: the window moving
    /// while the NET stays, a webcast going live.
    static func followed(_ old: Launch, _ new: Launch) -> [LaunchChange] {
        var changes = between(old, new)
        let netMoved = changes.contains { if case .netMoved = $0 { true } else { $0 == .netSet } }
        if !netMoved, old.windowStart != new.windowStart || old.windowEnd != new.windowEnd,
           new.windowStart != nil || new.windowEnd != nil {
            changes.append(.windowChanged)
        }
        if new.webcastLive && !old.webcastLive { changes.append(.webcastLive) }
        return changes
    }

    /// In a launch watcher's words: "Go → Hold", "NET moved 2h later".
    /// - Parameter arrow: `→`, or `->` where the locale is not UTF-8.
    func text(arrow: String) -> String {
        switch self {
        case .status(let from, let to): return "\(from) \(arrow) \(to)"
        case .netMoved(let seconds): return "NET moved \(LaunchDateText.span(abs(seconds))) \(seconds > 0 ? "later" : "earlier")"
        case .netSet: return "NET set"
        case .new: return "new"
        case .windowChanged: return "window changed"
        case .webcastLive: return "webcast live"
        }
    }
}
