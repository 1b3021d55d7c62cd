/// The words after the command: options with their values, flags and positionals,
/// checked against the command's declarations.
extension CommandLineParser {
    /// The arguments, the colour mode, and the positional words given before
    /// any `--` (which `launches help` and `launches serch` are judged by).
    static func parseArguments(_ words: [String], for chain: [any Command.Type]) throws(UsageError)
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

    static func assign(_ words: [String], to positionals: [ArgumentInfo], in configuration: CommandConfiguration,
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

    static func check(_ word: String, for info: ArgumentInfo, shown: String) throws(UsageError) {
        do {
            try info.check(word)
        } catch {
            throw UsageError("invalid value '\(display(word))' for \(shown): \(error.reason)", suggestion: error.suggestion)
        }
    }
}
