/// Options every command accepts, before or after its name:
/// `spacedash --color never mars-weather` = `spacedash mars-weather --color never`.
enum GlobalOptions {
    static let help = Flag("help", short: "h", help: "Show this help", config: .commandLineOnly)
    static let version = Flag("version", help: "Print the version of spacedash", config: .commandLineOnly)
    static let noConfig = Flag("no-config", help: "Ignore the config file (its settings' environment variables still apply)",
                               config: .commandLineOnly)
    static let color = Option<ColorMode>(
        "color", valueName: "WHEN", default: .auto,
        help: "Colour the output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never")

    /// In the order help lists them (`--version` only in the top-level help).
    static let all: [ArgumentInfo] = [color.info, noConfig.info, help.info, version.info]
}
