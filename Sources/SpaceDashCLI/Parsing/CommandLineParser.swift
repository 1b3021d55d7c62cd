/// A parsed command line: which command, with which arguments, doing what.
struct Invocation: Sendable {
    enum Action: Sendable, Equatable {
        /// Run the command.
        case run
        /// Show the help of `helpTarget`.
        case help
        /// Print the version.
        case version
    }

    let action: Action
    /// The root and the commands below it, down to the one to run.
    let commands: [any Command.Type]
    /// The commands whose help `--help` shows: the ones named on the command
    /// line when `--help` came before anything else, else `commands`.
    let helpTarget: [any Command.Type]
    let arguments: ParsedArguments
    let colorMode: ColorMode

    /// The command's words below the root, e.g. ["launches", "search"].
    var commandPath: [String] { commands.dropFirst().map { $0.configuration.name } }
}

/// Turns words into an `Invocation`, or a `UsageError` naming the first
/// problem. Commands are found first (the leading words naming subcommands,
/// global options allowed among them), then the rest is parsed against the
/// chosen command's declarations and the global options.
enum CommandLineParser {
    static func parse(_ words: [String], root: any Command.Type) throws(UsageError) -> Invocation {
        var chain: [any Command.Type] = [root]
        var index = 0
        var carried: [String] = []
        var helpBeforeCommandWords = false

        // The commands: leading words that name a subcommand.
        while index < words.count {
            let word = words[index]
            let group = chain.last!.configuration
            if word == "--" {
                // `spacedash -- mars-weather --offline`: where no word of the group's
                // own can stand, `--` ends the options before the command (as with
                // sudo or env), and the command reads its own words as usual.
                guard !takesWords(group), index + 1 < words.count,
                      let next = group.subcommand(named: words[index + 1]) else { break }
                chain.append(next)
                index += 2
                continue
            }
            if let span = globalOptionSpan(words, at: index) {
                if word == "--help" || word == "-h" { helpBeforeCommandWords = true }
                carried += words[index..<index + span]
                index += span
                continue
            }
            if looksLikeOption(word) {
                // `spacedash --offline mars-weather`: options the named command has
                // are its own, before its name as after it (as gh and kubectl do).
                guard let (next, span) = commandAfterOptions(words, at: index, in: group) else { break }
                let options = words[index..<index + span]
                if options.contains(where: { $0 == "--help" || $0 == "-h" }) { helpBeforeCommandWords = true }
                carried += options
                chain.append(next)
                index += span + 1
                continue
            }
            guard let next = group.subcommand(named: word) else { break }
            chain.append(next)
            index += 1
        }
        let named = chain
        while let implicit = chain.last!.configuration.defaultSubcommand {
            chain.append(implicit)
        }
        let rest = carried + words[index...]
        let helpTarget = helpBeforeCommandWords ? named : chain
        let helpRequested = rest.prefix(while: { $0 != "--" }).contains { $0 == "--help" || $0 == "-h" }
        // `mars-weather help`, `launches next help`: a lone "help" is the command's help
        // everywhere, as `launches help` is (a search for the word: `launches search -- help`).
        if rest.count == 1, rest.first == "help" {
            return Invocation(action: .help, commands: chain, helpTarget: named, arguments: ParsedArguments(), colorMode: .auto)
        }

        do throws(UsageError) {
            let (arguments, colorMode, leadingWords) = try parseArguments(Array(rest), for: chain)
            if chain.count > named.count, let firstWord = leadingWords.first {
                // `launches help`, `launches serch starlink`: a word meant as a
                // command, not as the default command's first word.
                if firstWord == "help", !arguments[GlobalOptions.help] {
                    let topic = leadingWords.dropFirst().first
                    let target = topic.flatMap { named.last!.configuration.subcommand(named: $0) }.map { named + [$0] } ?? named
                    return Invocation(action: .help, commands: chain, helpTarget: target,
                                      arguments: ParsedArguments(), colorMode: colorMode)
                }
                if let misspelled = misspelledCommand(firstWord, in: named) { throw misspelled }
            }
            let action: Invocation.Action = arguments[GlobalOptions.help] ? .help
                : arguments[GlobalOptions.version] ? .version : .run
            return Invocation(action: action, commands: chain, helpTarget: helpTarget,
                              arguments: arguments, colorMode: colorMode)
        } catch {
            // Help wins over a wrong value: the user asked how to fix it. A word the
            // command does not know (`launchs --help`) is answered as without --help.
            if helpRequested && !error.namesAnUnknownWord {
                return Invocation(action: .help, commands: chain, helpTarget: helpTarget,
                                  arguments: ParsedArguments(), colorMode: lenientColorMode(in: Array(rest)))
            }
            var located = error
            located.commandPath = chain.dropFirst().map { $0.configuration.name }
            let configuration = chain.last!.configuration
            // `spacedash --json demo`: the command was there, after an option it does not have.
            if !takesWords(configuration), let misplaced = misplacedOption(in: Array(rest), before: chain) {
                throw misplaced
            }
            if located.hint == nil, located.suggestion == nil,
               let command = rest.first(where: { configuration.subcommand(named: $0) != nil }) {
                let path = HelpFormatter.commandName(chain + [configuration.subcommand(named: command)!])
                located.hint = "a command's options go after its name: \(path) …"
            }
            throw located
        }
    }

    /// Whether a command takes words of its own (positionals, or a default
    /// subcommand's), so a word after it need not name a subcommand.
    static func takesWords(_ configuration: CommandConfiguration) -> Bool {
        configuration.defaultSubcommand != nil || configuration.arguments.contains { $0.kind == .positional }
    }

    /// The options and flags a command accepts: its own, its default
    /// subcommand's (`launches --past` is `launches search --past`), the global ones.
    static func acceptedOptions(of command: any Command.Type) -> [ArgumentInfo] {
        var options: [ArgumentInfo] = []
        var current: (any Command.Type)? = command
        while let configuration = current?.configuration {
            for info in configuration.arguments where info.kind != .positional && !options.contains(where: { $0.name == info.name }) {
                options.append(info)
            }
            current = configuration.defaultSubcommand
        }
        return options + GlobalOptions.all
    }

    /// How many words from `index` are options of one subcommand of `group`
    /// (their values included) followed by that subcommand's name, and which
    /// subcommand; nil when no subcommand fits.
    static func commandAfterOptions(_ words: [String], at index: Int, in group: CommandConfiguration)
        -> (any Command.Type, Int)? {
        for command in group.subcommands {
            let end = optionWordsEnd(words, from: index, options: acceptedOptions(of: command)).end
            if end > index, end < words.count, words[end] == command.configuration.name {
                return (command, end - index)
            }
        }
        return nil
    }

    /// Where the run of option words from `index` ends (after their values),
    /// and the first word that is no option of `options`, if that ended it.
    static func optionWordsEnd(_ words: [String], from index: Int, options: [ArgumentInfo])
        -> (end: Int, unknown: String?) {
        var end = index
        while end < words.count, words[end] != "--", looksLikeOption(words[end]) {
            let word = words[end]
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                guard let info = options.first(where: { $0.name == String(body.prefix { $0 != "=" }) }) else {
                    return (end, word)
                }
                end += info.kind == .option && !body.contains("=" as Character) ? 2 : 1
                continue
            }
            var span = 1
            for (offset, letter) in word.dropFirst().enumerated() {
                guard let info = options.first(where: { $0.short == letter }) else { return (end, word) }
                if info.kind == .option {
                    if offset == word.count - 2 { span = 2 }
                    break
                }
            }
            end += span
        }
        return (min(end, words.count), nil)
    }

    /// How many words a global option at `index` takes (1 or 2), or nil.
    static func globalOptionSpan(_ words: [String], at index: Int) -> Int? {
        let word = words[index]
        switch word {
        case "--help", "-h", "--version", "--no-config": return 1
        case "--color": return index + 1 < words.count ? 2 : 1
        default: return word.hasPrefix("--color=") ? 1 : nil
        }
    }

    /// The last valid `--color` value, for help shown despite other errors.
    static func lenientColorMode(in words: [String]) -> ColorMode {
        var mode = ColorMode.auto
        for (offset, word) in words.enumerated() {
            let value: String? = word.hasPrefix("--color=") ? String(word.dropFirst(8))
                : word == "--color" && offset + 1 < words.count ? words[offset + 1] : nil
            if let value, let parsed = try? ColorMode.parse(argument: value) { mode = parsed }
        }
        return mode
    }

    /// A dash-word of one or two letters (`-q`, `-iq`): an option, or a
    /// mistyped one, never a word to exclude; longer ones (`-falcon`) may be.
    static func looksLikeShortOptions(_ letters: [Character]) -> Bool {
        letters.count <= 2
    }

    /// A word that is an option rather than a value: `--json`, `-i`, but not
    /// `-` (stdin) or `-3` (a negative number).
    static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1 && !isNumber(word)
    }

    /// A negative number ("-3", "-0.5"), or a coordinate pair starting with one
    /// ("-33.87,151.21", `--at`): a value, not an option.
    static func isNumber(_ word: String) -> Bool {
        if Double(word) != nil && word.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) { return true }
        let parts = word.split(separator: ",", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { part in
            Double(part.trimmingCharacters(in: .whitespaces)) != nil && part.allSatisfy { $0.isASCII && ($0.isNumber || ".- ".contains($0)) }
        }
    }

    /// A word as shown in a message: control characters escaped so they cannot
    /// drive the terminal, and very long words cut.
    static func display(_ word: String) -> String {
        var shown = ""
        for scalar in word.unicodeScalars.prefix(60) {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                shown += "\\u{\(String(value, radix: 16, uppercase: true))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return word.unicodeScalars.count > 60 ? shown + "…" : shown
    }
}
