import Foundation
import Glibc
import Testing
import TestSupport

/// End-to-end: what the one screen loop does for every full-screen view, seen on a
/// pseudo-terminal that is the process's controlling terminal: `/` from the watch and
/// back in one session, a view's style and width from the run, Ctrl-Z and fg, resizes,
/// signals and hang-ups with the terminal given back. The runs are started as
/// `LaunchSearchRunnerTests` and `WatchRunnerTests` start theirs.
@Suite(.serialized) struct ScreenLoopTests {
    typealias Search = LaunchSearchRunnerTests
    typealias Watch = WatchRunnerTests

    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"

    /// How many times `sequence` was written to the terminal.
    static func count(_ sequence: String, in bytes: some Collection<UInt8>) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: sequence).count - 1
    }

    // MARK: - One session for the trip from the watch

    /// `/` opens the search over the watch, Esc comes back, and so does q after Enter
    /// has shown a launch's details: all in the one session, which enters the alternate
    /// screen once and leaves it once, at the end; nothing in between leaves it.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theTripFromTheWatchToTheSearchAndBackStaysOnTheAlternateScreen() throws {
        let server = try Watch.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Watch.start(terminal, ["starlink"], server: server, sandbox: sandbox)
        terminal.waitForScreen { Watch.row($0, Watch.starlink) != nil && $0.line(29) == Watch.keys }
        let tripStart = terminal.transcript.count

        terminal.type("/")
        terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        terminal.type("\u{1B}")
        terminal.waitForScreen { $0.line(0).hasPrefix("Launches · ") && $0.line(29) == Watch.keys }
        terminal.type("/")
        terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        terminal.type("\r")
        terminal.waitForScreen { $0.line(0) == Watch.starlink && $0.line(29) == "q or Esc back to the watch · / search" }
        terminal.type("q")
        let back = terminal.waitForScreen { $0.line(0).hasPrefix("Launches · ") && $0.line(29) == Watch.keys }
        #expect(back.isAlternateScreen && Watch.row(back, Watch.starlink) != nil, "\(back.lines)")
        let trip = terminal.transcript[tripStart...]
        #expect(Self.count(Self.leaveAlternateScreen, in: trip) == 0, "the trip never left the alternate screen")
        #expect(Self.count(Self.enterAlternateScreen, in: trip) == 0, "nor entered it again")

        terminal.type("q")
        let result = process.wait(timeout: 60)
        _ = terminal.readRemainingOutput()
        #expect(result.exitCode == 0)
        #expect(Self.count(Self.enterAlternateScreen, in: terminal.transcript) == 1, "one session for the whole run")
        #expect(Self.count(Self.leaveAlternateScreen, in: terminal.transcript) == 1)
        #expect(!terminal.screen.isAlternateScreen && terminal.screen.cursorVisible)
        #expect(terminal.isRestored)
        #expect(server.requests.count == 1, "the search read the launches the watch cached")
    }

    // MARK: - The run's style on the screen

    /// The screen is the terminal's, whatever stdout is (here a pipe): NO_COLOR keeps the
    /// attributes (the selection in reverse video) and drops the colour of the matches;
    /// `--color never` drops both.
    @Test func theScreensStyleFollowsNoColorAndColorNeverWithStdoutAPipe() throws {
        for (arguments, environment, attributes) in [([String](), ["NO_COLOR": "1"], true), (["--color", "never"], [:], false)] {
            let sandbox = Sandbox()
            let terminal = try PseudoTerminal(columns: 100, rows: 30)
            let process = try Search.start(terminal, arguments + ["falcon"], sandbox: sandbox, environment: environment)
            let screen = terminal.waitForScreen {
                $0.cursorVisible && $0.line(1) == "5 / 10 launches · bundled listing of 20 July 2026" && Search.selectedRow($0) != nil
            }
            let selected = try #require(Search.selectedRow(screen), "\(screen.lines)")
            let cells = screen.cells.flatMap { $0 }
            #expect(!cells.contains { $0.style.foreground != nil }, "\(arguments) \(environment): no colour")
            let reversed = screen.text(ofRow: selected, where: \.reverse)
            #expect(reversed.contains("Starlink Group 17-39") == attributes, "\(arguments) \(environment): the selection in reverse video, or not")
            terminal.type("\u{1B}")
            #expect(process.wait(timeout: 60).exitCode == 130)
            #expect(terminal.isRestored)
        }
    }

    // MARK: - Suspending, resizing, signals and hang-ups

    /// As in less or vim: Ctrl-Z gives the terminal back and stops; fg (SIGCONT) redraws.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func ctrlZSuspendsWithTheTerminalRestoredAndContinuingRedraws() throws {
        let server = try Watch.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 20)
        let process = try Watch.start(terminal, [], server: server, sandbox: sandbox)
        terminal.waitForScreen { $0.isAlternateScreen && Watch.row($0, Watch.starlink) != nil }
        // The stop is an event of its own: a blocking waitpid(WUNTRACED).
        let stop = ChildExit(pid: process.pid, options: WUNTRACED)
        terminal.type("\u{1A}")
        #expect(stop.wait(until: .now() + 30))
        #expect(stop.status.map { $0 & 0xFF == 0x7F } == true, "stopped, not ended")
        #expect(terminal.isRestored, "stopped with the terminal as it was")
        terminal.waitForScreen { !$0.isAlternateScreen }
        process.send(signal: SIGCONT)
        let resumed = terminal.waitForScreen { $0.isAlternateScreen && Watch.row($0, Watch.starlink) != nil }
        #expect(resumed.line(19) == "q quit · r refresh · / search", "redrawn whole")
        terminal.type("q")
        #expect(process.wait(timeout: 60).exitCode == 0)
        #expect(terminal.isRestored)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"), arguments: [SIGTERM, SIGINT])
    func aSignalRestoresTheTerminal(signal: Int32) throws {
        let server = try Watch.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 20)
        let process = try Watch.start(terminal, [], server: server, sandbox: sandbox)
        terminal.waitForScreen { Watch.row($0, Watch.starlink) != nil }
        process.send(signal: signal)
        let result = process.wait(timeout: 60)
        #expect(result.signal == signal, "it dies of the signal, as a shell expects")
        #expect(terminal.isRestored)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func sigtermDuringTheDashboardsWatchRestoresTheTerminal() throws {
        let server = try Watch.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 40)
        let process = try Watch.start(terminal, [], server: server, sandbox: sandbox, command: ["--watch"])
        terminal.waitForScreen { Watch.row($0, Watch.starlink) != nil && $0.row(containing: "Mars weather") != nil }
        process.send(signal: SIGTERM)
        let result = process.wait(timeout: 60)
        #expect(result.signal == SIGTERM)
        #expect(terminal.isRestored)
    }

    @Test func sigwinchRelaysOutTheScreenForTheNewWidth() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Search.start(terminal, [], sandbox: sandbox)
        let first = Search.waitForFrame(terminal, showing: String(repeating: "─", count: 100))
        #expect(first.lines.contains(String(repeating: "─", count: 100)), "the details rule spans 100 columns")
        // The model starts blank at the new size: what it then shows, the program redrew.
        terminal.resize(columns: 60, rows: 24)
        let resized = terminal.waitForScreen { $0.cursorVisible && $0.lines.contains(String(repeating: "─", count: 60)) && $0.line(0).hasPrefix(">") }
        #expect(resized.lines.contains(String(repeating: "─", count: 60)), "the rule redrawn for 60 columns")
        #expect(resized.overflows == 0, "nothing drawn past the 60 columns or the 24 rows")
        #expect(resized.line(1) == "10 / 10 launches · bundled listing of 20 July 2026")
        #expect(resized.lines[2...].contains { $0.hasSuffix("…") }, "rows cut to the new width with an ellipsis")
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(terminal.isRestored)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Search.start(terminal, [], sandbox: sandbox)
        Search.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        process.send(signal: SIGTERM)
        let result = process.wait(timeout: 60)
        #expect(result.signal == SIGTERM, "it dies of the signal, as a shell expects")
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    @Test func sighupRestoresTheTerminalAndEndsByTheSignal() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Search.start(terminal, [], sandbox: sandbox)
        Search.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        process.send(signal: SIGHUP)
        let result = process.wait(timeout: 60)
        let after = terminal.waitForScreen(timeout: 5_000) { !$0.isAlternateScreen }
        #expect(result.signal == SIGHUP, "it dies of the hang-up, as a shell expects")
        #expect(result.stdout.isEmpty)
        #expect(after.cursorVisible, "the cursor shown")
        #expect(!after.isAlternateScreen, "the alternate screen left")
        #expect(terminal.isRestored)
    }

    @Test func closingTheTerminalEndsTheSearchByTheHangUp() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Search.start(terminal, [], sandbox: sandbox)
        Search.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
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
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Search.start(terminal, [], sandbox: sandbox, ignoringHangUp: true)
        Search.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
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
}
