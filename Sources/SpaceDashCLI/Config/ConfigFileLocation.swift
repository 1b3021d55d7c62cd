/// The config file's path for the `config` commands, or why there is none.
enum ConfigFileLocation {
    static func path(_ context: CommandContext) throws(CommandError) -> String {
        guard let path = Settings.path(environment: context.environment) else {
            throw CommandError("the config file has no place: set HOME, XDG_CONFIG_HOME or \(Settings.fileVariable)", exitCode: .configuration)
        }
        return path
    }
}
