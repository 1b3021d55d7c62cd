import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpaceData

/// The units `mars-weather` shows: metric (°C, m/s) or imperial (°F, mph).
/// Pressure stays in pascals either way, as NASA reports it.
enum MarsWeatherUnits: String, CaseIterable, Sendable {
    case metric
    case imperial

    /// "°C" or "°F".
    var temperatureSymbol: String { self == .metric ? "°C" : "°F" }
    /// "m/s" or "mph".
    var speedSymbol: String { self == .metric ? "m/s" : "mph" }

    func temperature(_ celsius: Double) -> Double {
        self == .metric ? celsius : celsius * 9 / 5 + 32
    }

    func speed(_ metresPerSecond: Double) -> Double {
        self == .metric ? metresPerSecond : metresPerSecond * 3600 / 1609.344
    }

    /// The temperatures to show, converted; nil (shown as "—") when there are
    /// none or a value is not a finite number, before or after converting.
    func temperature(_ summary: SensorSummary?) -> SensorSummary? {
        Self.finite(summary?.converted { Self.rounded(temperature($0)) })
    }

    /// The wind speeds to show, converted; nil as for `temperature(_:)`.
    func speed(_ summary: SensorSummary?) -> SensorSummary? {
        Self.finite(summary?.converted { Self.rounded(speed($0)) })
    }

    /// The pressures to show (always pascals); nil as for `temperature(_:)`.
    func pressure(_ summary: SensorSummary?) -> SensorSummary? {
        Self.finite(summary?.converted(Self.rounded))
    }

    /// The decoder drops implausible readings; this guards the renderers against
    /// anything else (a summary made in code, an overflowing conversion).
    static func finite(_ summary: SensorSummary?) -> SensorSummary? {
        summary.flatMap { $0.isFinite ? $0 : nil }
    }

    /// NASA's three decimals, without the noise of a conversion or of InSight's
    /// own floats (the feed sends `19.409000000000002` for 19.409).
    static func rounded(_ value: Double) -> Double {
        // Past 2⁵³ / 1000 a double has no thousandths to clean, and scaling could overflow.
        guard abs(value) < 9e12 else { return value }
        return (value * 1000).rounded() / 1000
    }
}

/// Number and date formatting for the tables, independent of the locale.
/// Plain arithmetic rather than Calendar or String(format:), which would
/// load ICU's data at start-up for nothing.
enum MarsWeatherFormat {
    /// One decimal: "-62.3"; "?" for a value no sensor gives (not finite, or
    /// so large that the digits would not fit the buffer and come out cut).
    static func value(_ number: Double) -> String {
        guard number.isFinite, abs(number) < 1e15 else { return "?" }
        // C's printf rounds the exact binary value (743.55 is 743.5499…, so "743.5").
        var buffer = [UInt8](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            withVaList([number]) { vsnprintf(UnsafeMutableRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), bytes.count, "%.1f", $0) }
        }
        let text = String(decoding: buffer.prefix(Int(max(0, min(length, 63)))), as: UTF8.self)
        return text == "-0.0" ? "0.0" : text
    }

    /// Thousands separated by commas: "177,556".
    static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (number < 0 ? "-" : "") + grouped
    }

    struct Civil {
        var year, month, day, hour, minute, second, millisecond: Int
    }

    /// The UTC calendar fields of `date`.
    static func civil(_ date: Date) -> Civil {
        // Clamped to ±3 million years first: a date read from a damaged cache
        // header could be anything, and Int(_:) traps beyond its range.
        let seconds = date.timeIntervalSince1970.isNaN ? 0 : min(max(date.timeIntervalSince1970, -1e14), 1e14)
        let totalMilliseconds = Int((seconds * 1000).rounded(.down))
        let days = totalMilliseconds >= 0 ? totalMilliseconds / 86_400_000 : (totalMilliseconds - 86_399_999) / 86_400_000
        let inDay = totalMilliseconds - days * 86_400_000
        let earthDate = EarthDate(daysSince1970: days)
        return Civil(year: earthDate.year, month: earthDate.month, day: earthDate.day, hour: inDay / 3_600_000, minute: inDay / 60_000 % 60,
                     second: inDay / 1000 % 60, millisecond: inDay % 1000)
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// "2020-10-19" (UTC).
    static func day(_ date: Date) -> String {
        let c = civil(date)
        return "\(padded(c.year, 4))-\(padded(c.month, 2))-\(padded(c.day, 2))"
    }

    /// "2020-10-19 18:32 UTC".
    static func minute(_ date: Date) -> String {
        let c = civil(date)
        return day(date) + " \(padded(c.hour, 2)):\(padded(c.minute, 2)) UTC"
    }

    /// "2020-10-19T18:32:20Z", with milliseconds when there are any.
    static func iso8601(_ date: Date) -> String {
        let c = civil(date)
        var text = day(date) + "T\(padded(c.hour, 2)):\(padded(c.minute, 2)):\(padded(c.second, 2))"
        if c.millisecond > 0 { text += "." + padded(c.millisecond, 3) }
        return text + "Z"
    }
}
