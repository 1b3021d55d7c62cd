import Foundation
import TOML

/// A config key's values as TOML holds them and as the command line words
/// them: the file's typed values become the words a flag would have been
/// given, and are checked by the option's own check, so `limit = 0` fails as
/// `--limit 0` does.
extension ConfigKey {
    /// What is wrong with a value for this key, and what to write instead.
    struct Problem: Error, Equatable {
        var message: String
        var suggestion: String?
    }

    /// The TOML type the key holds, as messages say it: "a number", "a list of strings".
    var kindDescription: String {
        guard info.isRepeatable else { return itemDescription }
        return switch info.settingKind {
        case .text: "a list of strings"
        case .integer: "a list of integers"
        case .number: "a list of numbers"
        case .boolean: "a list of true or false"
        }
    }

    /// What one value (of a list, for a list's key) must be: "a string".
    private var itemDescription: String {
        switch info.settingKind {
        case .text: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "true or false"
        }
    }

    /// A value this key could hold, written as in the file: `15`, `"metric"`, `["SpaceX"]`.
    var exampleValue: String {
        let word = info.example ?? info.fixedValues?.first ?? info.defaultDescription.map { $0.replacingOccurrences(of: "\"", with: "") }
        let one = switch info.settingKind {
        case .text: TOMLDocument.Value.string(word ?? "…").tomlText
        case .integer: word.flatMap { Int($0) }.map(String.init) ?? "1"
        case .number: word.flatMap { Double($0) }.map { TOMLDocument.Value.float($0).tomlText.replacingOccurrences(of: ".0", with: "") } ?? "1"
        case .boolean: "true"
        }
        return info.isRepeatable ? "[\(one)]" : one
    }

    /// The value as the words a command line would give, each checked.
    func words(from value: TOMLDocument.Value) throws(Problem) -> [String] {
        guard info.isRepeatable else { return [try word(from: value)] }
        guard case .array(let items) = value else {
            throw Problem(message: "\(displayName) must be \(kindDescription), not \(value.kindDescription)",
                          suggestion: "write \(name) = [\(value.tomlText)]")
        }
        var words: [String] = []
        for item in items { words.append(try word(from: item)) }
        return words
    }

    private func word(from value: TOMLDocument.Value) throws(Problem) -> String {
        let word: String? = switch (info.settingKind, value) {
        case (.text, .string(let text)): text
        case (.integer, .integer(let number)), (.number, .integer(let number)): String(number)
        case (.number, .float(let number)): "\(number)"
        case (.boolean, .boolean(let flag)): flag ? "true" : "false"
        default: nil
        }
        guard let word else {
            let one = info.isRepeatable ? "\(itemDescription) in its list" : kindDescription
            throw Problem(message: "\(displayName) must be \(one), not \(value.kindDescription)",
                          suggestion: "write \(name) = \(exampleValue)")
        }
        try check(word)
        return word
    }

    /// The option's own check of one word.
    func check(_ word: String) throws(Problem) {
        do {
            try info.check(word)
        } catch {
            throw Problem(message: "invalid value \(TOMLDocument.Value.string(word).tomlText) for \(displayName): \(error.reason)",
                          suggestion: error.suggestion.map { "did you mean '\($0)'?" })
        }
    }

    /// The TOML value `config set` writes for words from its command line:
    /// checked as the flag's, typed as the key is (a list's words split at commas).
    func value(fromCommandLine text: String) throws(Problem) -> TOMLDocument.Value {
        let words = info.isRepeatable ? Self.listWords(text) : [text]
        var values: [TOMLDocument.Value] = []
        for word in words {
            if info.settingKind == .boolean {
                do {
                    values.append(.boolean(try Flag.parse(word)))
                } catch {
                    throw Problem(message: "invalid value '\(word)' for \(path): \(error.reason)", suggestion: error.suggestion.map { "did you mean '\($0)'?" })
                }
                continue
            }
            try check(word)
            switch info.settingKind {
            case .integer: values.append(.integer(Int(word.trimmingCharacters(in: .whitespaces)) ?? 0))
            case .number:
                let number = Double(word.trimmingCharacters(in: .whitespaces)) ?? 0
                values.append(number == number.rounded() && abs(number) < 1e15 ? .integer(Int(number)) : .float(number))
            default: values.append(.string(word))
            }
        }
        return info.isRepeatable ? .array(values) : values[0]
    }

    /// A list's words as an environment variable or `config set` gives them: `SpaceX,ESA`.
    static func listWords(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

