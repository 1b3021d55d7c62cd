import Foundation

/// Where the data a command shows came from.
public enum DataOrigin: Sendable, Equatable {
    /// Fetched from the service just now.
    case live(fetchedAt: Date)
    /// Read from the cache, saved at `savedAt` (`age` seconds before it was read).
    case cache(savedAt: Date, age: TimeInterval)
    /// The sample compiled into the binary.
    case sample

    /// A stable one-word name for scripts: `live`, `cache` or `sample`.
    public var kind: String {
        switch self {
        case .live: return "live"
        case .cache: return "cache"
        case .sample: return "sample"
        }
    }

    /// The moment the data was obtained from the service, when known.
    public var obtainedAt: Date? {
        switch self {
        case .live(let date): return date
        case .cache(let date, _): return date
        case .sample: return nil
        }
    }
}

/// Ages as people say them: "less than a minute", "40 min", "2 h 5 min", "3 days".
public enum AgeText {
    public static func describe(_ seconds: TimeInterval) -> String {
        // Clamped first: ages can come from server data, and Int(_:) traps beyond its range.
        let total = seconds.isNaN ? 0 : Int(min(max(0, seconds), 1e15))
        switch total {
        case ..<60: return "less than a minute"
        case ..<3600: return "\(total / 60) min"
        case ..<86_400:
            let minutes = (total % 3600) / 60
            return minutes == 0 ? "\(total / 3600) h" : "\(total / 3600) h \(minutes) min"
        default:
            let days = total / 86_400
            return days == 1 ? "1 day" : "\(days) days"
        }
    }
}

extension AgeText {
    /// A duration limit as "15 s" or "2.5 s".
    public static func seconds(_ value: TimeInterval) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return "\(Int(value)) s" }
        guard abs(value) < 1e15 else { return String(format: "%g s", value) }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10)) s"
    }
}
