/// One word in order: `spacedash completion SHELL`.
///
///     static let shell = Positional<Shell>("SHELL", help: "bash, zsh or fish")   // required
///     static let topic = Positional<String?>("COMMAND", help: "...")             // optional
struct Positional<Value: ArgumentValue>: ArgumentDeclaration {
    let info: ArgumentInfo
    let defaultValue: Value?

    /// A required positional; with an optional type (`Positional<String?>`)
    /// one that may be left out, reading nil then.
    init(_ name: String, help: String, check: ValueCheck<Value>? = nil) {
        let absent = (Value.self as? any OptionalArgumentValue.Type)?.absent as? Value
        defaultValue = absent
        info = ArgumentInfo(
            kind: .positional, name: name, short: nil, valueName: name, help: help,
            defaultDescription: nil, fixedValues: Value.fixedValues, expectation: Value.expectation, isRepeatable: false,
            isOptional: absent != nil,
            check: makeCheck(Value.self, check, extract: { $0 }))
    }

    /// A positional that may be left out, taking `default` then.
    init(_ name: String, default defaultValue: Value, help: String, check: ValueCheck<Value>? = nil) {
        self.defaultValue = defaultValue
        info = ArgumentInfo(
            kind: .positional, name: name, short: nil, valueName: name, help: help,
            defaultDescription: defaultValue.argumentDescription, fixedValues: Value.fixedValues, expectation: Value.expectation,
            isRepeatable: false, isOptional: true,
            check: makeCheck(Value.self, check, extract: { $0 }))
    }
}

/// Every remaining word: `spacedash launches search [QUERY...]`. It must be
/// the last positional a command declares.
struct RepeatedPositional<Value: ArgumentValue>: ArgumentDeclaration {
    let info: ArgumentInfo

    /// - Parameters:
    ///   - isRequired: at least one word must be given.
    ///   - acceptsDashPrefixedValues: take words like `-falcon` that are not
    ///     options of the command as values instead of failing on them.
    ///   - completesCommandNames: the words are command names (`help COMMAND`),
    ///     which shell completion offers.
    init(_ name: String, help: String, isRequired: Bool = false, acceptsDashPrefixedValues: Bool = false,
                completesCommandNames: Bool = false, check: ValueCheck<Value>? = nil) {
        info = ArgumentInfo(
            kind: .positional, name: name, short: nil, valueName: name, help: help,
            defaultDescription: nil, fixedValues: Value.fixedValues, expectation: Value.expectation, isRepeatable: true,
            isOptional: !isRequired, acceptsDashPrefixedValues: acceptsDashPrefixedValues,
            completesCommandNames: completesCommandNames,
            check: makeCheck(Value.self, check, extract: { $0 }))
    }
}

/// Lets a positional of an optional type know it may be absent.
protocol OptionalArgumentValue {
    static var absent: Self { get }
}

extension Optional: OptionalArgumentValue {
    static var absent: Wrapped? { nil }
}
