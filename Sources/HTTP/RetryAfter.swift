import Foundation

/// Reads a `Retry-After` header: either seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`, and the two obsolete forms RFC 9110
/// still asks recipients to accept).
public enum RetryAfter {
    /// When to ask again, one wording for every service so that one wait
    /// always reads the same: "in 45 s", "in 21 min", "in 1 h 5 min", rounded
    /// up to the second, then to the minute past one minute, so that retrying
    /// at the said time never hits the limit again; "now" for no wait.
    public static func phrase(seconds: Double) -> String {
        // Clamped first: the wait comes from a server, and Int(_:) traps beyond its range.
        let total = seconds.isNaN ? 0 : Int(min(max(0, seconds), 1e12).rounded(.up))
        if total <= 0 { return "now" }
        if total < 60 { return "in \(total) s" }
        let minutes = (total + 59) / 60
        if minutes < 60 { return "in \(minutes) min" }
        let hours = minutes / 60, rest = minutes % 60
        return rest == 0 ? "in \(hours) h" : "in \(hours) h \(rest) min"
    }

    /// The delay in seconds the header asks for, never negative and at most
    /// `maximumSeconds`; nil when the value is neither form.
    ///
    /// A date is measured from the response's own `Date` header when given
    /// (so a skewed local clock does not matter), else from `now`.
    public static func seconds(from value: String, serverDate: String? = nil, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return min(TimeInterval(trimmed) ?? maximumSeconds, maximumSeconds)
        }
        guard let date = httpDate(trimmed) else { return nil }
        let reference = serverDate.flatMap(httpDate) ?? now
        return min(max(0, date.timeIntervalSince(reference)), maximumSeconds)
    }

    /// The longest delay reported: a server's larger value (even one beyond
    /// `Int`) is read as this, so callers can turn it into whole seconds safely.
    public static let maximumSeconds: TimeInterval = 7 * 86_400

    /// Parses an HTTP date in IMF-fixdate, RFC 850 or asctime form (GMT).
    public static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")) {
                return date
            }
        }
        return nil
    }
}
