/// What the parser says of a word that is not what the command takes: an option
/// of another command, one placed before the wrong command, a misspelled subcommand.
extension CommandLineParser {
    /// `spacedash --json demo` where demo has no --json: says so, rather than
    /// calling 'demo' an unknown command.
    static func misplacedOption(in rest: [String], before chain: [any Command.Type]) -> UsageError? {
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
    static func misspelledCommand(_ word: String, in named: [any Command.Type]) -> UsageError? {
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

    /// `launches nxt`, `launches shwo x`: a short first word one edit from a subcommand's
    /// name. Too short to refuse (`test` is a query, one edit from `next`), so the
    /// command says it only when the search finds nothing: the name, or nil.
    static func shortMisspelling(_ word: String, among names: [String]) -> String? {
        guard (3...4).contains(word.count) else { return nil }
        let typed = Array(word.lowercased())
        return names.first { $0 != word && Suggestion.editDistance(typed, Array($0)) <= 1 }
    }
}

