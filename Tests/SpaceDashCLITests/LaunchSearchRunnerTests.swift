import Foundation
import Glibc
import Testing
import TestSupport

/// End-to-end: `spacedash launches search -i --offline` on a pseudo-terminal
/// that is the process's controlling terminal (so it opens /dev/tty), stdout a pipe.
@Suite(.serialized) struct LaunchSearchRunnerTests {
    /// The pty's master side (the user) and slave side (the program's terminal).
    final class Terminal {
        let master: Int32
        let slave: Int32
        let path: String

        init() throws {
            var master: Int32 = -1, slave: Int32 = -1
            var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
            var name = [CChar](repeating: 0, count: 256)
            guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw POSIXError(.EIO) }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            self.master = master
            self.slave = slave
            path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        deinit { close(master); close(slave) }

        func type(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// The screen output until it contains `marker` (real I/O: a generous bound).
        @discardableResult
        func read(until marker: String, timeout: Int32 = 20_000) -> String {
            var collected: [UInt8] = []
            var remaining = timeout
            while remaining > 0, !String(decoding: collected, as: UTF8.self).contains(marker) {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) >= 0 else { break }
                remaining -= 100
                if poller.revents & Int16(POLLIN) != 0 {
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    let count = Glibc.read(master, &buffer, buffer.count)
                    if count > 0 { collected += buffer[..<count] } else { break }
                }
            }
            return String(decoding: collected, as: UTF8.self)
        }

        func settings() -> [UInt8] {
            var attributes = termios()
            tcgetattr(slave, &attributes)
            return withUnsafeBytes(of: &attributes) { Array($0) }
        }
    }

    /// Starts the binary with the pty as its controlling terminal; its pid lands in a file.
    static func start(_ terminal: Terminal, _ arguments: [String], directory: URL) throws -> (RunningProcess, URL) {
        let pidFile = directory.appendingPathComponent("pid")
        // setsid makes a new session; bash then opens the pty without O_NOCTTY, which makes it
        // the controlling terminal, and execs spacedash with the same pid.
        let script = "echo $$ > \"$1\"; exec 0<>\"$2\"; shift 2; exec \"$@\""
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/usr/bin/setsid"),
            arguments: ["-w", "/bin/bash", "-c", script, "bash", pidFile.path, terminal.path,
                        ProjectPaths.spacedashBinary.path, "launches", "search", "-i", "--offline"] + arguments,
            environment: ["TERM": "xterm-256color", "SPACEDASH_CACHE_DIR": directory.path, "PATH": "/usr/bin:/bin",
                          "HOME": directory.path])
        return (process, pidFile)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-interactive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func typeMoveAndEnterPrintsTheSelectedLaunch() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let before = terminal.settings()
        let (process, _) = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        terminal.type("falcon")
        // After the debounce: 6 of the 46 sample launches ("m" ends the dim style before the count).
        let screen = terminal.read(until: "\u{1B}[7m 9 Block 5 | Starlink Group 6-112 · SpaceX")
        #expect(screen.contains("m6 / 46 launches · sample data"))
        #expect(screen.contains("▶ \u{1B}[0m\u{1B}[1;7;33mFalcon\u{1B}[0m\u{1B}[7m 9 Block 5 | Starlink Group 6-112"), "the first match selected, its match highlighted")
        terminal.type("\u{1B}[B")
        terminal.read(until: "\u{1B}[?25h")
        terminal.type("\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2026-11-29T14:05:00Z\tFalcon 9 Block 5 | Starlink Group 17-61\tSpaceX\t"))
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(terminal.settings() == before)
    }

    @Test func escapeExits130PrintingNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let before = terminal.settings()
        let (process, _) = try Self.start(terminal, ["--json"], directory: directory)
        terminal.read(until: "sample data")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(result.stdout.isEmpty)
        #expect(terminal.settings() == before)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let before = terminal.settings()
        let (process, pidFile) = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        let pid = try #require(Int32(String(decoding: try Data(contentsOf: pidFile), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        let result = process.wait(timeout: 60)
        #expect(result.exitCode != 0)
        #expect(result.stdout.isEmpty)
        #expect(terminal.settings() == before)
    }
}
