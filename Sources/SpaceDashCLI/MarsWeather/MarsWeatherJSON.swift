import Foundation
import SpaceData

/// `mars-weather --json`: one shape for both stations, on one line, keys in
/// this order:
///
///     {"station":"curiosity"|"insight","site":"Gale crater"|"Elysium Planitia","units":"metric"|"imperial",
///      "today":{"time":ISO-8601,"sol":number,"local_mean_solar_time":"hh:mm:ss","ls":number,
///               "season":string,"hemisphere":"northern"|"southern","light_time_seconds":number},
///      "source":{"kind":"live"|"cache"|"sample","fetched_at":ISO-8601|null,"age_seconds":number|null,
///                "description":string,"notices":[{"kind":string,"message":string}]},
///      "sols":[each station's sols: CuriosityWeatherJSON, InSightWeatherJSON]}
///
/// Units are also in the sols' field names (`_c`, `_f`, `_mps`); what was not
/// measured is `null`, never 0. "today" is Mars at the run's clock (`MarsToday`),
/// not the feed's latest sol. The text is written by hand, not by
/// JSONSerialization, to keep the keys in order and each number as the data
/// gives it ("221", "-96.872").
enum MarsWeatherJSON {
    static func document(station: MarsStation, units: MarsWeatherUnits, now: Date, source: String, sols: [String]) -> String {
        let text = object([
            ("station", string(station.rawValue)),
            ("site", string(station.site)),
            ("units", string(units.rawValue)),
            ("today", MarsToday(station, now: now).json),
            ("source", source),
            ("sols", array(sols)),
        ])
        return JSONText.printable(text)
    }

    /// Where the sols came from; `description` is the station's own words.
    static func source<Feed>(_ report: Sourced<Feed>, description: String) -> String {
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
            ("description", string(description)),
            ("notices", array(notices)),
        ])
    }

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    static func array(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// Whole numbers as integers (the feed's own form), others as Swift writes
    /// them, shortest first; JSON has no NaN or infinity, so those are `null`.
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
