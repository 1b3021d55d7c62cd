/// An option taking a value: `--sols 7`, `--sols=7`, `-n 7`, `-n7`.
///
///     static let sols = Option<Int>("sols", valueName: "N", default: 7,
///                                   help: "How many sols to show", check: .within(1...7))
///     static let sol = Option<Int?>("sol", help: "Show one sol in detail")   // absent: nil
///
/// Read it with `arguments[Self.sols]`. Given twice, the last one wins.
/// `expecting:` and `example:` name the value when it is missing, where the
/// type alone would say too little: `--file needs a value: a path, e.g. --file saved.json`.
struct Option<Value: ArgumentValue>: ArgumentDeclaration {
    let info: ArgumentInfo
    let defaultValue: Value

    init(_ name: String, short: Character? = nil, valueName: String? = nil, default defaultValue: Value,
                help: String, expecting: String? = nil, example: String? = nil, check: ValueCheck<Value>? = nil,
                config: ConfigPlacement = .byDeclaration) {
        self.defaultValue = defaultValue
        info = ArgumentInfo(
            kind: .option, name: name, short: short,
            valueName: valueName,
            help: help, defaultDescription: defaultValue.argumentDescription, fixedValues: Value.fixedValues, expectation: expecting ?? Value.expectation, example: example,
            isRepeatable: false, isOptional: true, configPlacement: config, settingKind: Value.settingKind,
            check: makeCheck(Value.self, check, extract: { $0 }))
    }

    /// An option with no default: reading it gives nil when it was not given.
    init<Wrapped: ArgumentValue>(_ name: String, short: Character? = nil, valueName: String? = nil,
                                        help: String, expecting: String? = nil, example: String? = nil,
                                        check: ValueCheck<Wrapped>? = nil, config: ConfigPlacement = .byDeclaration) where Value == Wrapped? {
        self.defaultValue = nil
        info = ArgumentInfo(
            kind: .option, name: name, short: short,
            valueName: valueName,
            help: help, defaultDescription: nil, fixedValues: Wrapped.fixedValues, expectation: expecting ?? Wrapped.expectation, example: example,
            isRepeatable: false, isOptional: true, configPlacement: config, settingKind: Wrapped.settingKind,
            check: makeCheck(Wrapped.self, check, extract: { $0 }))
    }
}

/// An option that may be given many times, collecting every value in order:
/// `--agency SpaceX --agency ESA`.
struct RepeatedOption<Value: ArgumentValue>: ArgumentDeclaration {
    let info: ArgumentInfo

    init(_ name: String, short: Character? = nil, valueName: String? = nil, help: String,
                expecting: String? = nil, example: String? = nil, check: ValueCheck<Value>? = nil,
                config: ConfigPlacement = .byDeclaration) {
        info = ArgumentInfo(
            kind: .option, name: name, short: short,
            valueName: valueName,
            help: help, defaultDescription: nil, fixedValues: Value.fixedValues, expectation: expecting ?? Value.expectation, example: example,
            isRepeatable: true, isOptional: true, configPlacement: config, settingKind: Value.settingKind,
            check: makeCheck(Value.self, check, extract: { $0 }))
    }
}

/// A flag: `--json`, `-i`. Reading it gives whether it was given (or, for
/// one with a config key, whether its setting says true).
struct Flag: ArgumentDeclaration {
    let info: ArgumentInfo

    /// A flag's setting in the environment or `config set`: true or false (also 1 or 0, yes or no).
    static func parse(_ word: String) throws(InvalidArgumentValue) -> Bool {
        switch word.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw InvalidArgumentValue("expected true or false", suggestion: Suggestion.closest(to: word.lowercased(), among: ["true", "false"]))
        }
    }

    init(_ name: String, short: Character? = nil, help: String, config: ConfigPlacement = .byDeclaration) {
        info = ArgumentInfo(
            kind: .flag, name: name, short: short, valueName: "", help: help,
            defaultDescription: nil, fixedValues: nil, expectation: "", isRepeatable: false, isOptional: true,
            configPlacement: config, check: { (word: String) throws(InvalidArgumentValue) in _ = try Flag.parse(word) })
    }
}
