/// `spacedash help [COMMAND...]`: the help page of a command, like `--help`.
struct HelpCommand: Command {
    static let topic = RepeatedPositional<String>("COMMAND", help: "The command, e.g. mars-weather or launches search",
                                                  completesCommandNames: true)
    static let man = Flag("man", help: "Print the manual page of every command instead, in roff (man -l - reads it)",
                          config: .commandLineOnly)

    static let configuration = CommandConfiguration(
        name: "help",
        abstract: "Show the help of a command.",
        arguments: [topic, man],
        examples: [
            Example("spacedash help", "The overview of every command."),
            Example("spacedash help launches search", "Options and examples of a nested command."),
            Example("spacedash help --man | man -l -", "The manual page, whole."),
        ],
        readsConfigFile: false)

    let path: [String]
    let printsManPage: Bool

    init(_ arguments: ParsedArguments) throws {
        path = arguments[Self.topic]
        printsManPage = arguments[Self.man]
        if printsManPage && !path.isEmpty {
            throw UsageError("--man prints the whole manual: it takes no command", hint: "spacedash help --man")
        }
        var chain: [any Command.Type] = [SpaceDash.self]
        for name in path {
            let configuration = chain.last!.configuration
            guard let next = configuration.subcommand(named: name) else {
                let names = configuration.subcommands.map { $0.configuration.name }
                let prefix = chain.count == 1 ? "" : HelpFormatter.commandName(Array(chain.dropFirst())) + " "
                throw UsageError("unknown command '\(prefix)\(CommandLineParser.display(name))'",
                                 suggestion: Suggestion.closest(to: name, among: names).map { prefix + $0 })
            }
            chain.append(next)
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        if printsManPage {
            try context.stdout.write(ManPage.page())
            return .success
        }
        try context.stdout.write(HelpFormatter.help(for: SpaceDash.commandChain(for: path), mode: context.styleMode))
        return .success
    }
}
