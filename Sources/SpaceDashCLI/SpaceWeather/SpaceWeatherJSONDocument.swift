import Foundation
import SpaceData

/// `space-weather --json`, on one line, keys in this order:
///
///     {"kp":{"latest":{"time","kp","g","kind"}|null,         the newest observed (or estimated) interval up to now
///            "observed":[{"time","kp"}],                  every observed or estimated interval, in time order
///            "forecast":[{"time","kp","kind"}]},          the forecast product, predictions already past left out
///      "scales":{"current":{"R","S","G"},"issued",
///                "days":[{"date","R","S","G","r1_r2_probability","r3_probability","s1_probability"}]}|null,
///      "alerts":[{"product_id","issued","code","serial","headline","message"}],   the last 24 hours, newest first
///      "aurora":{"latitude","longitude","probability","observed_at","forecast_for",
///                "dark_now","darkness_start","darkness_end"},                    only with a place
///      "sources":{"kp_index"|"kp_forecast"|"scales"|"alerts"|"aurora":{"kind","fetched_at","age_seconds","error"}}}
///
/// Times are UTC ISO 8601 with `Z`; Kp is a number, G a level 0–5; what is not
/// known is `null`, never 0. A product that could not be had is `null` (scales,
/// aurora's figures) or empty, and its source says why.
enum SpaceWeatherJSONDocument {
    typealias J = MarsWeatherJSON

    static func document(_ report: SpaceWeatherReport) -> String {
        var members: [(String, String)] = [("kp", kp(report)), ("scales", scales(report)), ("alerts", alerts(report))]
        if let aurora = report.aurora { members.append(("aurora", self.aurora(aurora))) }
        var sources: [(String, String)] = [
            ("kp_index", source(.success(report.kpIndex))),
            ("kp_forecast", source(report.kpForecast)),
            ("scales", source(report.scales)),
            ("alerts", source(report.alerts)),
        ]
        if let aurora = report.aurora { sources.append(("aurora", source(aurora.grid))) }
        members.append(("sources", J.object(sources)))
        return JSONText.printable(J.object(members))
    }

    static func time(_ date: Date?) -> String {
        date.map { J.string(MarsWeatherFormat.iso8601($0)) } ?? "null"
    }

    static func integer(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    static func kp(_ report: SpaceWeatherReport) -> String {
        let latest = report.latest.map { J.object([("time", time($0.time)), ("kp", J.number($0.kp)), ("g", String($0.stormLevel)), ("kind", J.string($0.kind.rawValue))]) } ?? "null"
        let observed = report.observed.readings.map { J.object([("time", time($0.time)), ("kp", J.number($0.kp))]) }
        let forecastReadings = (try? report.kpForecast.get().value.readings) ?? []
        let kept = forecastReadings.filter { $0.kind != .predicted || $0.time.addingTimeInterval(KpReading.interval) > report.now }
        let forecast = kept.map { J.object([("time", time($0.time)), ("kp", J.number($0.kp)), ("kind", J.string($0.kind.rawValue))]) }
        return J.object([("latest", latest), ("observed", J.array(observed)), ("forecast", J.array(forecast))])
    }

    static func scales(_ report: SpaceWeatherReport) -> String {
        guard case .success(let sourced) = report.scales, let current = sourced.value.current else { return "null" }
        let today = EarthDate(secondsSince1970: report.now.timeIntervalSince1970)
        let days = sourced.value.forecast.filter { $0.date >= today }.map { day in
            J.object([("date", J.string(day.date.description)), ("R", integer(day.radioBlackout)), ("S", integer(day.solarRadiationStorm)),
                      ("G", integer(day.geomagneticStorm)), ("r1_r2_probability", integer(day.minorRadioBlackoutChance)),
                      ("r3_probability", integer(day.majorRadioBlackoutChance)), ("s1_probability", integer(day.solarRadiationStormChance))])
        }
        return J.object([
            ("current", J.object([("R", integer(current.radioBlackout)), ("S", integer(current.solarRadiationStorm)), ("G", integer(current.geomagneticStorm))])),
            ("issued", time(current.issued)),
            ("days", J.array(days)),
        ])
    }

    static func alerts(_ report: SpaceWeatherReport) -> String {
        J.array(report.recentAlerts.map { alert in
            J.object([("product_id", J.string(alert.productID)), ("issued", time(alert.issued)), ("code", alert.code.map(J.string) ?? "null"),
                      ("serial", integer(alert.serial)), ("headline", J.string(alert.headline)), ("message", J.string(alert.message))])
        })
    }

    static func aurora(_ aurora: SpaceWeatherReport.AuroraAtPlace) -> String {
        let grid = try? aurora.grid.get().value
        return J.object([
            ("latitude", J.number(aurora.place.latitude)),
            ("longitude", J.number(aurora.place.longitude)),
            ("probability", integer(grid?.probability(at: aurora.place))),
            ("observed_at", time(grid?.observedAt)),
            ("forecast_for", time(grid?.forecastFor)),
            ("dark_now", aurora.darkness.isDarkNow ? "true" : "false"),
            ("darkness_start", time(aurora.darkness.start)),
            ("darkness_end", time(aurora.darkness.end)),
        ])
    }

    static func source<Value>(_ result: Result<Sourced<Value>, ServiceFailure>) -> String {
        switch result {
        case .success(let sourced):
            var age = "null"
            if case .cache(_, let seconds) = sourced.origin, seconds.isFinite { age = String(Int(min(max(seconds, -1e15), 1e15).rounded())) }
            if case .live = sourced.origin { age = "0" }
            return J.object([("kind", J.string(sourced.origin.kind)), ("fetched_at", time(sourced.origin.obtainedAt)), ("age_seconds", age), ("error", "null")])
        case .failure(let failure):
            return J.object([("kind", "null"), ("fetched_at", "null"), ("age_seconds", "null"), ("error", J.string(failure.commandError.message))])
        }
    }
}
