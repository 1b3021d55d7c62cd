/// `spacedash completion bash|zsh|fish`: a completion script for a shell,
/// generated from the registered commands.
struct CompletionCommand: Command {
    static let shell = Positional<CompletionShell>("SHELL", help: "The shell to complete in: bash, zsh or fish")

    static let configuration = CommandConfiguration(
        name: "completion",
        abstract: "Print a shell completion script (bash, zsh or fish).",
        discussion: """
            The script completes commands, subcommands, flags, and the fixed values of \
            options such as --color and --units. It is generated from the commands \
            themselves, so it is always up to date with this binary.
            """,
        arguments: [shell],
        examples: [
            Example("spacedash completion bash > ~/.local/share/bash-completion/completions/spacedash", "Install for bash."),
            Example("spacedash completion zsh > ~/.zfunc/_spacedash", "Install for zsh (with ~/.zfunc in $fpath)."),
            Example("spacedash completion fish > ~/.config/fish/completions/spacedash.fish", "Install for fish."),
        ])

    let shell: CompletionShell

    init(_ arguments: ParsedArguments) throws {
        shell = arguments[Self.shell]
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        try context.stdout.write(CompletionScript.script(for: shell, tree: CompletionTree(root: SpaceDash.self)))
        return .success
    }
}
