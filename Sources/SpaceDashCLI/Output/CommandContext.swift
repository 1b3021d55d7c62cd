/// What a command gets to work with, decided once per run: where to write,
/// whether to colour, the environment (injected, so tests control it).
public struct CommandContext: Sendable {
    /// Data: tables, JSON, the selected launch.
    public let stdout: TextOutput
    /// Notices, warnings, spinners, errors.
    public let stderr: TextOutput
    public let environment: [String: String]
    /// What `--color` said.
    public let colorMode: ColorMode
    /// Styles for text written to stdout (plain unless colour is on there).
    public let style: TextStyle
    /// Styles for text written to stderr.
    public let errorStyle: TextStyle
    /// The command's words, e.g. ["launches", "search"].
    public let commandPath: [String]

    public init(streams: OutputStreams, environment: [String: String], colorMode: ColorMode = .auto,
                commandPath: [String] = []) {
        stdout = streams.stdout
        stderr = streams.stderr
        self.environment = environment
        self.colorMode = colorMode
        style = TextStyle(isEnabled: colorMode.isEnabled(isTerminal: streams.stdout.isTerminal, environment: environment))
        errorStyle = TextStyle(isEnabled: colorMode.isEnabled(isTerminal: streams.stderr.isTerminal, environment: environment))
        self.commandPath = commandPath
    }

    /// Whether colour is on for stdout.
    public var usesColor: Bool { style.isEnabled }

    /// Whether a spinner or progress line may be drawn on stderr: it is a
    /// terminal that understands cursor movement.
    public var showsProgress: Bool {
        stderr.isTerminal && environment["TERM"] != "dumb"
    }

    /// One line on stderr; a failure to write it is ignored, as a notice must
    /// never turn a good run into a failed one.
    public func notice(_ message: String) {
        try? stderr.writeLine(message)
    }
}
