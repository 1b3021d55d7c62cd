import Foundation
import Glibc
import Testing
import TestSupport

/// End-to-end: `spacedash launches search -i --offline` on a pseudo-terminal
/// that is the process's controlling terminal (so it opens /dev/tty), stdout a pipe.
@Suite(.serialized) struct LaunchSearchRunnerTests {
    /// The pty's master side (the user) and slave side (the program's terminal).
    final class Terminal {
        private(set) var master: Int32
        let slave: Int32
        let path: String

        init(columns: UInt16 = 100, rows: UInt16 = 30) throws {
            var master: Int32 = -1, slave: Int32 = -1
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            var name = [CChar](repeating: 0, count: 256)
            guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw POSIXError(.EIO) }
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            self.master = master
            self.slave = slave
            path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            initialSettings = Self.settings(of: slave)
        }

        deinit {
            if master >= 0 { close(master) }
            close(slave)
        }

        /// The user's side goes away: the program's terminal hangs up.
        func closeMaster() {
            close(master)
            master = -1
        }

        /// Changes the window size as a terminal emulator does; the kernel sends SIGWINCH.
        func resize(columns: UInt16, rows: UInt16) {
            var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        }

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

        /// Reads and drops output until none came for `quiet` ms (at most 10 s): the frames in flight.
        func drain(quiet: Int32 = 300) {
            let deadline = Date().addingTimeInterval(10)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while Date() < deadline {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, quiet) > 0, Glibc.read(master, &buffer, buffer.count) > 0 else { return }
            }
        }

        /// What the program wrote and nobody read yet (waits 200 ms for it at most).
        func drainedOutput() -> String {
            var collected: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 200) > 0 else { break }
                let count = Glibc.read(master, &buffer, buffer.count)
                guard count > 0 else { break }
                collected += buffer[..<count]
            }
            return String(decoding: collected, as: UTF8.self)
        }

        /// The terminal's settings (termios) as the program found them.
        let initialSettings: [UInt8]

        /// Whether the settings are exactly those the program found, byte for byte.
        var isRestored: Bool { Self.settings(of: slave) == initialSettings }

        static func settings(of descriptor: Int32) -> [UInt8] {
            var attributes = termios()
            tcgetattr(descriptor, &attributes)
            return withUnsafeBytes(of: &attributes) { Array($0) }
        }
    }

    /// Starts the binary with the pty as its controlling terminal.
    /// - Parameters:
    ///   - offline: adds `--offline`.
    ///   - ignoringHangUp: starts it with SIGHUP ignored, as `nohup` does.
    static func start(_ terminal: Terminal, _ arguments: [String], directory: URL, offline: Bool = true,
                      environment: [String: String] = [:], ignoringHangUp: Bool = false,
                      stdout: ProcessRunner.StandardOutput = .capture) throws -> RunningProcess {
        // A new session: bash opens the pty without O_NOCTTY, which makes it the controlling
        // terminal, and execs spacedash with the same pid, whose end the test then sees.
        let script = (ignoringHangUp ? "trap '' HUP; " : "") + "exec 0<>\"$1\"; shift; exec \"$@\""
        return try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", script, "bash", terminal.path,
                        ProjectPaths.spacedashBinary.path, "launches", "search", "-i"] + (offline ? ["--offline"] : []) + arguments,
            environment: ["TERM": "xterm-256color", "SPACEDASH_CACHE_DIR": directory.path, "PATH": "/usr/bin:/bin",
                          "HOME": directory.path, "LANG": "C.UTF-8"].merging(environment) { $1 },
            stdout: stdout, newSession: true)
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
        let process = try Self.start(terminal, [], directory: directory)
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
        #expect(terminal.isRestored)
    }

    /// Enter typed with the query, inside the debounce: the launch printed matches the query.
    @Test func aQueryAndEnterInOneWritePrintAMatchOfTheQuery() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        terminal.type("crew\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2026-12-21T22:00:00Z\tFalcon 9 Block 5 | Crew-13\tSpaceX\t"))
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(terminal.isRestored)
    }

    /// Down moves on the rows shown (the empty query's) to a launch that is not crew's:
    /// Enter picks the first of crew's instead.
    @Test func aQueryDownAndEnterInOneWritePrintAMatchOfTheQuery() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, ["--json"], directory: directory)
        terminal.read(until: "sample data")
        terminal.type("crew\u{1B}[B\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("\"name\" : \"Falcon 9 Block 5 | Crew-13\""))
    }

    /// A C locale: the marks are ASCII, as `spacedash demo` draws the same view there.
    @Test func aCLocaleDrawsTheScreenWithASCIIMarks() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal(columns: 60, rows: 30)
        let process = try Self.start(terminal, [], directory: directory, environment: ["LANG": "C"])
        var screen = terminal.read(until: "46 / 46 launches | sample data")
        terminal.type("falcon")
        screen += terminal.read(until: "m6 / 46 launches | sample data")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(screen.contains("> \u{1B}[0m\u{1B}[1;7;33mFalcon"), "the selected row's marker")
        #expect(screen.contains(" | SpaceX"))
        #expect(screen.contains("..."))
        let marks: [Character] = ["▶", "·", "─", "…", "–", "—", "⠋"]
        #expect(!screen.contains { marks.contains($0) })
    }

    @Test func escapeExits130PrintingNothing() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, ["--json"], directory: directory)
        terminal.read(until: "sample data")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        process.send(signal: SIGTERM)
        let result = process.wait(timeout: 60)
        #expect(result.signal == SIGTERM, "it dies of the signal, as a shell expects")
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    @Test func enterWithStdoutClosedByItsReaderEndsQuietlyAndRestoresTheTerminal() throws {
        // `spacedash launches search -i | head -0`: the reader is gone before Enter.
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func pressEnter(stdout: ProcessRunner.StandardOutput) throws -> (ProcessResult, screen: String, restored: Bool) {
            let terminal = try Terminal()
            let process = try Self.start(terminal, [], directory: directory, stdout: stdout)
            terminal.read(until: "46 / 46 launches · sample data")
            terminal.type("\r")
            let screen = terminal.read(until: "\u{1B}[?1049l")
            let result = process.wait(timeout: 60)
            return (result, screen, terminal.isRestored)
        }
        let read = try pressEnter(stdout: .capture)
        let closed = try pressEnter(stdout: .closedPipe)
        #expect(!read.0.stdout.isEmpty)
        #expect(closed.0.exitCode == 0, "status \(closed.0.status)")
        #expect(closed.0.stderrText == read.0.stderrText, "a closed pipe adds no error text")
        #expect(closed.screen.contains("\u{1B}[?25h\u{1B}[?1049l"), "the cursor is shown and the alternate screen left")
        #expect(closed.restored, "the terminal settings are as before")
    }

    // MARK: - Launches as a stream (no --offline, against the loopback server)

    /// A Launch Library page of `names` (ids `id-0`…), one day apart from 2030-01-01.
    static func page(_ names: [String], agencies: [String]? = nil) -> String {
        let results = names.enumerated().map { index, name in
            let agency = agencies?[index] ?? "Agency \(index)"
            return #"{"id": "id-\#(index)", "name": \#(jsonString(name)), "net": "2030-01-0\#(index + 1)T12:00:00Z", "launch_service_provider": {"name": \#(jsonString(agency))}}"#
        }
        return #"{"count": \#(names.count), "next": null, "results": [\#(results.joined(separator: ", "))]}"#
    }

    static func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// A gate the server's answer waits at until the test opens it (at most 30 s).
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func open() { semaphore.signal() }
        func pass() { _ = semaphore.wait(timeout: .now() + 30) }
    }

    @Test func theSampleShowsAtOnceThenLiveLaunchesReplaceItUnderTheTypedQuery() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gate = Gate()
        let page = Self.page(["Livefeed Alpha", "Other Rocket"])
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .handler { _ in
            gate.pass()
            return .json(page)
        }])
        defer { server.stop() }
        let terminal = try Terminal()
        let process = try Self.start(terminal, ["--verbose"], directory: directory, offline: false,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let early = terminal.read(until: "sample data · updating…")
        #expect(early.contains("46 launches · sample data · updating…"), "the sample at once, saying live launches are coming")
        terminal.type("livefeed")
        terminal.read(until: "0 / 46 launches · sample data · updating…")
        // The spinner turns while the live launches are coming: its third frame, so it moved.
        #expect(terminal.read(until: "⠹ 0 / 46 launches · sample data · updating…").contains("⠹ 0 / 46 launches"))
        gate.open()
        let live = terminal.read(until: "1 / 2 launches · live, fetched just now")
        #expect(live.contains("1 / 2 launches · live, fetched just now"), "the typed query re-applied to the live launches")
        #expect(live.contains("Livefeed"))
        terminal.type("\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2030-01-01T12:00:00Z\tLivefeed Alpha\tAgency 0\t"))
        #expect(server.requests.count == 1)
        #expect(result.stderrText.contains("http: 200 GET "), "--verbose's request lines, told after the screen closed")
        #expect(result.stderrText.contains("spacedash: 2 upcoming launches from Launch Library"))
        #expect(terminal.isRestored)
    }

    @Test func aFailedLiveFetchKeepsTheSampleOnScreenWithTheReason() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(#"{"detail": "Invalid token."}"#, status: 403)])
        defer { server.stop() }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory, offline: false,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        // The failure may come before the first search's results: wait for both.
        let screen = terminal.read(until: "46 / 46 launches · sample data · live failed:")
        // The status line is cut at the terminal's 100 columns.
        #expect(screen.contains("46 / 46 launches · sample data · live failed: Launch Library refused the request (HTTP 403: Inval…"))
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("Launch Library refused the request"), "the notices on stderr once the screen is gone")
        #expect(terminal.isRestored)
    }

    @Test func strictWithoutLiveLaunchesFailsBeforeTheScreenOpens() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(#"{"detail": "Invalid token."}"#, status: 403)])
        defer { server.stop() }
        let terminal = try Terminal()
        let process = try Self.start(terminal, ["--strict"], directory: directory, offline: false,
                                     environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("spacedash: no live launch data (--strict)"))
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(!terminal.drainedOutput().contains("\u{1B}[?1049h"), "the screen never opened")
        #expect(terminal.isRestored)
    }

    @Test func offlineMakesNoRequest() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(Self.page(["Livefeed Alpha"]))])
        defer { server.stop() }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let screen = terminal.read(until: "46 / 46 launches · sample data")
        #expect(!screen.contains("updating…"))
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(server.requests.isEmpty)
    }

    // MARK: - Filters and --file

    @Test func theFieldOptionsNarrowTheLaunchesAndTheFileIsNamed() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("saved launches.json")
        try Data(Self.page(["Falcon 9 | One", "Electron | Two", "Falcon 9 | Three", "Falcon Heavy | Four", "Falcon 9 | Five"],
                           agencies: ["SpaceX", "Rocket Lab", "SpaceX", "SpaceX", "Other"]).utf8).write(to: file)
        let terminal = try Terminal()
        let process = try Self.start(terminal, ["--file", file.path, "--agency", "spacex", "--limit", "2", "falcon"],
                                     directory: directory, offline: false, environment: ["TZ": "Europe/Paris"])
        let screen = terminal.read(until: "2 / 2 launches · file saved launches.json")
        #expect(screen.contains("2 / 2 launches · file saved launches.json"), "SpaceX's first two, searched for falcon")
        #expect(!screen.contains("sample data"))
        // The details come later in the same frame, perhaps in a later read.
        let details = screen.contains("GMT+1") ? screen : screen + terminal.read(until: "GMT+1")
        #expect(details.contains("Window:  \u{1B}[0m2030-01-01 13:00 GMT+1 · "), "the window in local time (TZ), as the table shows it")
        terminal.type("\u{1B}[B\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2030-01-03T12:00:00Z\tFalcon 9 | Three\tSpaceX\t"))
        #expect(terminal.isRestored)
    }

    // MARK: - Signals, paste and hang-ups

    @Test func sigwinchRelaysOutTheScreenForTheNewWidth() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], directory: directory)
        let first = terminal.read(until: String(repeating: "─", count: 100))
        #expect(first.contains(String(repeating: "─", count: 100)), "the details rule spans 100 columns")
        terminal.drain()
        terminal.resize(columns: 60, rows: 24)
        let resized = terminal.read(until: String(repeating: "─", count: 60))
        #expect(resized.contains(String(repeating: "─", count: 60) + "\u{1B}[0m"), "the rule redrawn for 60 columns")
        #expect(!resized.contains(String(repeating: "─", count: 61)))
        #expect(resized.contains("\u{1B}[2J"), "a full redraw")
        #expect(resized.contains("…"), "rows cut to the new width with an ellipsis")
        #expect(!resized.contains("\u{1B}[25;1H"), "no row drawn below the 24 of the new height")
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(terminal.isRestored)
    }

    @Test func sighupRestoresTheTerminalAndEndsByTheSignal() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        process.send(signal: SIGHUP)
        let after = terminal.read(until: "\u{1B}[?1049l")
        let result = process.wait(timeout: 60)
        #expect(result.signal == SIGHUP, "it dies of the hang-up, as a shell expects")
        #expect(result.stdout.isEmpty)
        #expect(after.contains("\u{1B}[?25h"), "the cursor shown")
        #expect(after.contains("\u{1B}[?1049l"), "the alternate screen left")
        #expect(terminal.isRestored)
    }

    @Test func aBracketedPasteArrivesAsQueryTextAndItsNewlineIsNoEnter() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory)
        let opening = terminal.read(until: "sample data")
        #expect(opening.contains("\u{1B}[?2004h"), "bracketed paste turned on")
        terminal.type("\u{1B}[200~falcon\rheavy\u{1B}[201~")
        var screen = terminal.read(until: "1 / 46 launches · sample data")
        // The result row follows the status line in the same frame, perhaps in a later read.
        if !screen.contains("Griffin Mission 2") { screen += terminal.read(until: "Griffin Mission 2") }
        #expect(screen.contains("falcon heavy"), "the paste in the prompt, its line break a space")
        #expect(screen.contains("Falcon Heavy | Griffin Mission 2"))
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130, "the pasted line break did not accept a launch")
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    @Test func closingTheTerminalEndsTheSearchByTheHangUp() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory)
        terminal.read(until: "sample data")
        terminal.closeMaster()
        let result = process.wait(timeout: 60)
        // The kernel hangs the terminal up (its settings can no longer be read): it sends
        // SIGHUP, and reads fail. Whichever the program meets first ends it: the signal
        // (silently), or the failed read (one line, exit 1). Never a hang or a crash report.
        #expect(!result.timedOut)
        #expect(result.stdout.isEmpty)
        if result.signal == nil {
            #expect(result.exitCode == 1)
            #expect(result.stderrText == "spacedash: the terminal closed (hung up)\n")
        } else {
            // The signal may also come just after the failed read was told.
            #expect(result.signal == SIGHUP)
            #expect(["", "spacedash: the terminal closed (hung up)\n"].contains(result.stderrText), "no crash report: \(result.stderrText)")
        }
    }

    @Test func withHangUpIgnoredAClosedTerminalEndsWithOneLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let terminal = try Terminal()
        let process = try Self.start(terminal, [], directory: directory, ignoringHangUp: true)
        terminal.read(until: "sample data")
        terminal.closeMaster()
        let result = process.wait(timeout: 60)
        // Reads then fail and so do writes (drawing): the error ends the run.
        #expect(!result.timedOut)
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderrText)")
        #expect(result.stderrText == "spacedash: the terminal closed (hung up)\n")
    }

    // MARK: - Hostile data (issue 8)

    @Test func hostileStringsInLaunchesNeverReachTheScreenAsControls() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = HostileStrings.table.enumerated().map { index, entry in
            let text = Self.jsonString(entry.text)
            return #"{"id": "h\#(index)", "name": \#(Self.jsonString("H\(index) " + entry.text)), "net": "2030-01-01T12:\#(String(format: "%02d", index)):00Z", "status": {"name": \#(text), "abbrev": \#(text)}, "launch_service_provider": {"name": \#(text)}, "mission": {"type": \#(text), "description": \#(text)}, "pad": {"name": \#(text), "location": {"name": \#(text)}}, "rocket": {"configuration": {"full_name": "rocket \#(index) marker"}}}"#
        }
        let file = directory.appendingPathComponent("hostile.json")
        try Data(#"{"count": \#(results.count), "next": null, "results": [\#(results.joined(separator: ", "))]}"#.utf8).write(to: file)
        let terminal = try Terminal(columns: 160, rows: 30)
        let process = try Self.start(terminal, ["--file", file.path], directory: directory)
        var screen = terminal.read(until: "rocket 0 marker")
        // Every launch's details drawn in turn, then the query matching inside hostile text.
        terminal.type(String(repeating: "\u{1B}[B", count: HostileStrings.table.count - 1))
        let last = "rocket \(HostileStrings.table.count - 1) marker"
        screen += terminal.read(until: last)
        #expect(screen.contains(last))
        terminal.type("red forever")
        screen += terminal.read(until: "1 / \(HostileStrings.table.count) launches")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        screen += terminal.read(until: "\u{1B}[?1049l", timeout: 5_000)
        #expect(result.exitCode == 130)
        #expect(terminal.isRestored)

        // What the renderer itself sends: cursor moves, erases, the full clear, modes, and SGR
        // with the attributes and the one colour (the highlight's yellow) it uses.
        let own = #"\x{1B}\[(?:\d+;\d+H|K|\?(?:25|1049|2004)[hl]|(?:[0-9;]*)m)"#
        let sgr = try NSRegularExpression(pattern: #"\x{1B}\[([0-9;]*)m"#)
        for match in sgr.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)) {
            let parameters = (screen as NSString).substring(with: match.range(at: 1)).split(separator: ";").map(String.init)
            #expect(Set(parameters).isSubset(of: ["0", "1", "2", "4", "7", "33"]), "an SGR the view never sends: \(parameters)")
        }
        #expect(!screen.contains("\u{1B}[2J\u{1B}[H"), "the hostile clear-and-home was not passed through")
        var stripped = screen.replacingOccurrences(of: "\u{1B}[0m\u{1B}[H\u{1B}[2J", with: "")
        stripped = stripped.replacingOccurrences(of: own, with: "", options: .regularExpression)
        let found = HostileStrings.controls(in: stripped)
        #expect(found.isEmpty, "controls on the screen: \(found.map { "U+" + String($0.value, radix: 16) })")
        #expect(!stripped.contains("\u{1B}"))
        #expect(screen.contains("red forever"), "the printable part of hostile text is shown")
        #expect(screen.contains("Kourou"))
    }
}

