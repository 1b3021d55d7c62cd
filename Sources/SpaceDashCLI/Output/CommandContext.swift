import Foundation
import SpaceData
import Terminal

/// What a command gets to work with, decided once per run: where to write,
/// the presentation (styling of each output, width, glyphs, time zone, "now"),
/// and the environment (injected, so tests control it). Renderers get these
/// choices; none of them looks at the environment again.
struct CommandContext: Sendable {
    /// Data: tables, JSON, the selected launch.
    let stdout: TextOutput
    /// Notices, warnings, spinners, errors.
    let stderr: TextOutput
    let environment: [String: String]
    /// What `--color` said.
    let colorMode: ColorMode
    /// The styling text on stdout may carry; give it to `StyledText.rendered(_:)`.
    let styleMode: StyleMode
    /// The styling text on stderr may carry.
    let errorStyleMode: StyleMode
    /// The styling of the full-screen views (`ScreenLoop`), drawn on the terminal
    /// device whatever stdout and stderr are.
    let screenStyleMode: StyleMode
    /// The command's words, e.g. ["launches", "search"].
    let commandPath: [String]
    /// "Now" for everything the run does: the real clock, or the time
    /// `SPACEDASH_NOW` sets (see `clock(environment:)`).
    let clock: @Sendable () -> Date
    /// The width output is fitted to: `COLUMNS` when set, else the width of
    /// the terminal stdout is; nil into a pipe or a file (as wide as the data needs).
    let width: Int?
    /// `COLUMNS` when set to a positive number: the width of every output,
    /// `-i`'s screen included (there never wider than the terminal).
    let columnsSetting: Int?
    /// Unicode or ASCII marks, by the locale.
    let glyphs: Glyphs
    /// Where times are shown: UTC under `--utc`, else `TZ`, else the system's
    /// zone, looked up when a time is first rendered.
    let displayTimeZone: DisplayTimeZone
    /// Whether the run may read and write the user's cache: not in the demo's
    /// runs of the commands it shows (they show the bundled data, whatever is cached).
    var usesCache = true
    /// The settings outside the command line (the config file, their variables),
    /// read once before the command was built; `config` shows them.
    var settings = Settings.none

    /// - Parameter utc: `--utc` (`OutputOptions`), for the commands that take it.
    init(streams: OutputStreams, environment: [String: String], colorMode: ColorMode = .auto,
                commandPath: [String] = [], clock: @escaping @Sendable () -> Date = { Date() }, utc: Bool = false) {
        stdout = streams.stdout
        stderr = streams.stderr
        self.environment = environment
        self.colorMode = colorMode
        styleMode = colorMode.styleMode(isTerminal: streams.stdout.isTerminal, environment: environment)
        errorStyleMode = colorMode.styleMode(isTerminal: streams.stderr.isTerminal, environment: environment)
        screenStyleMode = colorMode.styleMode(isTerminal: true, environment: environment)
        self.commandPath = commandPath
        self.clock = clock
        columnsSetting = environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        width = columnsSetting ?? Self.terminalWidth(of: streams.stdout)
        glyphs = Glyphs.forLocale(environment)
        displayTimeZone = DisplayTimeZone(utc: utc, environment: environment)
    }

    /// The width for a layout that needs one (the dashboard, a table): `width`,
    /// else 80 columns, a terminal's classic width.
    var layoutWidth: Int { width ?? 80 }

    /// The width of the terminal `output` is, if it is one (`COLUMNS` comes first).
    private static func terminalWidth(of output: TextOutput) -> Int? {
        guard output.isTerminal, let descriptor = output.fileDescriptor else { return nil }
        return TerminalSession.size(of: descriptor)?.columns
    }

    /// The zone times are shown in (`displayTimeZone`, looked up now).
    var timeZone: TimeZone { displayTimeZone.timeZone }

    /// The current time by the run's clock.
    var now: Date { clock() }

    /// The variable that sets "now" for a whole run, so output is reproducible.
    static let nowVariable = "SPACEDASH_NOW"

    /// The run's clock: stopped at `SPACEDASH_NOW` when it is set (an ISO-8601
    /// UTC time such as 2026-07-20T12:00:00Z), else the real one. A malformed
    /// value is a configuration error (exit 78) rather than a silent real clock.
    static func clock(environment: [String: String]) throws(CommandError) -> @Sendable () -> Date {
        guard let text = environment[nowVariable], !text.isEmpty else { return { Date() } }
        guard text.hasSuffix("Z") || text.hasSuffix("z"), let now = LaunchLibraryDate.date(from: text) else {
            throw CommandError("\(nowVariable) is not an ISO-8601 UTC time: \"\(text)\" (set it like 2026-07-20T12:00:00Z, or unset it for the real clock)",
                               exitCode: .configuration)
        }
        return { now }
    }


    /// `text` in `style` for stdout: `context.styled("Sol 1200", .bold)`.
    /// The text is sanitised to one line, so API text cannot drive the terminal.
    func styled(_ text: String, _ style: TextStyle) -> String {
        StyledText(text, style: style).rendered(styleMode)
    }

    /// Whether a spinner or progress line may be drawn on stderr: it is a
    /// terminal that understands cursor movement.
    var showsProgress: Bool {
        stderr.isTerminal && environment["TERM"] != "dumb"
    }

    /// One line on stderr, always `spacedash: message`, or `spacedash: topic: message`
    /// when it is about one part of the output (a dashboard panel), so every
    /// notice and error reads the same and a user can tell them from data.
    /// A failure to write it is ignored, as a notice must never turn a good run
    /// into a failed one. Cleaned of control characters: notices quote servers
    /// (error details, bodies).
    func notice(_ message: String, about topic: String? = nil) {
        try? stderr.writeLine(Self.noticeLine(message, about: topic))
    }

    /// The line `notice` writes, without its line break.
    static func noticeLine(_ message: String, about topic: String? = nil) -> String {
        let text = topic.map { "\($0): \(message)" } ?? message
        return "\(programName): " + TerminalSanitizer.clean(text, mode: .singleLine)
    }

    /// What starts every line spacedash writes on stderr.
    static let programName = "spacedash"
}
