import Foundation

/// The options that shape the output, declared once: `--json`, `--units`,
/// `--utc`, `--quiet`. A command lists the ones that apply to it (`[json, units]` for
/// `mars-weather`); the others read as their defaults. `--color` is global
/// (`GlobalOptions`).
struct OutputOptions: Sendable, Equatable {
    static let json = Flag("json", help: "Print JSON for scripts instead of text")
    static let units = Option<MarsWeatherUnits>("units", default: .metric, help: "Units: metric (°C, m/s) or imperial (°F, mph); pressure stays in Pa")
    static let utc = Flag("utc", help: "Show times in UTC instead of the local time zone")
    static let quiet = Flag("quiet", short: "q", help: "Say nothing on stderr but errors (no fallback or staleness notices)")

    let json: Bool
    let units: MarsWeatherUnits
    let utc: Bool
    /// Notices off: a status bar or a script reads stdout and the exit code alone.
    let quiet: Bool

    init(_ arguments: ParsedArguments) {
        json = arguments[declared: Self.json]
        units = arguments[declared: Self.units]
        utc = arguments[declared: Self.utc]
        quiet = arguments[declared: Self.quiet]
    }

    init(json: Bool = false, units: MarsWeatherUnits = .metric, utc: Bool = false, quiet: Bool = false) {
        self.json = json
        self.units = units
        self.utc = utc
        self.quiet = quiet
    }

    /// A notice on stderr (`CommandContext.notice`), unless --quiet asked for errors only.
    func notice(_ message: String, in context: CommandContext) {
        if !quiet { context.notice(message) }
    }
}
