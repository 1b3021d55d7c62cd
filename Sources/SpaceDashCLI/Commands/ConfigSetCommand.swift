import TOML

/// `spacedash config set KEY VALUE`: checks the value as the option's flag
/// would, then rewrites the file atomically with that one value changed.
struct ConfigSetCommand: Command {
    static let key = Positional<String>("KEY", help: "The key: units, launches.limit (limit under [launches]); config show lists them")
    static let value = Positional<String>("VALUE", help: "Its value, as its option takes it (a list's words separated by commas)")

    static let configuration = CommandConfiguration(
        name: "set",
        abstract: "Set one setting in the config file, keeping its comments and order.",
        discussion: """
            The value is checked as the option checks it, then the file is rewritten whole in \
            one step (a temporary file beside it, flushed to disk, renamed over it): a crash or \
            a second 'config set' at the same moment never leaves half a file. The key's line \
            is changed where it is; a new key goes at the end of its section. A file with a \
            mistake is left alone: fix it with 'spacedash config edit'.
            """,
        arguments: [key, value],
        examples: [
            Example("spacedash config set units imperial", "°F and mph from now on."),
            Example("spacedash config set launches.agency SpaceX,ESA", "Only SpaceX's and ESA's launches, unless --agency says otherwise."),
        ],
        readsConfigFile: false)

    let key: ConfigKey
    let newValue: TOMLDocument.Value

    init(_ arguments: ParsedArguments) throws {
        key = try ConfigKeys(root: SpaceDash.self).named(arguments[Self.key])
        do {
            newValue = try key.value(fromCommandLine: arguments[Self.value])
        } catch {
            throw UsageError(error.message + (error.suggestion.map { "; \($0)" } ?? ""))
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let path = try ConfigFileLocation.path(context)
        try ConfigFileWriter.update(path: path) { (bytes: [UInt8]) throws(CommandError) -> [UInt8] in
            let document = try ConfigFileWriter.document(bytes, path: path)
            return document.setting(newValue, forKey: key.name, inTable: key.section)
        }
        if let text = context.environment[key.environmentVariable], !text.isEmpty {
            context.notice("\(key.environmentVariable) is set, and overrides the file's \(key.path) while it is")
        }
        return .success
    }
}
