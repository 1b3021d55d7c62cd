import Foundation
import SpaceData

/// How launch times read in the table: the date and time in a zone with the
/// zone's name, cut to the precision Launch Library gives, and a countdown.
struct LaunchDateText: Sendable {
    let zone: DisplayTimeZone
    let now: Date

    init(timeZone: TimeZone, now: Date) {
        self.init(zone: .fixed(timeZone), now: now)
    }

    /// - Parameter zone: looked up only when a time in it is written (a
    ///   countdown or a date known to the day needs none).
    init(zone: DisplayTimeZone, now: Date) {
        self.zone = zone
        self.now = now
    }

    var timeZone: TimeZone { zone.timeZone }

    /// "2026-12-01 21:25 CET"; for a NET known only to the day or month,
    /// "2027-01-14" or "2027-03" (in UTC, as the API means it), since an hour
    /// would pretend a precision nobody has; to a quarter or coarser, the span:
    /// "Q4 2026", "H2 2026", "2027", "FY2027".
    func date(of launch: Launch) -> String {
        guard let net = launch.net else { return "date unknown" }
        switch Self.granularity(launch.netPrecision) {
        case .period: return Self.label(of: launch, net: net)
        case .month: return Self.format(net, "yyyy-MM", TimeZone(identifier: "UTC")!)
        case .day: return Self.format(net, "yyyy-MM-dd", TimeZone(identifier: "UTC")!)
        case .time: return time(net)
        }
    }

    /// The date for a narrow table: "Nov 24 03:12" in the zone, "Nov 24" for a NET
    /// known only to the day, "Mar 2027" to the month: no year or zone name, since
    /// the countdown beside it says how far it is. Without a countdown (past
    /// launches) the year matters more than the time: "2026-11-24". A span is
    /// its name either way: "Q4 2026".
    func compactDate(of launch: Launch, withCountdown: Bool = true) -> String {
        guard let net = launch.net else { return "unknown" }
        let utc = TimeZone(identifier: "UTC")!
        switch Self.granularity(launch.netPrecision) {
        case .period: return Self.label(of: launch, net: net)
        case .month: return Self.format(net, withCountdown ? "MMM yyyy" : "yyyy-MM", utc)
        case .day: return Self.format(net, withCountdown ? "MMM d" : "yyyy-MM-dd", utc)
        case .time: return Self.format(net, withCountdown ? "MMM d HH:mm" : "yyyy-MM-dd", timeZone)
        }
    }

    /// "2026-12-01 21:25 CET": a moment in the zone, with the zone's name; with
    /// `seconds`, "2026-12-01 21:25:32 CET" (a NET known to the second).
    func time(_ date: Date, seconds: Bool = false) -> String {
        Self.format(date, seconds ? "yyyy-MM-dd HH:mm:ss" : "yyyy-MM-dd HH:mm", timeZone) + " " + zoneName(at: date)
    }

    /// The launch window: "2026-12-01 21:25 – 23:25 CET" (the end's date repeated
    /// only when it is another day), one time when it has no length, and the NET's
    /// date alone when Launch Library knows it only to the day or month.
    /// - Parameter dash: between the start and the end (`-` in ASCII).
    func window(of launch: Launch, dash: String = "–") -> String? {
        guard let start = launch.windowStart ?? launch.net else { return nil }
        guard Self.granularity(launch.netPrecision) == .time else { return launch.net == nil ? nil : date(of: launch) }
        guard let end = launch.windowEnd, end > start else { return time(start) }
        let sameDay = Self.format(start, "yyyy-MM-dd", timeZone) == Self.format(end, "yyyy-MM-dd", timeZone)
        if sameDay && zoneName(at: start) == zoneName(at: end) {
            return Self.format(start, "yyyy-MM-dd HH:mm", timeZone) + " \(dash) " + Self.format(end, "HH:mm", timeZone) + " " + zoneName(at: end)
        }
        return time(start) + " \(dash) " + time(end)
    }

    private func zoneName(at date: Date) -> String {
        ["UTC", "GMT", "Etc/UTC"].contains(timeZone.identifier) ? "UTC"
            : (TimeZoneAbbreviation.abbreviation(of: timeZone, at: date) ?? timeZone.abbreviation(for: date) ?? timeZone.identifier)
    }

    /// "in 3d 4h", "in 5h 12m", "in 12m", "now", "3h ago": the time left
    /// before `net`, in its two largest units; "in ~45d" when the date is
    /// known only to the day or month; "57 years ago" a year away or more.
    /// A NET known to a quarter or coarser gets no day count: see `countdown(to:)`
    /// of its span.
    func countdown(to launch: Launch) -> String {
        guard let net = launch.net else { return "" }
        if Self.granularity(launch.netPrecision) == .period, let period = launch.netPeriod { return countdown(to: period) }
        let seconds = Int(net.timeIntervalSince(now).rounded(.down))
        // A launch years away (GCAT's history) reads in years, not "20823d 1h ago".
        let years = abs(seconds) / Self.yearSeconds
        if years >= 1 {
            let text = years == 1 ? "1 year" : "\(years) years"
            return seconds > 0 ? "in \(text)" : "\(text) ago"
        }
        if Self.granularity(launch.netPrecision) != .time {
            // Known to the day or month only: hours would be made up.
            let days = abs(seconds) / 86_400
            if days == 0 { return seconds > 0 ? "within a day" : "today" }
            return seconds > 0 ? "in ~\(days)d" : "~\(days)d ago"
        }
        if abs(seconds) < 60 { return "now" }
        let text = Self.span(abs(seconds))
        return seconds > 0 ? "in \(text)" : "\(text) ago"
    }

    /// The countdown column of upcoming launches: `countdown(to:)`, except for a launch
    /// whose T-0 has passed while its window is still open, which reads "T+1h 15m"
    /// (as `launches next` says), not "1h 15m ago" under a T- heading.
    func countdownOrElapsed(to launch: Launch) -> String {
        guard let net = launch.net, net < now, Self.granularity(launch.netPrecision) == .time,
              let end = launch.windowEnd, end > now else { return countdown(to: launch) }
        let seconds = Int(now.timeIntervalSince(net).rounded(.down))
        return seconds < 60 ? "T-0" : "T+" + Self.span(seconds)
    }

    /// "in ~3 mo" to the start of the span (a NET is the earliest it may be),
    /// "this quarter" within it, "~2 mo ago" after it; whole years a year away
    /// or more. Days would claim a date nobody has.
    func countdown(to period: LaunchPeriod) -> String {
        if now >= period.start && now < period.end {
            switch period.kind {
            case .quarter: return "this quarter"
            case .half: return "this half"
            case .year: return "this year"
            case .fiscalYear: return "this FY"
            case .decade: return "this decade"
            }
        }
        let ahead = now < period.start
        let seconds = Int(abs(ahead ? period.start.timeIntervalSince(now) : now.timeIntervalSince(period.end)))
        let text: String
        if seconds >= Self.yearSeconds {
            let years = seconds / Self.yearSeconds
            text = years == 1 ? "1 year" : "\(years) years"
        } else {
            text = "~\(max(1, Int((Double(seconds) / Double(Self.monthSeconds)).rounded()))) mo"
        }
        return ahead ? "in \(text)" : "\(text) ago"
    }

    /// A year of 365.25 days, so that a launch 50 years back on the day reads "50 years ago".
    static let yearSeconds = 31_557_600
    /// A twelfth of that.
    static let monthSeconds = yearSeconds / 12

    static func span(_ seconds: Int) -> String {
        let days = seconds / 86_400, hours = seconds % 86_400 / 3600, minutes = seconds % 3600 / 60
        if days > 0 { return hours > 0 ? "\(days)d \(hours)h" : "\(days)d" }
        if hours > 0 { return minutes > 0 ? "\(hours)h \(minutes)m" : "\(hours)h" }
        return "\(minutes)m"
    }

    /// `period`: a quarter, a half, a year, a fiscal year or a decade (`LaunchPeriod`).
    enum Granularity { case time, day, month, period }

    /// LL2's precisions: Second, Minute, Hour, Morning/Afternoon (2.3.0),
    /// Day, Week, Month, Quarter 1…4, Half 1 and 2, Year, Fiscal Year, Decade.
    static func granularity(_ precision: String?) -> Granularity {
        switch precision?.lowercased() {
        case nil, "second", "minute", "hour", "morning", "afternoon", "night": return .time
        case "day": return .day
        case let other? where other.contains("week"): return .day
        case let other? where LaunchPeriod.isCoarse(other): return .period
        default: return .month
        }
    }

    /// "Q4 2026": the span's name (its year alone should the span not be made).
    private static func label(of launch: Launch, net: Date) -> String {
        launch.netPeriod?.label ?? format(net, "yyyy", TimeZone(identifier: "UTC")!)
    }

    private static let formatters = FormatterCache()

    private static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        formatters.string(from: date, pattern: pattern, zone: zone)
    }
}

/// DateFormatter is costly to make; one per pattern and zone is kept.
private final class FormatterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func string(from date: Date, pattern: String, zone: TimeZone) -> String {
        lock.lock()
        defer { lock.unlock() }
        let key = pattern + "|" + zone.identifier
        let formatter = formatters[key] ?? {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.timeZone = zone
            formatter.dateFormat = pattern
            formatters[key] = formatter
            return formatter
        }()
        return formatter.string(from: date)
    }
}
