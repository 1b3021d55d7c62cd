import TOML

/// Where a setting's value came from, as `config show` says it (as
/// `git config --show-origin` does). A flag is never shown: `config show`
/// takes none of the options it lists.
enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
    case builtIn
    case file(path: String, line: Int)
    case environment(String)

    /// `default`, `/home/u/.config/spacedash/config.toml:3`, `env SPACEDASH_UNITS`.
    var description: String {
        switch self {
        case .builtIn: "default"
        case .file(let path, let line): "\(path):\(line)"
        case .environment(let name): "env \(name)"
        }
    }
}

/// A setting's value (as command-line words) and where it came from.
struct SettingValue: Sendable, Equatable {
    let words: [String]
    let origin: SettingOrigin
}

/// The settings outside the command line of one run, read once by the
/// composition root (`SpaceDash.execute`) before the command is built: the
/// config file and each key's environment variable. A flag beats its
/// variable, which beats the file, which beats the built-in default.
struct Settings: Sendable {
    /// The variable that names another config file.
    static let fileVariable = "SPACEDASH_CONFIG"

    /// Where the config file is (or would be): `SPACEDASH_CONFIG`, else
    /// `$XDG_CONFIG_HOME/spacedash/config.toml`, else `~/.config/spacedash/config.toml`;
    /// nil without a home.
    let path: String?
    /// The file, checked; nil when there is none or `--no-config` ignores it.
    let file: ConfigFile?
    let environment: [String: String]

    /// No file, and no variables: every key at its default (the demo's runs, help).
    static let none = Settings(path: nil, file: nil, environment: [:])

    init(path: String?, file: ConfigFile?, environment: [String: String]) {
        self.path = path
        self.file = file
        self.environment = environment
    }

    /// The run's settings: the file at `path(environment:)` checked against the
    /// keys of the tree under `root` (only the families it names are built).
    static func load(environment: [String: String], ignoringFile: Bool, root: any Command.Type) throws(CommandError) -> Settings {
        let path = path(environment: environment)
        let file = ignoringFile ? nil : try path.flatMap { (path: String) throws(CommandError) in try ConfigFile.load(path: path, root: root) }
        return Settings(path: path, file: file, environment: environment)
    }

    static func path(environment: [String: String]) -> String? {
        if let named = environment[fileVariable], !named.isEmpty { return named }
        // XDG: a relative XDG_CONFIG_HOME is invalid and ignored.
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/spacedash/config.toml" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config/spacedash/config.toml"
    }

    /// The value of `key` from its variable, else the file; nil: its default.
    /// A variable holding a value its option refuses is a configuration error.
    func value(of key: ConfigKey) throws(CommandError) -> SettingValue? {
        let variable = key.environmentVariable
        if let text = environment[variable], !text.isEmpty {
            let words = key.info.isRepeatable ? ConfigKey.listWords(text) : [text]
            for word in words {
                do {
                    if key.info.settingKind == .boolean { _ = try Flag.parse(word) } else { try key.info.check(word) }
                } catch {
                    throw CommandError("\(variable) holds \(TOMLDocument.Value.string(word).tomlText), which \(key.path) cannot take: \(error.reason)"
                                       + (error.suggestion.map { "; did you mean '\($0)'?" } ?? "") + " (set it right, or unset it)",
                                       exitCode: .configuration)
                }
            }
            let normalized = key.info.settingKind == .boolean ? words.map { (try? Flag.parse($0)) == true ? "true" : "false" } : words
            return SettingValue(words: normalized, origin: .environment(variable))
        }
        if let file, let setting = file.settings[key.path] {
            return SettingValue(words: setting.words, origin: .file(path: file.path, line: setting.line))
        }
        return nil
    }

    /// The settings of the options of the command `chain` runs, by option name,
    /// for `ParsedArguments.applySettings`.
    func values(for chain: [any Command.Type]) throws(CommandError) -> [String: [String]] {
        // Most runs have neither: a status bar's `launches next` does no more (issue 16).
        guard file?.settings.isEmpty == false || hasSettingVariable else { return [:] }
        var values: [String: [String]] = [:]
        for key in ConfigKeys.keys(of: chain) {
            if let value = try value(of: key) { values[key.name] = value.words }
        }
        return values
    }

    /// Whether a variable could be a key's: `SPACEDASH_…`, and not one of the app's others.
    private var hasSettingVariable: Bool {
        environment.keys.contains { name in
            name.utf8.starts(with: "SPACEDASH_".utf8) && !Self.otherVariables.contains(name)
        }
    }

    /// The app's variables that are no setting's.
    static let otherVariables: Set<String> = [
        Services.Variable.insightURL, Services.Variable.curiosityURL, Services.Variable.launchesURL,
        Services.Variable.launchesToken, Services.Variable.debugHTTP, Services.Variable.cacheDirectory,
        CommandContext.nowVariable, fileVariable,
    ]

    /// The entries of `[place]` as the file wrote them, with where they are, for
    /// the places code (which checks them: this code reserves the section only).
    var placeEntries: [TOMLDocument.Entry] {
        file?.reservedEntries("place") ?? []
    }
}
