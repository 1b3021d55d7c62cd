import Testing
@testable import SpaceDashCLI

@Suite struct CommandContextTests {
    @Test func colourIsDecidedForEachOutputOnItsOwn() {
        let context = CommandContext(streams: .memory(stdoutIsTerminal: false, stderrIsTerminal: true), environment: [:])
        #expect(!context.usesColor)
        #expect(!context.style.isEnabled)
        #expect(context.errorStyle.isEnabled)
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
        #expect(streams.stderr.text == "showing cached data\n")
        #expect(streams.stdout.text == "")
        #expect(context.commandPath == ["x"])
        #expect(context.colorMode == .never)
    }

    @Test func aNoticeThatCannotBeWrittenIsDropped() {
        let context = CommandContext(
            streams: OutputStreams(stdout: .memory(), stderr: .fileDescriptor(-1, buffered: false)), environment: [:])
        context.notice("nowhere to go")
    }
}
