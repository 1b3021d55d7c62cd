import Foundation

/// The options that shape the output, declared once: `--json`, `--units`,
/// `--utc`. A command lists the ones that apply to it (`[json, units]` for
/// `mars-weather`); the others read as their defaults. `--color` is global
/// (`GlobalOptions`).
struct OutputOptions: Sendable, Equatable {
    static let json = Flag("json", help: "Print JSON for scripts instead of text")
    static let units = Option<MarsWeatherUnits>("units", default: .metric, help: "Units: metric (°C, m/s) or imperial (°F, mph); pressure stays in Pa")
    static let utc = Flag("utc", help: "Show times in UTC instead of the local time zone")

    let json: Bool
    let units: MarsWeatherUnits
    let utc: Bool

    init(_ arguments: ParsedArguments) {
        json = arguments[declared: Self.json]
        units = arguments[declared: Self.units]
        utc = arguments[declared: Self.utc]
    }

    init(json: Bool = false, units: MarsWeatherUnits = .metric, utc: Bool = false) {
        self.json = json
        self.units = units
        self.utc = utc
    }
}
