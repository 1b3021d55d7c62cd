import Foundation
import Glibc
import Testing
@testable import Terminal
import TestSupport

@Suite struct RawModeTests {
    @Test func rawModeTurnsOffEchoLinesAndSignalsButKeepsOutputProcessing() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        #expect(before.c_lflag & tcflag_t(ICANON) != 0)
        let saved = try RawMode.enter(pty.slave)
        #expect(sameSettings(saved, before))
        let raw = pty.settings()
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
        #expect(raw.c_oflag == before.c_oflag)
        try RawMode.restore(pty.slave, to: saved)
        #expect(sameSettings(pty.settings(), before))
    }

    @Test func restoreGivesBackTheSameSttyOutput() throws {
        let pty = try PseudoTerminal()
        let before = try stty(pty.path)
        let saved = try RawMode.enter(pty.slave)
        #expect(try stty(pty.path) != before)
        try RawMode.restore(pty.slave, to: saved)
        #expect(try stty(pty.path) == before)
    }

    @Test func aFileIsNotATerminal() throws {
        let descriptor = open("/dev/null", O_RDWR)
        defer { close(descriptor) }
        #expect(throws: TerminalError.notATerminal(fileDescriptor: descriptor)) { try RawMode.enter(descriptor) }
    }

    /// `stty -g` on the terminal at `path`, as a user would compare them.
    func stty(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/stty")
        process.arguments = ["-g"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
