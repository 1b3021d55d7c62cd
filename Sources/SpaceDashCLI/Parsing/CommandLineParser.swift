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
        // `mars-weather help`: a command that takes no words can only mean its help, as `launches help` does.
        if rest.count == 1, rest.first == "help", chain.count == named.count, !takesWords(chain.last!.configuration) {
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
    private static func takesWords(_ configuration: CommandConfiguration) -> Bool {
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
    private static func commandAfterOptions(_ words: [String], at index: Int, in group: CommandConfiguration)
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
    private static func optionWordsEnd(_ words: [String], from index: Int, options: [ArgumentInfo])
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

    /// `spacedash --json demo` where demo has no --json: says so, rather than
    /// calling 'demo' an unknown command.
    private static func misplacedOption(in rest: [String], before chain: [any Command.Type]) -> UsageError? {
        let configuration = chain.last!.configuration
        let options = rest.prefix { $0 != "--" }
        guard let commandIndex = options.firstIndex(where: { !looksLikeOption($0) && configuration.subcommand(named: $0) != nil }),
              let command = configuration.subcommand(named: rest[commandIndex]) else { return nil }
        let words = Array(rest[..<commandIndex])
        var index = 0
        while index < words.count {
            let found = optionWordsEnd(words, from: index, options: acceptedOptions(of: command))
            if let unknown = found.unknown {
                let path = HelpFormatter.commandName(chain + [command])
                var error = UsageError.unknownWord("unknown option '\(display(unknown))' for '\(path)'", hint: "see '\(path) --help'")
                error.commandPath = (chain + [command]).dropFirst().map { $0.configuration.name }
                return error
            }
            // A value of an option: skip it and go on.
            index = max(found.end, index + 1)
        }
        return nil
    }

    /// `launches --units metric`: which commands take an option the command does not,
    /// from the one command tree ("--units is an option of 'spacedash mars-weather' and
    /// 'spacedash'"); nil when none does.
    static func owners(of name: String, root: any Command.Type) -> String? {
        var owners: [String] = []
        func visit(_ chain: [any Command.Type]) {
            let configuration = chain.last!.configuration
            if configuration.arguments.contains(where: { $0.kind != .positional && $0.name == name }) {
                owners.append("'" + HelpFormatter.commandName(chain) + "'")
            }
            for subcommand in configuration.subcommands { visit(chain + [subcommand]) }
        }
        visit([root])
        guard !owners.isEmpty, owners.count <= 3 else { return nil }
        return "--\(display(name)) is an option of " + Suggestion.list(owners, conjunction: "and")
    }

    /// `launches serch`: the first word for a group's default subcommand is one
    /// edit from the name of one of the group's subcommands. One edit and five
    /// letters at least, so words a query plausibly holds ("sea launch",
    /// "research", "net") still search.
    private static func misspelledCommand(_ word: String, in named: [any Command.Type]) -> UsageError? {
        let group = named.last!.configuration
        guard (5...Suggestion.maximumLength).contains(word.count) else { return nil }
        let typed = Array(word.lowercased())
        guard let close = group.subcommands.first(where: {
            $0.configuration.name != word && Suggestion.editDistance(typed, Array($0.configuration.name)) <= 1
        }) else { return nil }
        let path = HelpFormatter.commandName(named)
        var error = UsageError.unknownWord("unknown command '\(display(word))' for '\(path)'", suggestion: close.configuration.name)
        error.hint = "for the word itself, write: \(path) -- \(display(word))"
        error.commandPath = named.dropFirst().map { $0.configuration.name }
        return error
    }

    /// How many words a global option at `index` takes (1 or 2), or nil.
    private static func globalOptionSpan(_ words: [String], at index: Int) -> Int? {
        let word = words[index]
        switch word {
        case "--help", "-h", "--version": return 1
        case "--color": return index + 1 < words.count ? 2 : 1
        default: return word.hasPrefix("--color=") ? 1 : nil
        }
    }

    /// The last valid `--color` value, for help shown despite other errors.
    private static func lenientColorMode(in words: [String]) -> ColorMode {
        var mode = ColorMode.auto
        for (offset, word) in words.enumerated() {
            let value: String? = word.hasPrefix("--color=") ? String(word.dropFirst(8))
                : word == "--color" && offset + 1 < words.count ? words[offset + 1] : nil
            if let value, let parsed = try? ColorMode.parse(argument: value) { mode = parsed }
        }
        return mode
    }

    /// The arguments, the colour mode, and the positional words given before
    /// any `--` (which `launches help` and `launches serch` are judged by).
    private static func parseArguments(_ words: [String], for chain: [any Command.Type]) throws(UsageError)
        -> (ParsedArguments, ColorMode, [String]) {
        let configuration = chain.last!.configuration
        let declared = configuration.arguments + GlobalOptions.all
        let named = declared.filter { $0.kind != .positional }
        let positionals = configuration.arguments.filter { $0.kind == .positional }
        let takesDashWords = positionals.contains { $0.acceptsDashPrefixedValues }

        func long(_ name: String) -> ArgumentInfo? { named.first { $0.name == name } }
        func short(_ letter: Character) -> ArgumentInfo? { named.first { $0.short == letter } }

        var parsed = ParsedArguments(declaring: declared)
        var positionalWords: [String] = []
        var wordsBeforeTerminator: Int?
        var index = 0

        func takeValue(for info: ArgumentInfo, inline: String?, shown: String) throws(UsageError) {
            var value = inline
            if value == nil, index + 1 < words.count, !looksLikeOption(words[index + 1]) {
                index += 1
                value = words[index]
            }
            guard let value else {
                let example = (info.example ?? info.fixedValues?.first ?? info.defaultDescription).map { ", e.g. \(shown) \($0)" } ?? ""
                throw UsageError("\(shown) needs a value: \(info.expectation)\(example)")
            }
            try check(value, for: info, shown: shown)
            parsed.add(value, for: info)
        }

        while index < words.count {
            let word = words[index]
            defer { index += 1 }

            if word == "--" {
                wordsBeforeTerminator = positionalWords.count
                positionalWords += words[(index + 1)...]
                index = words.count
                break
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=" as Character) ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let info = long(name) else {
                    let suggestion = Suggestion.closest(to: "--" + name, among: named.map(\.displayName))
                    throw UsageError.unknownWord("unknown option '\(display(word.count > 2 && inline != nil ? "--" + name : word))'",
                                                 suggestion: suggestion,
                                                 hint: suggestion == nil ? owners(of: name, root: chain[0]) : nil)
                }
                if info.kind == .flag {
                    if inline != nil { throw UsageError("--\(name) takes no value", hint: "write --\(name) alone") }
                    parsed.setFlag(info)
                } else {
                    try takeValue(for: info, inline: inline, shown: "--\(name)")
                }
                continue
            }
            if word.hasPrefix("-"), word.count > 1, !isNumber(word) {
                // Short options bundle as with getopt: flags, then at most one
                // option taking the rest of the word or the next one (`-jn x`).
                let letters = Array(word.dropFirst())
                var flags: [ArgumentInfo] = []
                var option: (info: ArgumentInfo, letter: Character, rest: String)?
                var unknown: Character?
                for (offset, letter) in letters.enumerated() {
                    guard let info = short(letter) else { unknown = letter; break }
                    if info.kind == .option {
                        option = (info, letter, String(letters[(offset + 1)...]))
                        break
                    }
                    flags.append(info)
                }
                if let unknown {
                    // `starlink -falcon` excludes a word, but `-q`, `-iq` or `-l 3` look
                    // like options: those fail, saying how to exclude the word.
                    if takesDashWords && !looksLikeShortOptions(letters) {
                        positionalWords.append(word)
                        continue
                    }
                    if letters.count > 1, let info = long(String(letters)) {
                        throw UsageError.unknownWord("unknown option '\(display(word))'", suggestion: info.displayName)
                    }
                    let hint = takesDashWords
                        ? "to exclude '\(display(String(letters)))', write it after --: "
                            + ([HelpFormatter.commandName(chain), "--"] + positionalWords + [word]).map(display).joined(separator: " ")
                        : nil
                    throw UsageError.unknownWord("unknown option '-\(display(String(unknown)))'"
                                     + (letters.count > 1 ? " in '\(display(word))'" : ""), hint: hint)
                }
                for info in flags { parsed.setFlag(info) }
                if let option {
                    let inline = option.rest.isEmpty ? nil : (option.rest.hasPrefix("=") ? String(option.rest.dropFirst()) : option.rest)
                    try takeValue(for: option.info, inline: inline, shown: "-\(option.letter)")
                }
                continue
            }
            positionalWords.append(word)
        }

        try assign(positionalWords, to: positionals, in: configuration, parsed: &parsed)
        return (parsed, parsed[GlobalOptions.color], Array(positionalWords.prefix(wordsBeforeTerminator ?? positionalWords.count)))
    }

    private static func assign(_ words: [String], to positionals: [ArgumentInfo], in configuration: CommandConfiguration,
                               parsed: inout ParsedArguments) throws(UsageError) {
        var remaining = words[...]
        for info in positionals {
            let taken = info.isRepeatable ? remaining : remaining.prefix(1)
            remaining = remaining.dropFirst(taken.count)
            if taken.isEmpty && !info.isOptional {
                let expected = info.fixedValues.map { ": expected \(Suggestion.list($0, conjunction: "or"))" } ?? ""
                throw UsageError("missing \(info.name)\(expected)")
            }
            for word in taken {
                try check(word, for: info, shown: info.name)
                parsed.add(word, for: info)
            }
        }
        guard let extra = remaining.first else { return }
        if !configuration.subcommands.isEmpty {
            let names = configuration.subcommands.map { $0.configuration.name }
            throw UsageError.unknownWord(extra.isEmpty ? "unknown command '' (an empty word)" : "unknown command '\(display(extra))'",
                             suggestion: Suggestion.closest(to: extra, among: names))
        }
        throw UsageError.unknownWord("unexpected argument '\(display(extra))'",
                         hint: positionals.isEmpty ? "'\(configuration.name)' takes no arguments" : nil)
    }

    private static func check(_ word: String, for info: ArgumentInfo, shown: String) throws(UsageError) {
        do {
            try info.check(word)
        } catch {
            throw UsageError("invalid value '\(display(word))' for \(shown): \(error.reason)", suggestion: error.suggestion)
        }
    }

    /// A dash-word of one or two letters (`-q`, `-iq`): an option, or a
    /// mistyped one, never a word to exclude; longer ones (`-falcon`) may be.
    private static func looksLikeShortOptions(_ letters: [Character]) -> Bool {
        letters.count <= 2
    }

    /// A word that is an option rather than a value: `--json`, `-i`, but not
    /// `-` (stdin) or `-3` (a negative number).
    private static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word.count > 1 && !isNumber(word)
    }

    private static func isNumber(_ word: String) -> Bool {
        Double(word) != nil && word.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
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
