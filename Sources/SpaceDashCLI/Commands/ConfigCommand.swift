/// `spacedash config`: the config file, its settings and where each comes from.
struct ConfigCommand: Command {
    static let configuration = CommandConfiguration(
        name: "config",
        abstract: "Settings: defaults for options, kept in a config file.",
        discussion: """
            Every option that makes sense as a default has a key in \
            $XDG_CONFIG_HOME/spacedash/config.toml (else ~/.config/spacedash/config.toml; \
            SPACEDASH_CONFIG names another file, --no-config ignores it): its long name, at the \
            top for the options every command shares (units, utc, timeout, color), under the \
            command's [section] for a command's own ([launches] limit, [mars-weather] sols). \
            Each key's variable, SPACEDASH_ and the key in capitals (SPACEDASH_UNITS, \
            SPACEDASH_LAUNCHES_LIMIT), sets it too. A flag beats the variable, which beats the \
            file, which beats the default. The manual page lists every key.

            A file with a mistake (an unknown key, a wrong type, a value out of range, a line \
            that is not TOML) stops every command with one line naming the file, line and \
            column, and exit 78, before any request. Secrets (NASA_API_KEY, SPACEDASH_LL2_TOKEN) \
            are no settings: they stay in the environment.
            """,
        examples: [
            Example("spacedash config set units imperial", "°F and mph from now on."),
            Example("spacedash config set launches.limit 20", "Twenty launches a listing."),
            Example("spacedash config show", "Every setting, its value and where it comes from."),
            Example("spacedash config edit", "Open the file in $VISUAL or $EDITOR, and check it after."),
        ],
        subcommands: [ConfigPathCommand.self, ConfigShowCommand.self, ConfigGetCommand.self, ConfigSetCommand.self, ConfigEditCommand.self],
        readsConfigFile: false)

    init(_ arguments: ParsedArguments) {}
}
