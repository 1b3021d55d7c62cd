import Foundation
import SpaceData

/// `mars-weather --station insight --json`: a stable object for scripts. Units are in the field
/// names; a sensor without data is `null`, never 0; dates are ISO-8601 UTC.
///
///     {
///       "units": "metric",
///       "today": { "time": "2026-11-27T23:30:00Z", "sol": 2925, "local_mean_solar_time": "12:35:20", "ls": 28.07,
///                  "season": "spring", "hemisphere": "northern", "light_time_seconds": 601 },
///       "source": { "kind": "live" | "cache" | "sample", "fetched_at": ISO-8601 | null,
///                   "age_seconds": number | null, "description": string,
///                   "notices": [ { "kind": string, "message": string } ] },
///       "sols": [ {
///         "sol": 675, "earth_date": "2020-10-19",
///         "first_utc": "2020-10-19T18:32:20Z", "last_utc": "2020-10-20T19:11:55Z",
///         "season": "winter", "ls": 299.49, "mars_month": 10,
///         "feed_labels": { "season": "fall", "month_ordinal": 10 | null,
///                          "northern_season": "early winter" | null, "southern_season": "early summer" | null },
///         "temperature_c": { "min": -96.872, "avg": -62.314, "max": -15.908, "samples": 177556 } | null,
///         "pressure_pa": { same } | null,
///         "wind_speed_mps": { same } | null,
///         "wind_direction": { "most_common": { "point": "WNW", "degrees": 292.5, "samples": 30283 } | null,
///                             "sectors": [ { "point": "N", "degrees": 0, "samples": 254 }, … ] } | null
///       } ]
///     }
///
/// With `--units imperial`, `temperature_f` and `wind_speed_mph` replace
/// `temperature_c` and `wind_speed_mps`; pressure stays `pressure_pa`.
/// `season` (the north's, where InSight is), `ls` and `mars_month` are
/// computed for the sol's noon as every view computes them (`InSightSeason`);
/// `feed_labels` are NASA's own, which may differ.
enum InSightWeatherJSON {
    /// The JSON text. Every number in it is finite (a value that is not reads
    /// as `null`, like a missing sensor), so serializing cannot fail on data;
    /// should it fail anyway, the error is thrown, never a trap.
    static func render(_ report: Sourced<InSightFeed>, sols: [InSightSol], units: MarsWeatherUnits, now: Date) throws -> String {
        let object: [String: Any] = [
            "units": units.rawValue,
            "today": Dictionary(uniqueKeysWithValues: MarsToday(.insight, now: now).jsonMembers.map { ($0.0, $0.1.object) }),
            "source": source(report, now: now),
            "sols": sols.map { sol(for: $0, units: units) },
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return JSONText.printable(String(decoding: data, as: UTF8.self))
    }

    static func source(_ report: Sourced<InSightFeed>, now: Date) -> [String: Any] {
        var source: [String: Any] = [
            "kind": report.origin.kind,
            "description": InSightWeatherText.source(report.origin),
            "notices": report.notices.map { ["kind": $0.kind.rawValue, "message": $0.message] },
        ]
        switch report.origin {
        case .live(let fetched):
            source["fetched_at"] = MarsWeatherFormat.iso8601(fetched)
            source["age_seconds"] = 0
        case .cache(let saved, let age):
            source["fetched_at"] = MarsWeatherFormat.iso8601(saved)
            // Clamped: the age comes from a cache file's header.
            source["age_seconds"] = age.isNaN ? 0 : Int(min(max(age, -1e15), 1e15).rounded())
        case .sample:
            source["fetched_at"] = NSNull()
            source["age_seconds"] = NSNull()
        }
        return source
    }

    static func sol(for sol: InSightSol, units: MarsWeatherUnits) -> [String: Any] {
        var object: [String: Any] = [
            "sol": sol.sol,
            "earth_date": MarsWeatherFormat.day(sol.firstUTC),
            "first_utc": MarsWeatherFormat.iso8601(sol.firstUTC),
            "last_utc": MarsWeatherFormat.iso8601(sol.lastUTC),
            "pressure_pa": summary(units.pressure(sol.pressure)),
            "feed_labels": [
                "season": sol.season,
                "month_ordinal": sol.monthOrdinal ?? NSNull(),
                "northern_season": sol.northernSeason ?? NSNull(),
                "southern_season": sol.southernSeason ?? NSNull(),
            ] as [String: Any],
        ]
        let season = InSightSeason(sol)
        object["season"] = season.name ?? NSNull()
        object["ls"] = (season.solarLongitude * 100).rounded() / 100
        object["mars_month"] = season.marsMonth ?? NSNull()
        object[units == .metric ? "temperature_c" : "temperature_f"] = summary(units.temperature(sol.temperature))
        object[units == .metric ? "wind_speed_mps" : "wind_speed_mph"] = summary(units.speed(sol.windSpeed))
        if let wind = sol.wind {
            object["wind_direction"] = [
                "most_common": wind.mostCommon.map(sector) ?? NSNull(),
                "sectors": wind.sectors.map(sector),
            ] as [String: Any]
        } else {
            object["wind_direction"] = NSNull()
        }
        return object
    }

    static func summary(_ summary: SensorSummary?) -> Any {
        // The units' accessors already turn a non-finite summary into nil; JSON has no inf or NaN.
        guard let summary, summary.isFinite else { return NSNull() }
        return ["min": summary.minimum, "avg": summary.average, "max": summary.maximum, "samples": summary.sampleCount] as [String: Any]
    }

    static func sector(_ sector: WindSector) -> [String: Any] {
        ["point": sector.point, "degrees": sector.degrees.isFinite ? sector.degrees as Any : NSNull(), "samples": sector.sampleCount]
    }
}
