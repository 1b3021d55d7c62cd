import Foundation

/// The options that shape the output, declared once: `--json`, `--format`,
/// `--units`, `--utc`, `--quiet`. Not every one applies everywhere (`--units` is Mars
/// weather's, `--utc` is for launch times), so a command takes the ones that
/// apply to it, under the group's one heading (`OutputOptions.group(json, quiet)`);
/// the others read as their defaults. `--color` is global (`GlobalOptions`).
struct OutputOptions: Sendable, Equatable {
    static let json = Flag("json", help: "Print JSON for scripts instead of text", config: .commandLineOnly)
    /// `launches next` and `mars-weather`, each with its own placeholders (`LineTemplate`).
    static let format = Option<String?>("format", valueName: "TEMPLATE",
                                        help: "Print one line for status bars and prompts: TEMPLATE with its {placeholders} (listed in the description) filled in; {{ and }} are braces",
                                        expecting: "a template", config: .commandLineOnly)
    static let units = Option<MarsWeatherUnits>("units", default: .metric, help: "Units: metric (°C, m/s) or imperial (°F, mph); pressure stays in Pa")
    static let utc = Flag("utc", help: "Show times in UTC instead of the local time zone")
    static let quiet = Flag("quiet", short: "q", help: "Say nothing on stderr but errors (no fallback or staleness notices)")

    /// The members `command` takes, under the heading "Output options".
    static func group(_ members: any ArgumentDeclaration...) -> ArgumentGroup {
        ArgumentGroup("Output options", members)
    }

    let json: Bool
    /// `--format`'s template, unchecked (each command reads its own placeholders).
    let format: String?
    let units: MarsWeatherUnits
    let utc: Bool
    /// Notices off: a status bar or a script reads stdout and the exit code alone.
    let quiet: Bool

    init(_ arguments: ParsedArguments) {
        json = arguments[declared: Self.json]
        format = arguments[declared: Self.format]
        units = arguments[declared: Self.units]
        utc = arguments[declared: Self.utc]
        quiet = arguments[declared: Self.quiet]
    }

    init(json: Bool = false, format: String? = nil, units: MarsWeatherUnits = .metric, utc: Bool = false, quiet: Bool = false) {
        self.json = json
        self.format = format
        self.units = units
        self.utc = utc
        self.quiet = quiet
    }

    /// A notice on stderr (`CommandContext.notice`), unless --quiet asked for errors only.
    func notice(_ message: String, in context: CommandContext) {
        if !quiet { context.notice(message) }
    }
}
