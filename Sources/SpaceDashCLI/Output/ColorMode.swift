import Terminal

/// `--color auto|always|never`.
enum ColorMode: String, CaseIterable, ArgumentValue {
    case auto, always, never

    /// The styling an output gets: `always` everything, `never` none; `auto`
    /// what the terminal and environment allow (none off a terminal or with
    /// TERM=dumb, bold and the like but no colour with NO_COLOR set, per
    /// no-color.org, everything otherwise).
    func styleMode(isTerminal: Bool, environment: [String: String]) -> StyleMode {
        switch self {
        case .always: .colour
        case .never: .plain
        case .auto: TerminalEnvironment.styleMode(isTerminal: isTerminal, environment: environment)
        }
    }
}
