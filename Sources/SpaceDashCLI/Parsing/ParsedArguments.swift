/// The words of one command line, sorted by the argument they belong to and
/// already checked. Read typed values with the declarations:
///
///     let sols = arguments[Self.sols]        // Int (default applied)
///     let sol = arguments[Self.sol]          // Int? for Option<Int?>
///     let json = arguments[Self.json]        // Bool
///     let terms = arguments[Self.query]      // [String]
import Synchronization

struct ParsedArguments: Sendable {
    /// Raw values by option or positional name, in command-line order.
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    /// Values from outside the command line (a variable, the config file) by
    /// option name, read when the command line gives none (`Settings`).
    private(set) var settings: [String: [String]] = [:]
    /// What the command declared (nil: not known, as in a hand-made value).
    private let declared: Set<String>?
    /// Declarations read although the command did not declare them: each
    /// would silently read its default (`CommandTreeTests` fails on any).
    private let strayReads = StrayReads()

    init() { declared = nil }

    init(declaring arguments: [ArgumentInfo]) {
        declared = Set(arguments.map { $0.kind == .positional ? "positional:\($0.name)" : $0.name })
    }

    /// The names of declarations read but not declared, in the order read.
    var undeclaredReads: [String] { strayReads.names.withLock { $0 } }

    private func noteRead(_ info: ArgumentInfo) {
        guard let declared, !declared.contains(key(info)) else { return }
        strayReads.names.withLock { $0.append(info.displayName) }
    }

    /// Whether the command declared `declaration` (true when not known).
    func declares(_ declaration: some ArgumentDeclaration) -> Bool {
        declared?.contains(key(declaration.info)) ?? true
    }

    /// Settings for options the command line may leave out: a flag or an
    /// option given on it still wins. Values were checked by the option's check.
    mutating func applySettings(_ values: [String: [String]]) {
        settings = values
    }

    mutating func add(_ raw: String, for info: ArgumentInfo) {
        values[key(info), default: []].append(raw)
    }

    mutating func setFlag(_ info: ArgumentInfo) {
        flags.insert(key(info))
    }

    private func key(_ info: ArgumentInfo) -> String {
        info.kind == .positional ? "positional:\(info.name)" : info.name
    }

    /// The raw words given for an argument, as typed.
    func rawValues(of declaration: some ArgumentDeclaration) -> [String] {
        noteRead(declaration.info)
        return values[key(declaration.info)] ?? []
    }

    /// Whether an option or flag appeared on the command line at all.
    func contains(_ declaration: some ArgumentDeclaration) -> Bool {
        let info = declaration.info
        noteRead(info)
        return info.kind == .flag ? flags.contains(key(info)) : !rawValues(of: declaration).isEmpty
    }

    subscript<Value>(option: Option<Value>) -> Value {
        // Values were checked while parsing, so this parse cannot fail.
        guard let raw = rawValues(of: option).last ?? settings[option.info.name]?.last,
              let value = try? Value.parse(argument: raw) else {
            return option.defaultValue
        }
        return value
    }

    subscript<Value>(option: RepeatedOption<Value>) -> [Value] {
        let given = rawValues(of: option)
        return (given.isEmpty ? settings[option.info.name] ?? [] : given).compactMap { try? Value.parse(argument: $0) }
    }

    subscript(flag: Flag) -> Bool {
        noteRead(flag.info)
        return flags.contains(key(flag.info)) || settings[flag.info.name] == ["true"]
    }

    /// An option of a shared group, read by a command that may not take all
    /// of the group (`FetchOptions` on the dashboard): its default when the
    /// command did not declare it.
    subscript<Value>(declared option: Option<Value>) -> Value {
        declares(option) ? self[option] : option.defaultValue
    }

    /// A flag of a shared group: false when the command did not declare it.
    subscript(declared flag: Flag) -> Bool {
        declares(flag) && self[flag]
    }

    subscript<Value>(positional: Positional<Value>) -> Value {
        if let raw = rawValues(of: positional).first, let value = try? Value.parse(argument: raw) { return value }
        if let defaultValue = positional.defaultValue { return defaultValue }
        // Only reachable when a command reads a required positional it did not
        // declare; the parser rejects a missing declared one before this.
        preconditionFailure("positional \(positional.info.name) read but not declared by the command")
    }

    subscript<Value>(positional: RepeatedPositional<Value>) -> [Value] {
        rawValues(of: positional).compactMap { try? Value.parse(argument: $0) }
    }
}

/// Where `ParsedArguments` notes reads of undeclared names (a class: the
/// value is copied into each command's `init`, the notes must be shared).
private final class StrayReads: Sendable {
    let names = Mutex<[String]>([])
}
