/// `spacedash config path`: where the config file is, or would be.
struct ConfigPathCommand: Command {
    static let configuration = CommandConfiguration(
        name: "path",
        abstract: "Print where the config file is read from (whether or not it exists).",
        examples: [Example("spacedash config path", "/home/you/.config/spacedash/config.toml")],
        readsConfigFile: false)

    init(_ arguments: ParsedArguments) {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.writeLine(try ConfigFileLocation.path(context))
        return .success
    }
}
