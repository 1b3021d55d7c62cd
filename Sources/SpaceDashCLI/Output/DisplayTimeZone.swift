import Foundation

/// Where a run shows times: UTC under `--utc`, else the zone `TZ` names, else
/// the system's. Decided once per run but looked up only when a local time is
/// rendered: the system's zone is read through ICU (about a third of the
/// instructions of `launches next` from the cache, and a megabyte of pages),
/// and many outputs (`launches next`'s standard line, JSON, Mars weather) show none.
enum DisplayTimeZone: Sendable, Equatable {
    /// A zone already known (`--utc`, tests).
    case fixed(TimeZone)
    /// `TZ`'s value, as the C library reads it (a leading ":" allowed); the
    /// system's zone when it names no zone.
    case named(String)
    /// The system's zone.
    case system

    /// The choice for a run: `--utc` first, then `TZ`.
    init(utc: Bool, environment: [String: String]) {
        if utc {
            self = .fixed(TimeZone(identifier: "UTC")!)
        } else if let name = environment["TZ"] {
            self = .named(name.hasPrefix(":") ? String(name.dropFirst()) : name)
        } else {
            self = .system
        }
    }

    /// The zone itself (Foundation keeps the zones it has made, so asking again is cheap).
    var timeZone: TimeZone {
        switch self {
        case .fixed(let zone): zone
        case .named(let name): TimeZone(identifier: name) ?? .current
        case .system: .current
        }
    }
}
