import Foundation

/// InSight feeds holding numbers no sensor gives. Each case once crashed
/// spacedash with a Swift trap (in the decoder, the chart, the sol detail or
/// `--json`); the decoder must now read each such sensor as missing ("—").
/// Every sol keeps a plausible pressure, so "the rest still shows" can be checked.
public enum HostileInSight {
    /// A plausible pressure reading, kept in every sol.
    public static let pressure = #""PRE": {"av": 743.6, "ct": 88000, "mn": 720.1, "mx": 768.2}"#
    public static let plausibleTemperature = #""AT": {"av": -62.3, "ct": 177556, "mn": -96.9, "mx": -15.9}"#

    /// The most common wind direction at 1e300 degrees with no compass point
    /// (`Int((degrees / 22.5).rounded())` trapped in the decoder).
    public static let mostCommonWithoutPoint = #""WD": {"most_common": {"compass_degrees": 1e300, "ct": 5}}"#
    /// The same with a point that is not one of the sixteen.
    public static let mostCommonUnknownPoint = #""WD": {"most_common": {"compass_degrees": 1e300, "compass_point": "XYZ", "ct": 5}}"#
    /// 1e300 degrees with a valid point: the sol detail's `String(Int(value))` trapped.
    public static let mostCommonWithPoint = #""WD": {"12": {"compass_degrees": 1e300, "compass_point": "W", "ct": 5}, "most_common": {"compass_degrees": 1e300, "compass_point": "W", "ct": 5}}"#
    /// Temperatures spanning Double's range: the chart's scale overflowed to infinity.
    public static let temperatureSpanningDouble = #""AT": {"av": 0, "ct": 10, "mn": -1.7e308, "mx": 1.7e308}"#
    /// One high of 1e308 °C: finite, but infinite in °F (the imperial chart and `--json` trapped).
    public static let temperatureHigh1e308 = #""AT": {"av": -60, "ct": 10, "mn": -90, "mx": 1e308}"#

    /// Sol `number` with `fields` (and the plausible pressure).
    public static func sol(_ number: Int, _ fields: [String]) -> String {
        let day = 19 + number - 677
        let all = fields + [pressure, #""First_UTC": "2020-10-\#(day)T18:32:20Z""#, #""Last_UTC": "2020-10-\#(day + 1)T19:11:55Z""#, #""Season": "fall""#]
        return "\"\(number)\": {" + all.joined(separator: ", ") + "}"
    }

    /// A feed of these sols (number and fields).
    public static func feed(_ sols: [(Int, [String])]) -> String {
        "{" + sols.map { sol($0.0, $0.1) }.joined(separator: ", ")
            + ", \"sol_keys\": [" + sols.map { "\"\($0.0)\"" }.joined(separator: ", ") + "]"
            + #", "validity_checks": {"sol_hours_required": 18, "sols_checked": []}}"#
    }

    /// Every case at once: sols 677–681, the last (681) with 1e300 degrees and
    /// the point W, as `mars-weather --sol 681` shows it.
    public static let everything = feed([
        (677, [mostCommonWithoutPoint, plausibleTemperature]),
        (678, [mostCommonUnknownPoint, plausibleTemperature]),
        (679, [temperatureSpanningDouble]),
        (680, [temperatureHigh1e308, #""HWS": {"av": 1e300, "ct": 10, "mn": 0, "mx": 1e300}"#]),
        (681, [mostCommonWithPoint, plausibleTemperature]),
    ])
}
