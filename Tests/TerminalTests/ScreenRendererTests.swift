import Glibc
import Foundation
import Testing
@testable import Terminal
import TestSupport

@Suite struct ScreenRendererTests {
    let size = TerminalSize(columns: 20, rows: 5)

    func frame(_ lines: [String], cursor: CursorPosition? = nil) -> Frame {
        Frame(lines: lines.map { StyledText($0) }, cursor: cursor)
    }

    /// The width rule of the full-screen views under `COLUMNS`: no wider than the limit,
    /// never wider than the screen, at least one column; the rows untouched.
    @Test func aLimitNarrowsTheSizeButNeverWidensIt() {
        let screen = TerminalSize(columns: 100, rows: 30)
        #expect(screen.limited(toColumns: nil) == screen, "no limit: the screen")
        #expect(screen.limited(toColumns: 40) == TerminalSize(columns: 40, rows: 30))
        #expect(screen.limited(toColumns: 100) == screen)
        #expect(screen.limited(toColumns: 250) == screen, "never wider than the screen")
        #expect(screen.limited(toColumns: 1) == TerminalSize(columns: 1, rows: 30))
        #expect(screen.limited(toColumns: 0) == TerminalSize(columns: 1, rows: 30), "at least one column")
        #expect(TerminalSize(columns: 0, rows: 5).limited(toColumns: nil) == TerminalSize(columns: 1, rows: 5))
        #expect(TerminalSize(columns: 0, rows: 5).limited(toColumns: 40) == TerminalSize(columns: 1, rows: 5))
    }

    @Test func firstFrameClearsAndDrawsEverythingInOneWrite() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .colour)
        try renderer.render(frame(["> falc", "2 / 10 launches", "Falcon 9"], cursor: CursorPosition(row: 0, column: 6)), size: size)
        #expect(output.writes.count == 1)
        #expect(renderer.writeCount == 1)
        let text = output.text
        #expect(text.hasPrefix("\u{1B}[?25l"), "the cursor is hidden before drawing")
        #expect(text.contains("\u{1B}[2J"))
        #expect(text.hasSuffix("\u{1B}[1;7H\u{1B}[?25h"), "and shown at the prompt afterwards")
        var screen = ScreenModel(columns: 20, rows: 5)
        screen.apply(output.writes[0])
        #expect(screen.lines == ["> falc", "2 / 10 launches", "Falcon 9", "", ""])
        #expect(screen.cursorVisible)
        #expect(screen.row == 0 && screen.column == 6)
    }

    @Test func laterFramesRedrawOnlyChangedLines() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .colour)
        try renderer.render(frame(["> fal", "status", "Falcon 9", "Falcon Heavy"], cursor: CursorPosition(row: 0, column: 5)), size: size)
        output.removeAll()
        try renderer.render(frame(["> falc", "status", "Falcon 9", "Falcon Heavy"], cursor: CursorPosition(row: 0, column: 6)), size: size)
        #expect(output.writes.count == 1)
        #expect(output.text == "\u{1B}[?25l\u{1B}[1;1H> falc\u{1B}[K\u{1B}[1;7H\u{1B}[?25h")

        output.removeAll()
        try renderer.render(frame(["> falc", "status", "Falcon 9"], cursor: CursorPosition(row: 0, column: 6)), size: size)
        #expect(output.text == "\u{1B}[?25l\u{1B}[4;1H\u{1B}[K\u{1B}[1;7H\u{1B}[?25h", "a removed line is erased")
    }

    @Test func anUnchangedFrameWritesNothing() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .colour)
        let same = frame(["a", "b"], cursor: CursorPosition(row: 0, column: 1))
        try renderer.render(same, size: size)
        try renderer.render(same, size: size)
        #expect(output.writes.count == 1)
        // Moving only the cursor is a small write of its own.
        try renderer.render(frame(["a", "b"], cursor: CursorPosition(row: 1, column: 0)), size: size)
        #expect(output.writes.count == 2)
        #expect(output.text.hasSuffix("\u{1B}[2;1H\u{1B}[?25h"))
    }

    @Test func resizeAndInvalidateRedrawEverything() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .plain)
        let lines = frame(["one", "two", "three"])
        try renderer.render(lines, size: size)
        output.removeAll()
        try renderer.render(lines, size: TerminalSize(columns: 30, rows: 8))
        #expect(output.text.contains("\u{1B}[2J"))
        var screen = ScreenModel(columns: 30, rows: 8)
        screen.apply(output.writes[0])
        #expect(screen.lines.prefix(3) == ["one", "two", "three"])

        output.removeAll()
        renderer.invalidate()
        try renderer.render(lines, size: TerminalSize(columns: 30, rows: 8))
        #expect(output.text.contains("\u{1B}[2J") && output.text.contains("three"))
    }

    @Test func neverWritesPastTheWidth() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .colour)
        var screen = ScreenModel(columns: 10, rows: 4)
        let narrow = TerminalSize(columns: 10, rows: 4)
        var styled = StyledText("東京", style: .highlight)
        styled.append("都庁舎 🚀👩‍🚀 long text", style: .dim)
        let frames = [
            Frame(lines: [StyledText("a very long line indeed"), styled, StyledText("exactly10!"), StyledText("🇺🇸🇺🇸🇺🇸🇺🇸🇺🇸🇺🇸")]),
            Frame(lines: [StyledText("short"), StyledText("東京都庁舎東京都庁舎x"), StyledText("e\u{301}\u{301}" + String(repeating: "x", count: 20))]),
        ]
        for frame in frames {
            try renderer.render(frame, size: narrow)
            screen.apply(output.writes.last!)
            #expect(screen.overflows == 0)
            for (index, line) in frame.lines.enumerated() {
                #expect(screen.lines[index] == line.truncated(toWidth: 10).plainText.trimmingTrailingSpaces())
            }
        }
        #expect(screen.lines[0] == "short")
        #expect(screen.lines[1] == "東京都庁…")
        #expect(screen.lines[3] == "")
    }

    @Test func manyRandomFramesAlwaysLeaveTheLatestOnScreen() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .colour)
        var screen = ScreenModel(columns: 16, rows: 6)
        var generator = SplitMix(seed: 7)
        let words = ["Falcon", "東京", "🚀", "Ariane", "e\u{301}", "長征", "x", ""]
        for step in 0..<300 {
            var lines: [StyledText] = []
            for _ in 0..<Int(generator.next() % 7) {
                var line = StyledText()
                for _ in 0..<Int(generator.next() % 5) {
                    let style: TextStyle = generator.next() % 2 == 0 ? .plain : .highlight
                    line.append(words[Int(generator.next() % UInt64(words.count))] + " ", style: style)
                }
                lines.append(line)
            }
            let frame = Frame(lines: lines, cursor: CursorPosition(row: 0, column: Int(generator.next() % 16)))
            let before = output.writes.count
            try renderer.render(frame, size: TerminalSize(columns: 16, rows: 6))
            #expect(output.writes.count - before <= 1)
            if output.writes.count > before { screen.apply(output.writes.last!) }
            let expected = (0..<6).map { $0 < lines.count ? lines[$0].truncated(toWidth: 16).plainText.trimmingTrailingSpaces() : "" }
            #expect(screen.lines == expected, "step \(step)")
            #expect(screen.overflows == 0)
        }
    }

    @Test func hiddenCursorStaysHidden() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .plain)
        var screen = ScreenModel(columns: 20, rows: 5)
        try renderer.render(frame(["a"]), size: size)
        try renderer.render(frame(["b"]), size: size)
        for write in output.writes { screen.apply(write) }
        #expect(!screen.cursorVisible)
        #expect(output.text.components(separatedBy: "\u{1B}[?25l").count == 2, "hidden once, not again and again")
    }

    @Test func cursorIsKeptOnTheScreen() throws {
        let output = RecordingOutput()
        let renderer = ScreenRenderer(output: output, styleMode: .plain)
        try renderer.render(frame(["a"], cursor: CursorPosition(row: 40, column: 99)), size: size)
        #expect(output.text.hasSuffix("\u{1B}[5;20H\u{1B}[?25h"))
    }

    @Test func fileDescriptorOutputWritesEverything() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let output = FileDescriptorOutput(fileDescriptor: descriptors[1])
        let payload = [UInt8](repeating: 0x41, count: 30_000)
        // The pipe holds 64 KiB, so a 30 KB write completes without a reader.
        try output.write(payload)
        close(descriptors[1])
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptors[0], &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(received == payload)
        #expect(throws: TerminalError.self) { try FileDescriptorOutput(fileDescriptor: -1).write([1]) }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
