/// Anything a command can declare on its command line: options, flags and
/// positionals. Each carries an `ArgumentInfo` the parser, help and shell
/// completion read.
protocol ArgumentDeclaration: Sendable {
    var info: ArgumentInfo { get }
}

/// The type-erased description of one declared argument.
struct ArgumentInfo: Sendable {
    enum Kind: Sendable, Equatable {
        /// `--json`: present or not.
        case flag
        /// `--sols N`, `--sols=N`.
        case option
        /// A word in order, like `QUERY`.
        case positional
    }

    let kind: Kind
    /// The long name without dashes (`sols`), or a positional's name (`QUERY`).
    let name: String
    /// A one-letter alias (`i` for `-i`).
    let short: Character?
    /// What the value is called in help (`N`, `SECONDS`, `metric|imperial`).
    /// Made when read (help, errors): a parse that needs no help joins no lists.
    var valueName: String { givenValueName ?? Self.defaultValueName(for: name, fixedValues: fixedValues) }
    private let givenValueName: String?
    let help: String
    /// The default as shown in help, if any.
    let defaultDescription: String?
    /// The accepted words when they are fixed (enums).
    let fixedValues: [String]?
    /// What a valid value looks like, e.g. "a whole number" or "a path".
    let expectation: String
    /// A typical value, shown when the value is missing (`--file saved.json`).
    let example: String?
    /// May be given more than once (options) or take many words (positionals).
    let isRepeatable: Bool
    /// A positional that may be left out.
    let isOptional: Bool
    /// A positional that takes words starting with `-` the command does not
    /// know as options, so `launches search starlink -falcon` can exclude.
    let acceptsDashPrefixedValues: Bool
    /// A positional whose words are command names (`help COMMAND`), for completion.
    let completesCommandNames: Bool
    /// Parses and checks one raw value, throwing what is wrong with it.
    let check: @Sendable (String) throws(InvalidArgumentValue) -> Void
    /// Whether, and where, the option has a key in the config file.
    let configPlacement: ConfigPlacement
    /// The kind of value its config key holds (a repeatable option's: a list of these).
    let settingKind: SettingKind

    /// - Parameter valueName: nil for the default: the fixed values (`metric|imperial`), else the name in capitals.
    init(kind: Kind, name: String, short: Character?, valueName: String?, help: String,
         defaultDescription: String?, fixedValues: [String]?, expectation: String, example: String? = nil,
         isRepeatable: Bool, isOptional: Bool, acceptsDashPrefixedValues: Bool = false, completesCommandNames: Bool = false,
         configPlacement: ConfigPlacement = .commandLineOnly, settingKind: SettingKind = .text,
         check: @escaping @Sendable (String) throws(InvalidArgumentValue) -> Void) {
        self.kind = kind
        self.name = name
        self.short = short
        self.givenValueName = valueName
        self.help = help
        self.defaultDescription = defaultDescription
        self.fixedValues = fixedValues
        self.expectation = expectation
        self.example = example
        self.isRepeatable = isRepeatable
        self.isOptional = isOptional
        self.acceptsDashPrefixedValues = acceptsDashPrefixedValues
        self.completesCommandNames = completesCommandNames
        self.check = check
        self.configPlacement = kind == .positional ? .commandLineOnly : configPlacement
        self.settingKind = kind == .flag ? .boolean : settingKind
    }

    /// How the argument reads in messages: `--sols`, or `QUERY`.
    var displayName: String { kind == .positional ? name : "--\(name)" }

    /// `--sols N`, `-i, --interactive`, `--units metric|imperial`, `QUERY...`.
    var helpLabel: String {
        switch kind {
        case .flag: return (short.map { "-\($0), " } ?? "") + "--\(name)"
        case .option: return (short.map { "-\($0), " } ?? "") + "--\(name) \(valueName)"
        case .positional: return isRepeatable ? "\(name)..." : name
        }
    }

    /// The argument's part of a usage line: `[--sols N]`, `[QUERY...]`, `FILE`.
    var synopsis: String {
        switch kind {
        case .flag: return "[--\(name)]"
        case .option: return "[--\(name) \(valueName)]"
        case .positional:
            let word = isRepeatable ? "\(name)..." : name
            return isOptional ? "[\(word)]" : word
        }
    }

    static func defaultValueName(for name: String, fixedValues: [String]?) -> String {
        if let fixedValues, !fixedValues.isEmpty { return fixedValues.joined(separator: "|") }
        return name.uppercased().replacingOccurrences(of: "-", with: "_")
    }
}

/// Whether, and where, an option is also a setting of the config file (and
/// of its environment variable, `SPACEDASH_` and the key in capitals). The
/// key is the option's long name; its section comes from where the option is
/// declared, so a new option gets its key without a second declaration.
enum ConfigPlacement: Sendable, Equatable {
    /// By where it is declared: a command's own option in the section of its
    /// family (`[launches] limit`, `[mars-weather] sols`); the root's own, an
    /// option group's (`Options/`) and a global option's at the top level
    /// (`units`, `timeout`, `color`), as they mean the same for every command,
    /// unless the group keeps its settings per family (`ArgumentGroup.sharesSettings`).
    case byDeclaration
    /// At the top level, for an option a command declares itself but several
    /// families share (`--station`: the dashboard's and mars-weather's).
    case topLevel
    /// No key: the option asks for one run's action, mode or output (`--json`,
    /// `-i`, `--offline`, `--help`), which a default in a file would turn on
    /// for every run with no flag to turn it off.
    case commandLineOnly
}

/// What a config key holds, as TOML types it.
enum SettingKind: Sendable, Equatable {
    /// A string (enums, text, dates: TOML's dates are not read).
    case text
    /// An integer.
    case integer
    /// An integer or a float.
    case number
    /// true or false: flags.
    case boolean
}

/// A rule a parsed value must follow, checked while parsing so the error
/// names the option: `--sols 9` → "invalid value '9' for --sols: must be
/// between 1 and 7".
struct ValueCheck<Value: Sendable>: Sendable {
    /// Returns what is wrong with a value, or nil when it is fine.
    let problem: @Sendable (Value) -> String?

    init(_ problem: @escaping @Sendable (Value) -> String?) {
        self.problem = problem
    }
}

extension ValueCheck where Value: Comparable {
    static func within(_ range: ClosedRange<Value>) -> ValueCheck {
        ValueCheck { range.contains($0) ? nil : "must be between \(range.lowerBound) and \(range.upperBound)" }
    }

    static func atLeast(_ minimum: Value) -> ValueCheck {
        ValueCheck { $0 >= minimum ? nil : "must be at least \(minimum)" }
    }
}

extension ValueCheck where Value == String {
    static var nonEmpty: ValueCheck {
        ValueCheck { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "must not be empty" : nil }
    }
}

/// Builds the erased check: parse, then apply the rule to the parsed value.
func makeCheck<Parsed: ArgumentValue, Checked>(
    _ type: Parsed.Type, _ rule: ValueCheck<Checked>?, extract: @escaping @Sendable (Parsed) -> Checked?
) -> @Sendable (String) throws(InvalidArgumentValue) -> Void {
    return { (word: String) throws(InvalidArgumentValue) in
        let value = try Parsed.parse(argument: word)
        if let rule, let checked = extract(value), let problem = rule.problem(checked) {
            throw InvalidArgumentValue(problem)
        }
    }
}

import Foundation
