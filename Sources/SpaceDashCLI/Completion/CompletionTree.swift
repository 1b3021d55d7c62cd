/// The command tree flattened for shell completion: one node per command
/// path, with what may follow it. Built from the registered commands, so a
/// new command, flag or enum value is completed without touching the scripts.
struct CompletionTree: Sendable {
    /// One word a shell may offer, with its help line.
    struct Word: Sendable, Equatable {
        var text: String
        var help: String
    }

    /// A flag or an option.
    struct Option: Sendable, Equatable {
        /// The long name without dashes: `units`.
        var name: String
        /// The one-letter alias without its dash, if any.
        var short: String?
        var help: String
        /// Whether a value follows (`--units metric`), which the shell then completes.
        var takesValue: Bool
        /// The fixed values (`metric`, `imperial`), empty when the value is free.
        var values: [String]
        /// Whether the value is a file path (`--file PATH`), which the shell completes from the disk.
        var completesPaths: Bool = false

        /// `--units`, and `-u` when it has a short name.
        var spellings: [String] { ["--\(name)"] + (short.map { ["-\($0)"] } ?? []) }
    }

    /// Everything completable after one command path.
    struct Node: Sendable {
        /// The command words, e.g. ["launches", "search"]; empty for the root.
        var path: [String]
        var subcommands: [Word]
        var options: [Option]
        /// The fixed words a positional accepts (`bash`, `zsh`, `fish`).
        var positionalValues: [String]

        /// The path as one string, the key the scripts switch on.
        var key: String { path.joined(separator: " ") }

        var valueOptions: [Option] { options.filter(\.takesValue) }

        /// Every spelling of every flag and option, with its help.
        var flags: [Word] { options.flatMap { option in option.spellings.map { Word(text: $0, help: option.help) } } }
    }

    /// The value names that stand for a path in help (`--file PATH`).
    static let pathValueNames: Set<String> = ["PATH", "FILE", "DIR"]

    let programName: String
    let nodes: [Node]

    init(root: any Command.Type, programName: String = "spacedash") {
        self.programName = programName
        var nodes: [Node] = []
        Self.collect(root, path: [], root: root, into: &nodes)
        self.nodes = nodes
    }

    private static func collect(_ command: any Command.Type, path: [String], root: any Command.Type, into nodes: inout [Node]) {
        let isRoot = path.isEmpty
        let configuration = command.configuration
        var arguments = configuration.arguments
        // `launches starlink` runs `launches search starlink`: offer its options too.
        if let defaultSubcommand = configuration.defaultSubcommand {
            let own = Set(arguments.map(\.name))
            arguments += defaultSubcommand.configuration.arguments.filter { !own.contains($0.name) }
        }
        // --version only means something before any command.
        arguments += GlobalOptions.all.filter { isRoot || $0.name != GlobalOptions.version.info.name }

        var options: [Option] = []
        var positionalValues: [String] = []
        for argument in arguments {
            switch argument.kind {
            case .flag, .option:
                options.append(Option(name: argument.name, short: argument.short.map(String.init), help: argument.help,
                                      takesValue: argument.kind == .option, values: argument.fixedValues ?? [],
                                      completesPaths: argument.kind == .option && Self.pathValueNames.contains(argument.valueName)))
            case .positional:
                positionalValues += argument.fixedValues ?? []
                // `spacedash help <TAB>`: the words `help` takes are the commands' names.
                if argument.completesCommandNames {
                    positionalValues += root.configuration.subcommands.map { $0.configuration.name }.filter { $0 != configuration.name }
                }
            }
        }
        let subcommands = configuration.subcommands.map {
            Word(text: $0.configuration.name, help: $0.configuration.abstract)
        }
        nodes.append(Node(path: path, subcommands: subcommands, options: options,
                          positionalValues: positionalValues))
        for subcommand in configuration.subcommands {
            collect(subcommand, path: path + [subcommand.configuration.name], root: root, into: &nodes)
        }
    }

    /// Every (parent path, child name) pair, for the scripts' path walk.
    var edges: [(parent: String, name: String, child: String)] {
        nodes.flatMap { node in
            node.subcommands.map { (node.key, $0.text, node.key.isEmpty ? $0.text : node.key + " " + $0.text) }
        }
    }
}
