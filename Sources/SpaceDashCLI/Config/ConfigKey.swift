/// One key of the config file: an option of the command tree, found where
/// it is declared (`ConfigPlacement`), never declared a second time.
struct ConfigKey: Sendable {
    /// Its table (`launches`), nil at the top level.
    let section: String?
    /// The option, whose name is the key's and whose check checks its values.
    let info: ArgumentInfo
    /// The commands that take it (`spacedash`, `launches search`), for the man page
    /// (filled in by `ConfigKeys(root:)`; a run's keys leave it empty).
    var commands: [String] = []

    var name: String { info.name }

    /// How `config get` and `config set` name it: `units`, `launches.limit`.
    var path: String { section.map { "\($0).\(name)" } ?? name }

    /// The variable that sets it, between a flag and the file:
    /// `SPACEDASH_UNITS`, `SPACEDASH_LAUNCHES_LIMIT` (as Cargo's `CARGO_SECTION_KEY`).
    var environmentVariable: String {
        // ASCII by bytes: the keys are option names, and a run reads this for each of its options.
        let bytes = path.utf8.map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
            default: UInt8(ascii: "_")
            }
        }
        return "SPACEDASH_" + String(decoding: bytes, as: UTF8.self)
    }

    /// `[launches] limit`, as messages name it.
    var displayName: String { section.map { "[\($0)] \(name)" } ?? "'\(name)'" }
}

/// The keys of a command tree: every option that has one, in tree order.
struct ConfigKeys: Sendable {
    /// Sections spacedash reserves for settings that are no option: `[place]`,
    /// where you are, read by the places code (`ConfigFile.reservedSections`).
    static let reservedSections = ["place"]

    let keys: [ConfigKey]
    /// The options that are no setting (`ConfigPlacement.commandLineOnly`), for the
    /// message a key named after one of them gets.
    let commandLineOnlyNames: Set<String>

    /// Every key of the tree under `root`. Builds every command's declarations:
    /// only a run with a config file, `config` and the man page need it.
    init(root: any Command.Type) {
        var keys: [ConfigKey] = []
        var commandLineOnly: Set<String> = []
        func walk(_ chain: [any Command.Type]) {
            for info in chain.last!.configuration.arguments + GlobalOptions.all
            where info.kind != .positional && info.configPlacement == .commandLineOnly {
                commandLineOnly.insert(info.name)
            }
            for key in Self.keys(of: chain) {
                let command = HelpFormatter.commandName(chain)
                if let index = keys.firstIndex(where: { $0.path == key.path }) {
                    if !keys[index].commands.contains(command) { keys[index].commands.append(command) }
                } else {
                    var key = key
                    key.commands = [command]
                    keys.append(key)
                }
            }
            for subcommand in chain.last!.configuration.subcommands { walk(chain + [subcommand]) }
        }
        walk([root])
        self.keys = keys
        commandLineOnlyNames = commandLineOnly
    }

    /// The keys of the command `chain` runs (its last), the global options' included.
    static func keys(of chain: [any Command.Type]) -> [ConfigKey] {
        let family = chain.count > 1 ? chain[1].configuration.name : nil
        var keys: [ConfigKey] = []
        func add(_ info: ArgumentInfo, shared: Bool) {
            let section: String?
            switch info.configPlacement {
            case .commandLineOnly: return
            case .topLevel: section = nil
            case .byDeclaration: section = shared ? nil : family
            }
            guard !keys.contains(where: { $0.section == section && $0.name == info.name }) else { return }
            keys.append(ConfigKey(section: section, info: info))
        }
        for section in chain.last!.configuration.sections {
            for info in section.arguments where info.kind != .positional { add(info, shared: section.sharesSettings) }
        }
        for info in GlobalOptions.all { add(info, shared: true) }
        return keys
    }

    func key(section: String?, name: String) -> ConfigKey? {
        keys.first { $0.section == section && $0.name == name }
    }

    /// The key `config get` and `config set` name: `units`, `launches.limit`.
    func key(path: String) -> ConfigKey? {
        keys.first { $0.path == path }
    }

    /// Every section with keys, in tree order.
    var sections: [String] {
        var names: [String] = []
        for key in keys { if let section = key.section, !names.contains(section) { names.append(section) } }
        return names
    }
}

extension ConfigKeys {
    /// The key a command line names (`units`, `launches.limit`), or a usage error with the closest.
    func named(_ path: String) throws(UsageError) -> ConfigKey {
        if let key = key(path: path) { return key }
        if let section = ConfigKeys.reservedSections.first(where: { path.hasPrefix($0 + ".") }) {
            throw UsageError("[\(section)] is not set with config set", hint: "write it with spacedash config edit")
        }
        let display = CommandLineParser.display(path)
        if let other = keys.first(where: { $0.name == path }) {
            throw UsageError.unknownWord("unknown key '\(display)'", suggestion: other.path)
        }
        throw UsageError.unknownWord("unknown key '\(display)'", suggestion: Suggestion.closest(to: path, among: keys.map(\.path)),
                                     hint: "spacedash config show lists every key")
    }
}

/// The keys a config file names, found family by family: a file with a
/// `[launches]` section builds the launches commands' declarations, not every
/// command's, since every run reads its file first (issue 16). A top-level
/// key is looked for among the root's options first, where each is today.
struct ConfigKeyLookup {
    let root: any Command.Type
    /// By family name; "" for the root's own.
    private var found: [String: [ConfigKey]] = [:]

    init(root: any Command.Type) {
        self.root = root
    }

    mutating func key(section: String?, name: String) -> ConfigKey? {
        if let section {
            return keys(ofFamily: section).first { $0.section == section && $0.name == name }
        }
        for family in [""] + root.configuration.subcommands.map({ $0.configuration.name }) {
            if let key = keys(ofFamily: family).first(where: { $0.section == nil && $0.name == name }) { return key }
        }
        return nil
    }

    mutating func hasSection(_ name: String) -> Bool {
        keys(ofFamily: name).contains { $0.section == name }
    }

    private mutating func keys(ofFamily family: String) -> [ConfigKey] {
        if let known = found[family] { return known }
        var keys: [ConfigKey] = []
        func walk(_ chain: [any Command.Type]) {
            keys += ConfigKeys.keys(of: chain)
            for subcommand in chain.last!.configuration.subcommands { walk(chain + [subcommand]) }
        }
        if family.isEmpty {
            keys = ConfigKeys.keys(of: [root])
        } else if let command = root.configuration.subcommand(named: family) {
            walk([root, command])
        }
        found[family] = keys
        return keys
    }
}
