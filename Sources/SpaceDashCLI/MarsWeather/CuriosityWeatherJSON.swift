import Foundation
import SpaceData

/// `mars-weather --json` for Curiosity: one line, keys in this order, units in
/// the field names, `null` for what was not measured (never 0):
///
///     {"station":"curiosity","site":"Gale crater",
///      "today":{"time":"2026-11-27T23:30:00Z","sol":5087,"local_mean_solar_time":"12:57:40","ls":28.07,
///               "season":"autumn","hemisphere":"southern","light_time_seconds":601},
///      "source":{"kind":"live"|"cache"|"sample","fetched_at":ISO-8601|null,"age_seconds":number|null,
///                "description":string,"notices":[{"kind":string,"message":string}]},
///      "sols":[{"sol":4801,"earth_date":"2026-02-07","ls":221,"mars_month":8,
///               "air_temperature_c":{"min":-67,"max":2},"ground_temperature_c":{"min":-83,"max":12},
///               "pressure_pa":807,"uv_index":"Moderate","sunrise":"05:23","sunset":"17:34"}]}
///
/// `uv_index` is the feed's word (`Low`, `Moderate`, `High`, `Very_High`).
/// With `--units imperial`, `air_temperature_f` and `ground_temperature_f`
/// (to a tenth of a degree) replace the °C fields; pressure stays in Pa.
/// There is no wind, humidity or daily average: REMS publishes none. "today"
/// is computed from the clock (`MarsToday`), not read from the feed.
enum CuriosityWeatherJSON {
    static func render(_ report: Sourced<CuriosityFeed>, sols: [CuriositySol], units: MarsWeatherUnits, now: Date) -> String {
        let suffix = units == .metric ? "c" : "f"
        let solObjects = sols.map { sol in
            object([
                ("sol", String(sol.sol)),
                ("earth_date", string(sol.earthDate.description)),
                ("ls", number(sol.solarLongitude)),
                ("mars_month", sol.marsMonth.map(String.init) ?? "null"),
                ("air_temperature_\(suffix)", extremes(sol.airTemperature, units)),
                ("ground_temperature_\(suffix)", extremes(sol.groundTemperature, units)),
                ("pressure_pa", number(sol.pressure)),
                ("uv_index", sol.uvIndex.map { string($0.rawValue) } ?? "null"),
                ("sunrise", sol.sunrise.map { string($0.description) } ?? "null"),
                ("sunset", sol.sunset.map { string($0.description) } ?? "null"),
            ])
        }
        let text = object([
            ("station", string("curiosity")),
            ("site", string(CuriosityWeatherText.site)),
            ("today", object(MarsToday(.curiosity, now: now).jsonMembers.map { ($0.0, $0.1.text) })),
            ("source", source(report)),
            ("sols", "[" + solObjects.joined(separator: ",") + "]"),
        ])
        return JSONText.printable(text)
    }

    static func source(_ report: Sourced<CuriosityFeed>) -> String {
        var fetched = "null"
        var age = "null"
        switch report.origin {
        case .live(let at):
            fetched = string(MarsWeatherFormat.iso8601(at))
            age = "0"
        case .cache(let saved, let seconds):
            fetched = string(MarsWeatherFormat.iso8601(saved))
            // Clamped: the age comes from a cache file's header.
            age = seconds.isNaN ? "0" : String(Int(min(max(seconds, -1e15), 1e15).rounded()))
        case .sample:
            break
        }
        let notices = report.notices.map { object([("kind", string($0.kind.rawValue)), ("message", string($0.message))]) }
        return object([
            ("kind", string(report.origin.kind)),
            ("fetched_at", fetched),
            ("age_seconds", age),
            ("description", string(CuriosityWeatherText.source(report.origin))),
            ("notices", "[" + notices.joined(separator: ",") + "]"),
        ])
    }

    static func extremes(_ pair: TemperatureExtremes, _ units: MarsWeatherUnits) -> String {
        object([
            ("min", number(CuriosityFormat.temperature(pair.low, units))),
            ("max", number(CuriosityFormat.temperature(pair.high, units))),
        ])
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// Whole numbers as integers (the feed's own form); JSON has no NaN or infinity.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite, abs(value) < 1e15 else { return "null" }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
