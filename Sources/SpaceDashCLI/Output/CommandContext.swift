import HTTP
import Terminal

/// What a command gets to work with, decided once per run: where to write,
/// how much styling each output takes, the environment (injected, so tests
/// control it).
public struct CommandContext: Sendable {
    /// Data: tables, JSON, the selected launch.
    public let stdout: TextOutput
    /// Notices, warnings, spinners, errors.
    public let stderr: TextOutput
    public let environment: [String: String]
    /// What `--color` said.
    public let colorMode: ColorMode
    /// The styling text on stdout may carry; give it to `StyledText.rendered(_:)`.
    public let styleMode: StyleMode
    /// The styling text on stderr may carry.
    public let errorStyleMode: StyleMode
    /// The command's words, e.g. ["launches", "search"].
    public let commandPath: [String]

    public init(streams: OutputStreams, environment: [String: String], colorMode: ColorMode = .auto,
                commandPath: [String] = []) {
        stdout = streams.stdout
        stderr = streams.stderr
        self.environment = environment
        self.colorMode = colorMode
        styleMode = colorMode.styleMode(isTerminal: streams.stdout.isTerminal, environment: environment)
        errorStyleMode = colorMode.styleMode(isTerminal: streams.stderr.isTerminal, environment: environment)
        self.commandPath = commandPath
    }

    /// Whether stdout gets colour.
    public var usesColor: Bool { styleMode == .colour }

    /// `text` in `style` for stdout: `context.styled("Sol 1200", .bold)`.
    /// The text is sanitised to one line, so API text cannot drive the terminal.
    public func styled(_ text: String, _ style: TextStyle) -> String {
        StyledText(text, style: style).rendered(styleMode)
    }

    /// Whether a spinner or progress line may be drawn on stderr: it is a
    /// terminal that understands cursor movement.
    public var showsProgress: Bool {
        stderr.isTerminal && environment["TERM"] != "dumb"
    }

    /// One line on stderr, always `spacedash: message`, or `spacedash: topic: message`
    /// when it is about one part of the output (a dashboard panel), so every
    /// notice and error reads the same and a user can tell them from data.
    /// A failure to write it is ignored, as a notice must never turn a good run
    /// into a failed one. Cleaned of control characters: notices quote servers
    /// (error details, bodies).
    public func notice(_ message: String, about topic: String? = nil) {
        try? stderr.writeLine(Self.noticeLine(message, about: topic))
    }

    /// The line `notice` writes, without its line break.
    public static func noticeLine(_ message: String, about topic: String? = nil) -> String {
        let text = topic.map { "\($0): \(message)" } ?? message
        return "\(programName): " + TerminalSanitizer.clean(text, mode: .singleLine)
    }

    /// Where HTTP request lines go with `--verbose` or `SPACEDASH_DEBUG_HTTP=1`
    /// (nil: nowhere): notices on stderr, `spacedash: http: GET …`, so they read
    /// like every other line there. HTTPLog has already redacted them.
    public func httpLog(verbose: Bool) -> HTTPLog? {
        HTTPLog.enabled(verbose: verbose, environment: environment, sink: HTTPLog { line in self.notice(line) })
    }

    /// What starts every line spacedash writes on stderr.
    public static let programName = "spacedash"
}
