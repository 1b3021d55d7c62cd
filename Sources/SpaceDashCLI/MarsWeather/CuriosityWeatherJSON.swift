import Foundation
import SpaceData

/// `mars-weather --json`'s sols for Curiosity (`MarsWeatherJSON` holds the
/// rest), units in the field names, `null` for what was not measured (never 0):
///
///     {"sol":4801,"earth_date":"2026-02-07","ls":221,"mars_month":8,
///      "air_temperature_c":{"min":-67,"max":2},"ground_temperature_c":{"min":-83,"max":12},
///      "pressure_pa":807,"uv_index":"Moderate","sunrise":"05:23","sunset":"17:34"}
///
/// `uv_index` is the feed's word (`Low`, `Moderate`, `High`, `Very_High`).
/// With `--units imperial`, `air_temperature_f` and `ground_temperature_f`
/// (to a tenth of a degree) replace the °C fields; pressure stays in Pa.
/// There is no wind, humidity or daily average: REMS publishes none.
enum CuriosityWeatherJSON {
    static func render(_ report: Sourced<CuriosityFeed>, sols: [CuriositySol], units: MarsWeatherUnits, now: Date) -> String {
        let suffix = units == .metric ? "c" : "f"
        let solObjects = sols.map { sol in
            MarsWeatherJSON.object([
                ("sol", String(sol.sol)),
                ("earth_date", MarsWeatherJSON.string(sol.earthDate.description)),
                ("ls", MarsWeatherJSON.number(sol.solarLongitude)),
                ("mars_month", sol.marsMonth.map(String.init) ?? "null"),
                ("air_temperature_\(suffix)", extremes(sol.airTemperature, units)),
                ("ground_temperature_\(suffix)", extremes(sol.groundTemperature, units)),
                ("pressure_pa", MarsWeatherJSON.number(sol.pressure)),
                ("uv_index", sol.uvIndex.map { MarsWeatherJSON.string($0.rawValue) } ?? "null"),
                ("sunrise", sol.sunrise.map { MarsWeatherJSON.string($0.description) } ?? "null"),
                ("sunset", sol.sunset.map { MarsWeatherJSON.string($0.description) } ?? "null"),
            ])
        }
        return MarsWeatherJSON.document(station: .curiosity, units: units, now: now,
                                        source: MarsWeatherJSON.source(report, description: CuriosityWeatherText.source(report.origin)),
                                        sols: solObjects)
    }

    static func extremes(_ pair: TemperatureExtremes, _ units: MarsWeatherUnits) -> String {
        MarsWeatherJSON.object([
            ("min", MarsWeatherJSON.number(CuriosityFormat.temperature(pair.low, units))),
            ("max", MarsWeatherJSON.number(CuriosityFormat.temperature(pair.high, units))),
        ])
    }
}
