/// `spacedash config get KEY`: one setting's value, as the next run would use it.
struct ConfigGetCommand: Command {
    static let key = Positional<String>("KEY", help: "The key: units, launches.limit (limit under [launches]); config show lists them")

    static let configuration = CommandConfiguration(
        name: "get",
        abstract: "Print one setting's value (from a variable, the file or the default).",
        discussion: "A list's words are joined with commas. Exits 1, printing nothing, for an option with no default that nothing sets.",
        arguments: [key],
        examples: [Example("spacedash config get launches.limit", "20")])

    let key: ConfigKey

    init(_ arguments: ParsedArguments) throws {
        key = try ConfigKeys(root: SpaceDash.self).named(arguments[Self.key])
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let words = try context.settings.value(of: key)?.words ?? ConfigShowCommand.defaultWords(key)
        guard !words.isEmpty else { return .failure }
        try context.stdout.writeLine(context.styled(words.joined(separator: ","), .plain))
        return .success
    }
}
