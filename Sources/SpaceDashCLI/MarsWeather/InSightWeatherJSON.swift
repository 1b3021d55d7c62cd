import Foundation
import SpaceData

/// `mars-weather --station insight --json`'s sols (`MarsWeatherJSON` holds the
/// rest), units in the field names, `null` for a sensor without data (never 0),
/// dates ISO-8601 UTC:
///
///     {"sol":675,"earth_date":"2020-10-19","first_utc":"2020-10-19T18:32:20Z","last_utc":"2020-10-20T19:11:55Z",
///      "season":"winter","ls":299.49,"mars_month":10,
///      "temperature_c":{"min":-96.872,"avg":-62.314,"max":-15.908,"samples":177556}|null,
///      "pressure_pa":{same}|null,"wind_speed_mps":{same}|null,
///      "wind_direction":{"most_common":{"point":"WNW","degrees":292.5,"samples":30283}|null,
///                        "sectors":[{"point":"N","degrees":0,"samples":254},…]}|null,
///      "feed_labels":{"season":"fall","month_ordinal":10|null,"northern_season":"early winter"|null,
///                     "southern_season":"early summer"|null}}
///
/// With `--units imperial`, `temperature_f` and `wind_speed_mph` replace
/// `temperature_c` and `wind_speed_mps`; pressure stays `pressure_pa`.
/// `season` (the north's, where InSight is), `ls` and `mars_month` are
/// computed for the sol's noon as every view computes them (`InSightSeason`);
/// `feed_labels` are NASA's own, which may differ.
enum InSightWeatherJSON {
    static func render(_ report: Sourced<InSightFeed>, sols: [InSightSol], units: MarsWeatherUnits, now: Date) -> String {
        MarsWeatherJSON.document(station: .insight, units: units, now: now,
                                 source: MarsWeatherJSON.source(report, description: InSightWeatherText.source(report.origin)),
                                 sols: sols.map { sol(for: $0, units: units) })
    }

    static func sol(for sol: InSightSol, units: MarsWeatherUnits) -> String {
        let season = InSightSeason(sol)
        let wind: String
        if let rose = sol.wind {
            wind = object([("most_common", rose.mostCommon.map(sector) ?? "null"), ("sectors", MarsWeatherJSON.array(rose.sectors.map(sector)))])
        } else {
            wind = "null"
        }
        return object([
            ("sol", String(sol.sol)),
            ("earth_date", string(MarsWeatherFormat.day(sol.firstUTC))),
            ("first_utc", string(MarsWeatherFormat.iso8601(sol.firstUTC))),
            ("last_utc", string(MarsWeatherFormat.iso8601(sol.lastUTC))),
            ("season", season.name.map(string) ?? "null"),
            ("ls", number((season.solarLongitude * 100).rounded() / 100)),
            ("mars_month", season.marsMonth.map(String.init) ?? "null"),
            (units == .metric ? "temperature_c" : "temperature_f", summary(units.temperature(sol.temperature))),
            ("pressure_pa", summary(units.pressure(sol.pressure))),
            (units == .metric ? "wind_speed_mps" : "wind_speed_mph", summary(units.speed(sol.windSpeed))),
            ("wind_direction", wind),
            ("feed_labels", object([
                ("season", string(sol.season)),
                ("month_ordinal", sol.monthOrdinal.map(String.init) ?? "null"),
                ("northern_season", sol.northernSeason.map(string) ?? "null"),
                ("southern_season", sol.southernSeason.map(string) ?? "null"),
            ])),
        ])
    }

    static func summary(_ summary: SensorSummary?) -> String {
        // The units' accessors already turn a non-finite summary into nil; JSON has no inf or NaN.
        guard let summary, summary.isFinite else { return "null" }
        return object([("min", number(summary.minimum)), ("avg", number(summary.average)), ("max", number(summary.maximum)),
                       ("samples", String(summary.sampleCount))])
    }

    static func sector(_ sector: WindSector) -> String {
        object([("point", string(sector.point)), ("degrees", number(sector.degrees)), ("samples", String(sector.sampleCount))])
    }

    private static func object(_ members: [(String, String)]) -> String { MarsWeatherJSON.object(members) }
    private static func number(_ value: Double?) -> String { MarsWeatherJSON.number(value) }
    private static func string(_ text: String) -> String { MarsWeatherJSON.string(text) }
}
