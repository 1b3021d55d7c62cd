import Foundation
import SpaceData

/// The units `mars-weather` shows: metric (°C, m/s) or imperial (°F, mph).
/// Pressure stays in pascals either way, as NASA reports it.
public enum MarsWeatherUnits: String, CaseIterable, Sendable {
    case metric
    case imperial

    /// "°C" or "°F".
    public var temperatureSymbol: String { self == .metric ? "°C" : "°F" }
    /// "m/s" or "mph".
    public var speedSymbol: String { self == .metric ? "m/s" : "mph" }

    public func temperature(_ celsius: Double) -> Double {
        self == .metric ? celsius : celsius * 9 / 5 + 32
    }

    public func speed(_ metresPerSecond: Double) -> Double {
        self == .metric ? metresPerSecond : metresPerSecond * 3600 / 1609.344
    }

    public func temperature(_ summary: SensorSummary?) -> SensorSummary? {
        guard self == .imperial else { return summary }
        return summary?.converted { Self.rounded(temperature($0)) }
    }

    public func speed(_ summary: SensorSummary?) -> SensorSummary? {
        guard self == .imperial else { return summary }
        return summary?.converted { Self.rounded(speed($0)) }
    }

    /// Converted values keep NASA's three decimals rather than conversion noise.
    static func rounded(_ value: Double) -> Double {
        (value * 1000).rounded() / 1000
    }
}

/// Number and date formatting for the tables, independent of the locale.
enum MarsWeatherFormat {
    /// One decimal: "-62.3".
    static func value(_ number: Double) -> String {
        let text = String(format: "%.1f", number)
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

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// "2020-10-19" (UTC).
    static func day(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// "2020-10-19 18:32 UTC".
    static func minute(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.hour, .minute], from: date)
        return day(date) + String(format: " %02d:%02d UTC", parts.hour!, parts.minute!)
    }

    /// "2020-10-19T18:32:20Z".
    static func iso8601(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.hour, .minute, .second, .nanosecond], from: date)
        var text = day(date) + String(format: "T%02d:%02d:%02d", parts.hour!, parts.minute!, parts.second!)
        let milliseconds = Int((Double(parts.nanosecond!) / 1_000_000).rounded())
        if milliseconds > 0 && milliseconds < 1000 { text += String(format: ".%03d", milliseconds) }
        return text + "Z"
    }
}
