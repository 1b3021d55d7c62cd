import Testing
import SpaceData
@testable import SpaceDashCLI
import Terminal

@Suite struct CommandContextTests {
    @Test func colourIsDecidedForEachOutputOnItsOwn() {
        let context = CommandContext(streams: .memory(stdoutIsTerminal: false, stderrIsTerminal: true), environment: [:])
        #expect(context.styleMode != .colour)
        #expect(context.styleMode == .plain)
        #expect(context.errorStyleMode == .colour)
    }

    /// The full-screen views draw on the terminal device, so their style is a terminal's
    /// whatever stdout is (a pipe for `-i | cut`), still under --color and NO_COLOR.
    @Test func theScreensStyleIsATerminalsWhateverStdoutIs() {
        let piped = OutputStreams.memory(stdoutIsTerminal: false, stderrIsTerminal: false)
        #expect(CommandContext(streams: piped, environment: ["TERM": "xterm"]).screenStyleMode == .colour)
        #expect(CommandContext(streams: piped, environment: ["TERM": "xterm", "NO_COLOR": "1"]).screenStyleMode == .attributes)
        #expect(CommandContext(streams: piped, environment: ["TERM": "xterm"], colorMode: .never).screenStyleMode == .plain)
        #expect(CommandContext(streams: .memory(stdoutIsTerminal: true), environment: ["TERM": "xterm"], colorMode: .always)
            .screenStyleMode == .colour)
    }

    @Test func styledTextFollowsTheModeAndIsSanitised() {
        let plain = CommandContext(streams: .memory(stdoutIsTerminal: false), environment: [:])
        #expect(plain.styled("Sol 1200", .bold) == "Sol 1200")
        let coloured = CommandContext(streams: .memory(stdoutIsTerminal: true), environment: [:])
        #expect(coloured.styled("ok", .success) == "\u{1B}[32mok\u{1B}[0m")
        #expect(coloured.styleMode == .colour)
        #expect(!coloured.styled("a\u{1B}[2Jb", .plain).contains("\u{1B}"), "text from an API cannot clear the screen")
    }

    @Test func theWidthIsColumnsElseTheTerminalsElseNone() {
        #expect(CommandContext(streams: .memory(), environment: ["COLUMNS": "123"]).width == 123)
        #expect(CommandContext(streams: .memory(), environment: ["COLUMNS": "0"]).width == nil, "nonsense is ignored")
        // Into a pipe (a memory output has no terminal to ask): as wide as the data needs,
        // and 80 columns where a layout needs a number.
        let piped = CommandContext(streams: .memory(), environment: [:])
        #expect(piped.width == nil)
        #expect(piped.layoutWidth == 80)
    }

    @Test func glyphsFollowTheLocale() {
        #expect(CommandContext(streams: .memory(), environment: ["LANG": "C.UTF-8"]).glyphs == .unicode)
        #expect(CommandContext(streams: .memory(), environment: ["LC_ALL": "C", "LANG": "C.UTF-8"]).glyphs == .ascii)
    }

    @Test func timesAreShownInUTCUnderUTCElseInTZ() {
        #expect(CommandContext(streams: .memory(), environment: ["TZ": "Europe/Paris"]).timeZone.identifier == "Europe/Paris")
        #expect(CommandContext(streams: .memory(), environment: ["TZ": ":Asia/Tokyo"]).timeZone.identifier == "Asia/Tokyo")
        #expect(CommandContext(streams: .memory(), environment: ["TZ": "Europe/Paris"], utc: true).timeZone.secondsFromGMT() == 0)
    }

    @Test func spacedashNowStopsTheRunsClock() throws {
        let clock = try CommandContext.clock(environment: ["SPACEDASH_NOW": "2026-07-20T12:00:00Z"])
        #expect(LaunchLibraryDate.string(from: clock()) == "2026-07-20T12:00:00Z")
        let context = CommandContext(streams: .memory(), environment: [:], clock: clock)
        #expect(context.now == clock())
        #expect(try CommandContext.clock(environment: ["SPACEDASH_NOW": "2026-07-20T12:00:00.500Z"])().timeIntervalSince(clock()) == 0.5)
    }

    @Test(arguments: ["tomorrow", "2026-07-20", "2026-07-20T12:00:00", "2026-07-20T12:00:00+02:00", "2026-13-01T00:00:00Z"])
    func aMalformedSpacedashNowIsAConfigurationError(_ text: String) {
        #expect(throws: CommandError.self) { try CommandContext.clock(environment: ["SPACEDASH_NOW": text]) }
        do {
            _ = try CommandContext.clock(environment: ["SPACEDASH_NOW": text])
        } catch {
            #expect(error.exitCode == .configuration)
            #expect(error.message.hasPrefix("SPACEDASH_NOW is not an ISO-8601 UTC time: \"\(text)\""))
            #expect(error.message.contains("2026-07-20T12:00:00Z"), "it shows the form that works")
        }
    }

    @Test func progressNeedsATerminalThatIsNotDumb() {
        #expect(CommandContext(streams: .memory(stderrIsTerminal: true), environment: [:]).showsProgress)
        #expect(!CommandContext(streams: .memory(stderrIsTerminal: false), environment: [:]).showsProgress)
        #expect(!CommandContext(streams: .memory(stderrIsTerminal: true), environment: ["TERM": "dumb"]).showsProgress)
    }

    @Test func noticesGoToStderrAsLines() {
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: [:], colorMode: .never, commandPath: ["x"])
        context.notice("showing cached data")
        #expect(streams.stderr.text == "spacedash: showing cached data\n")
        #expect(streams.stdout.text == "")
        #expect(context.commandPath == ["x"])
        #expect(context.colorMode == .never)
    }

    @Test func everyNoticeStartsWithTheProgramAndMayNameWhatItIsAbout() {
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: [:])
        context.notice("cannot connect to example.org", about: "launches")
        context.notice("bell\u{07} and\nbreak\u{1B}[2J", about: "mars\u{1B}]0;x\u{07}-weather")
        let lines = streams.stderr.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one line each: \(lines)")
        #expect(lines.first == "spacedash: launches: cannot connect to example.org")
        let hostile = lines.last ?? ""
        #expect(hostile.hasPrefix("spacedash: mars") && hostile.hasSuffix("break"))
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "neither the message nor the topic can drive the terminal")
    }

    /// `spacedash 2>&-`: the notices have nowhere to go, and the data still does.
    @Test func aNoticeThatCannotBeWrittenIsDroppedAndTheRunGoesOn() async {
        let stdout = TextOutput.memory()
        let closedStderr = TextOutput.fileDescriptor(-1, buffered: false)
        #expect(throws: OutputError.self) { try closedStderr.writeLine("nowhere to go") }
        let code = await SpaceDash.run(arguments: ["mars-weather", "--offline"],
                                       environment: ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test", "COLUMNS": "100"],
                                       streams: OutputStreams(stdout: stdout, stderr: closedStderr))
        #expect(code == 0)
        #expect(stdout.text.contains("4801\t2026-02-07\t"), "the rows still reach stdout: \(stdout.text)")
    }
}
