/// `spacedash config edit`: the file in the user's editor, checked after.
struct ConfigEditCommand: Command {
    static let configuration = CommandConfiguration(
        name: "edit",
        abstract: "Open the config file in $VISUAL or $EDITOR (else vi), and check it when the editor exits.",
        discussion: """
            The editor is run directly, without a shell: its variable holds a program and its \
            arguments separated by spaces (EDITOR='code --wait'). A file left with a mistake is \
            named with its line and column (exit 78); run 'spacedash config edit' again to fix it.
            """,
        examples: [Example("spacedash config edit", "Edit the settings in $VISUAL, else $EDITOR (EDITOR=nano: in nano).")],
        readsConfigFile: false)

    init(_ arguments: ParsedArguments) {}

    func run(_ context: CommandContext) async throws -> ExitCode {
        let path = try ConfigFileLocation.path(context)
        try ConfigFileWriter.createDirectory(for: path)
        try EditorLauncher.edit(path, environment: context.environment)
        _ = try ConfigFile.load(path: path, root: SpaceDash.self)
        return .success
    }
}
