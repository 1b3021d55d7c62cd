/// `--color auto|always|never`.
public enum ColorMode: String, CaseIterable, ArgumentValue {
    case auto, always, never

    /// Whether to colour an output: `always` and `never` say so; `auto` only
    /// on a terminal, with NO_COLOR unset or empty (no-color.org) and TERM
    /// not `dumb`.
    public func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            guard isTerminal else { return false }
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            return environment["TERM"] != "dumb"
        }
    }
}
