import Foundation
import Glibc
import SpaceData
import Testing
import TestSupport

/// End-to-end: `spacedash launches search -i --offline` on a pseudo-terminal
/// that is the process's controlling terminal (so it opens /dev/tty), stdout a pipe.
@Suite(.serialized) struct LaunchSearchRunnerTests {
    /// The result row the selection marker is on, as the screen shows it (below the prompt and the status).
    static func selectedLine(_ screen: ScreenModel, marker: String = "▶ ") -> String? {
        screen.lines.dropFirst(2).first { $0.hasPrefix(marker) }
    }

    /// The screen once a frame showing `text` is drawn whole (the renderer hides the
    /// cursor while it draws and shows it at the prompt when done).
    @discardableResult
    static func waitForFrame(_ terminal: PseudoTerminal, showing text: String) -> ScreenModel {
        terminal.waitForScreen { $0.cursorVisible && $0.row(containing: text) != nil }
    }

    /// Whether a result row `line` shows `launch` (after its date or countdown, before its agency).
    static func shows(_ line: String?, _ launch: Launch) -> Bool {
        guard let line else { return false }
        return line.contains("  \(launch.name) · ") || line.hasSuffix("  \(launch.name)")
    }

    /// The row the selection marker is on.
    static func selectedRow(_ screen: ScreenModel, marker: String = "▶ ") -> Int? {
        screen.lines.indices.dropFirst(2).first { screen.line($0).hasPrefix(marker) }
    }

    /// Starts `launches search -i` with the pty as its controlling terminal, "now" when
    /// the bundled listing was made (all of its launches are still ahead).
    /// - Parameter offline: adds `--offline`.
    static func start(_ terminal: PseudoTerminal, _ arguments: [String], sandbox: Sandbox, offline: Bool = true,
                      environment: [String: String] = [:], ignoringHangUp: Bool = false,
                      stdout: ProcessRunner.StandardOutput = .capture) throws -> RunningProcess {
        try sandbox.startInteractive(["launches", "search", "-i"] + (offline ? ["--offline"] : []) + arguments, on: terminal,
                                     extra: ["SPACEDASH_NOW": "2026-07-20T14:38:00Z"].merging(environment) { $1 },
                                     ignoringHangUp: ignoringHangUp, stdout: stdout)
    }

    @Test func typeMoveAndEnterPrintsTheSelectedLaunch() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox)
        Self.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        terminal.type("falcon")
        // After the debounce: 5 of the listing's 10 launches, the first one selected.
        let screen = terminal.waitForScreen { $0.cursorVisible &&
            $0.line(1) == "5 / 10 launches · bundled listing of 20 July 2026" && Self.selectedLine($0)?.contains("Starlink Group 17-39") == true
        }
        #expect(screen.line(0) == "> falcon")
        #expect(screen.line(1) == "5 / 10 launches · bundled listing of 20 July 2026")
        for row in 2 ... 6 {
            #expect(screen.line(row).dropFirst(2).hasPrefix("in "), "row \(row) starts with its countdown: \(screen.line(row))")
        }
        let selected = try #require(Self.selectedRow(screen), "\(screen.lines)")
        #expect(selected == 2, "the first result row is selected")
        #expect(screen.line(selected).contains("Falcon 9 Block 5 | Starlink Group 17-39 · SpaceX"))
        #expect(screen.text(ofRow: selected, where: \.reverse).contains("Falcon 9 Block 5 | Starlink Group 17-39"), "in reverse video")
        #expect(screen.text(ofRow: selected, where: { $0.foreground != nil }) == "Falcon", "its match highlighted")
        #expect(screen.text(ofRow: selected + 1, where: { $0.foreground != nil }) == "Falcon", "and the next row's")
        terminal.type("\u{1B}[B")
        let moved = terminal.waitForScreen { $0.cursorVisible && Self.selectedLine($0)?.contains("Falcon 9 Block 5 | MRV-1") == true }
        #expect(Self.selectedRow(moved) == selected + 1, "the marker one row down")
        terminal.type("\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2026-07-21T21:15:00Z\tFalcon 9 Block 5 | MRV-1\tSpaceX\t"))
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(terminal.isRestored)
    }

    /// As in fzf: the cursor moves within the visible rows and the list scrolls only at
    /// its edges; every row shows its date or countdown before the name.
    @Test func theCursorMovesWithinTheVisibleRowsAndTheListScrollsOnlyAtItsEdges() throws {
        let sandbox = Sandbox()
        // The bundled history's launches before 1962: 142 of them, newest first.
        let before1962 = LaunchLibraryDate.date(from: "1962-01-01T00:00:00Z")!
        let ordered = LaunchCatalog.ordered(LaunchHistory.launches.filter { ($0.net ?? .distantFuture) < before1962 }, .past)
        // 30 rows: the prompt, the status, 21 results, the details pane; wide enough for GCAT's longest names.
        let terminal = try PseudoTerminal(columns: 160, rows: 30)
        let process = try Self.start(terminal, ["--past", "--before", "1962-01-01"], sandbox: sandbox)
        let opening = terminal.waitForScreen { $0.cursorVisible && $0.line(1) == "142 / 142 launches · bundled GCAT history, 1957 to 2023" && Self.selectedRow($0) == 2 }
        let lastRow = 22
        #expect(Self.shows(opening.line(lastRow), ordered[20]) && !opening.lines.contains { Self.shows($0, ordered[21]) })
        #expect(opening.line(lastRow + 1).hasPrefix("── \(LaunchHistory.credit) ──"), "GCAT's data on screen carries its credit")
        for row in 2 ... lastRow {
            let line = opening.line(row)
            #expect(line.dropFirst(2).first?.isWhitespace == false, "row \(row) starts with its date or countdown: \(line)")
        }

        terminal.type(String(repeating: "\u{1B}[B", count: 10))
        let down10 = terminal.waitForScreen { $0.cursorVisible && Self.shows(Self.selectedLine($0), ordered[10]) }
        #expect(Self.selectedRow(down10) == 12, "the cursor moved down the visible rows")
        #expect(Self.shows(down10.line(2), ordered[0]), "the list did not scroll")

        terminal.type(String(repeating: "\u{1B}[B", count: 15))
        let down25 = terminal.waitForScreen { $0.cursorVisible && Self.shows(Self.selectedLine($0), ordered[25]) }
        #expect(Self.selectedRow(down25) == lastRow, "past the bottom edge the cursor stays on the last row")
        #expect(Self.shows(down25.line(2), ordered[5]), "and the list scrolled by as many rows")

        terminal.type(String(repeating: "\u{1B}[A", count: 3))
        let up3 = terminal.waitForScreen { $0.cursorVisible && Self.shows(Self.selectedLine($0), ordered[22]) }
        #expect(Self.selectedRow(up3) == lastRow - 3, "going back up moves the cursor, not the list")
        #expect(Self.shows(up3.line(2), ordered[5]), "the list stays where it was")

        terminal.type(String(repeating: "\u{1B}[A", count: 20))
        let top = terminal.waitForScreen { $0.cursorVisible && Self.shows(Self.selectedLine($0), ordered[2]) }
        #expect(Self.selectedRow(top) == 2, "past the top edge the list scrolls back")
        #expect(Self.shows(top.line(2), ordered[2]))
        #expect(top.overflows == 0)
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(terminal.isRestored)
    }

    /// Enter typed with the query, inside the debounce: the launch printed matches the query.
    @Test func aQueryAndEnterInOneWritePrintAMatchOfTheQuery() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox)
        Self.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        terminal.type("starship\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2026-07-23T22:45:00Z\tStarship | Flight 13\tSpaceX\t"))
        #expect(result.stdoutText.split(separator: "\n").count == 1)
        #expect(terminal.isRestored)
    }

    /// Down moves on the rows shown (the empty query's) to a launch that is not Starship's:
    /// Enter picks the first of Starship's instead.
    @Test func aQueryDownAndEnterInOneWritePrintAMatchOfTheQuery() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["--json"], sandbox: sandbox)
        Self.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        terminal.type("starship\u{1B}[B\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("\"name\" : \"Starship | Flight 13\""))
    }

    /// A C locale: the marks are ASCII, as `spacedash demo` draws the same view there.
    @Test func aCLocaleDrawsTheScreenWithASCIIMarks() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 60, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox, environment: ["LANG": "C"])
        let opening = Self.waitForFrame(terminal, showing: "10 / 10 launches | bundled listing of 20 July 2026")
        terminal.type("falcon")
        let screen = terminal.waitForScreen { $0.cursorVisible && $0.line(1) == "5 / 10 launches | bundled listing of 20 July 2026" && Self.selectedLine($0, marker: "> ") != nil }
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        let selected = try #require(Self.selectedLine(screen, marker: "> "), "the selected row's marker: \(screen.lines)")
        #expect(selected.contains("Starlink Group 17-39 | "), "the joiner in ASCII: \(selected)")
        #expect(screen.lines.contains { $0.hasSuffix("...") }, "rows cut with three dots")
        let marks: [Character] = ["▶", "·", "─", "…", "–", "—", "⠋"]
        for shown in [opening, screen] {
            #expect(!shown.lines.joined().contains { marks.contains($0) }, "\(shown.lines)")
        }
    }

    @Test func escapeExits130PrintingNothing() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["--json"], sandbox: sandbox)
        Self.waitForFrame(terminal, showing: "bundled listing of 20 July 2026")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    @Test func enterWithStdoutClosedByItsReaderEndsQuietlyAndRestoresTheTerminal() throws {
        // `spacedash launches search -i | head -0`: the reader is gone before Enter.
        let sandbox = Sandbox()
        func pressEnter(stdout: ProcessRunner.StandardOutput) throws -> (ProcessResult, screen: ScreenModel, restored: Bool) {
            let terminal = try PseudoTerminal(columns: 100, rows: 30)
            let process = try Self.start(terminal, [], sandbox: sandbox, stdout: stdout)
            Self.waitForFrame(terminal, showing: "10 / 10 launches · bundled listing of 20 July 2026")
            terminal.type("\r")
            let result = process.wait(timeout: 60)
            let screen = terminal.waitForScreen(timeout: 5_000) { !$0.isAlternateScreen }
            return (result, screen, terminal.isRestored)
        }
        let read = try pressEnter(stdout: .capture)
        let closed = try pressEnter(stdout: .closedPipe)
        #expect(!read.0.stdout.isEmpty)
        #expect(closed.0.exitCode == 0, "status \(closed.0.status)")
        #expect(closed.0.stderrText == read.0.stderrText, "a closed pipe adds no error text")
        #expect(!closed.screen.isAlternateScreen && closed.screen.cursorVisible, "the cursor is shown and the alternate screen left")
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

    @Test func theBundledListingShowsAtOnceThenLiveLaunchesReplaceItUnderTheTypedQuery() throws {
        let sandbox = Sandbox()
        let gate = Gate()
        let page = Self.page(["Livefeed Alpha", "Other Rocket"])
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .handler { _ in
            gate.pass()
            return .json(page)
        }])
        defer { server.stop() }
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["--verbose"], sandbox: sandbox, offline: false,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let early = Self.waitForFrame(terminal, showing: "bundled listing of 20 July 2026 · updating…")
        #expect(early.line(1).hasSuffix("10 launches · bundled listing of 20 July 2026 · updating…"), "the bundled listing at once, saying live launches are coming")
        terminal.type("livefeed")
        Self.waitForFrame(terminal, showing: "0 / 10 launches · bundled listing of 20 July 2026 · updating…")
        // The spinner turns while the live launches are coming: its third frame, so it moved.
        let turning = Self.waitForFrame(terminal, showing: "⠹ 0 / 10 launches · bundled listing of 20 July 2026 · updating…")
        #expect(turning.line(1) == "⠹ 0 / 10 launches · bundled listing of 20 July 2026 · updating…")
        gate.open()
        let live = terminal.waitForScreen { $0.cursorVisible && $0.line(1) == "1 / 2 launches · live, fetched just now" && Self.selectedLine($0) != nil }
        #expect(live.line(1) == "1 / 2 launches · live, fetched just now", "the typed query re-applied to the live launches")
        #expect(Self.selectedLine(live)?.hasSuffix("Livefeed Alpha · Agency 0") == true)
        terminal.type("\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2030-01-01T12:00:00Z\tLivefeed Alpha\tAgency 0\t"))
        #expect(server.requests.count == 1)
        #expect(result.stderrText.contains("http: 200 GET "), "--verbose's request lines, told after the screen closed")
        #expect(result.stderrText.contains("spacedash: 2 upcoming launches from Launch Library"))
        #expect(terminal.isRestored)
    }

    @Test func aFailedLiveFetchKeepsTheBundledListingOnScreenWithTheReason() throws {
        let sandbox = Sandbox()
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(#"{"detail": "Invalid token."}"#, status: 403)])
        defer { server.stop() }
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox, offline: false,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        // The failure may come before the first search's results: wait for both.
        let screen = terminal.waitForScreen { $0.cursorVisible && $0.line(1).hasPrefix("10 / 10 launches · bundled listing of 20 July 2026 · live failed:") }
        // The status line is cut at the terminal's 100 columns.
        #expect(screen.line(1) == "10 / 10 launches · bundled listing of 20 July 2026 · live failed: Launch Library refused the reques…")
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.contains("Launch Library refused the request"), "the notices on stderr once the screen is gone")
        #expect(terminal.isRestored)
    }

    @Test func strictWithoutLiveLaunchesFailsBeforeTheScreenOpens() throws {
        let sandbox = Sandbox()
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(#"{"detail": "Invalid token."}"#, status: 403)])
        defer { server.stop() }
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["--strict"], sandbox: sandbox, offline: false,
                                     environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("spacedash: no live launch data (--strict)"))
        #expect(result.stderrText.split(separator: "\n").count == 1)
        _ = terminal.readRemainingOutput()
        #expect(!terminal.screen.isAlternateScreen && terminal.screen.lines.allSatisfy(\.isEmpty), "the screen never opened")
        #expect(terminal.isRestored)
    }

    @Test func offlineMakesNoRequest() throws {
        let sandbox = Sandbox()
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(Self.page(["Livefeed Alpha"]))])
        defer { server.stop() }
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox,
                                          environment: ["SPACEDASH_LAUNCHES_URL": server.baseURL.absoluteString])
        let screen = Self.waitForFrame(terminal, showing: "10 / 10 launches · bundled listing of 20 July 2026")
        #expect(screen.line(1) == "10 / 10 launches · bundled listing of 20 July 2026", "nothing is updating")
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(server.requests.isEmpty)
    }

    // MARK: - Filters and --file

    @Test func theFieldOptionsNarrowTheLaunchesAndTheFileIsNamed() throws {
        let sandbox = Sandbox()
        let file = sandbox.directory.appendingPathComponent("saved launches.json")
        try Data(Self.page(["Falcon 9 | One", "Electron | Two", "Falcon 9 | Three", "Falcon Heavy | Four", "Falcon 9 | Five"],
                           agencies: ["SpaceX", "Rocket Lab", "SpaceX", "SpaceX", "Other"]).utf8).write(to: file)
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["--file", file.path, "--agency", "spacex", "--limit", "2", "falcon"],
                                     sandbox: sandbox, offline: false, environment: ["TZ": "Europe/Paris"])
        let screen = terminal.waitForScreen { $0.cursorVisible &&
            $0.line(1) == "2 / 2 launches · file saved launches.json" && $0.row(containing: "Window:") != nil
        }
        #expect(screen.line(1) == "2 / 2 launches · file saved launches.json", "SpaceX's first two, searched for falcon")
        #expect(screen.line(2).hasPrefix("▶ ") && screen.line(2).hasSuffix("  Falcon 9 | One · SpaceX"), "\(screen.lines)")
        #expect(screen.line(3).hasPrefix("  ") && screen.line(3).hasSuffix("  Falcon 9 | Three · SpaceX"))
        let window = try #require(screen.lines.first { $0.hasPrefix("Window:") })
        #expect(window.hasPrefix("Window:  2030-01-01 13:00 CET · "), "the window in local time (TZ), as the table shows it")
        terminal.type("\u{1B}[B\r")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("2030-01-03T12:00:00Z\tFalcon 9 | Three\tSpaceX\t"))
        #expect(terminal.isRestored)
    }

    // MARK: - Width and paste

    /// `COLUMNS`, when set, is the width of every output: `-i` draws no wider.
    @Test func columnsSetNarrowsTheScreenAsItNarrowsEveryOutput() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox, environment: ["COLUMNS": "50"])
        let screen = Self.waitForFrame(terminal, showing: String(repeating: "─", count: 50))
        #expect(screen.cells.allSatisfy { $0.dropFirst(50).allSatisfy { $0.text == " " } }, "nothing past column 50: \(screen.lines)")
        #expect(screen.line(1) == "10 / 10 launches · bundled listing of 20 July 2026")
        terminal.type("\u{1B}")
        #expect(process.wait(timeout: 60).exitCode == 130)
        #expect(terminal.isRestored)
    }

    @Test func aBracketedPasteArrivesAsQueryTextAndItsNewlineIsNoEnter() throws {
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, [], sandbox: sandbox)
        // Bracketed paste is a mode, not something on the screen: its switch is looked for in the bytes.
        let opening = terminal.read(until: "bundled listing of 20 July 2026")
        #expect(opening.contains("\u{1B}[?2004h"), "bracketed paste turned on")
        terminal.type("\u{1B}[200~long march\r7a\u{1B}[201~")
        let screen = terminal.waitForScreen { $0.cursorVisible && $0.line(1) == "1 / 10 launches · bundled listing of 20 July 2026" && Self.selectedLine($0) != nil }
        #expect(screen.line(0) == "> long march 7a", "the paste in the prompt, its line break a space")
        #expect(Self.selectedLine(screen)?.contains("Long March 7A | Unknown Payload") == true)
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130, "the pasted line break did not accept a launch")
        #expect(result.stdout.isEmpty)
        #expect(terminal.isRestored)
    }

    // MARK: - Hostile data (issue 8)

    @Test func hostileStringsInLaunchesNeverReachTheScreenAsControls() throws {
        let sandbox = Sandbox()
        let results = HostileStrings.table.enumerated().map { index, entry in
            let text = Self.jsonString(entry.text)
            return #"{"id": "h\#(index)", "name": \#(Self.jsonString("H\(index) " + entry.text)), "net": "2030-01-01T12:\#(String(format: "%02d", index)):00Z", "status": {"name": \#(text), "abbrev": \#(text)}, "launch_service_provider": {"name": \#(text)}, "mission": {"type": \#(text), "description": \#(text)}, "pad": {"name": \#(text), "location": {"name": \#(text)}}, "rocket": {"configuration": {"full_name": "rocket \#(index) marker"}}}"#
        }
        let file = sandbox.directory.appendingPathComponent("hostile.json")
        try Data(#"{"count": \#(results.count), "next": null, "results": [\#(results.joined(separator: ", "))]}"#.utf8).write(to: file)
        let terminal = try PseudoTerminal(columns: 160, rows: 30)
        let process = try Self.start(terminal, ["--file", file.path], sandbox: sandbox)
        // Raw bytes on purpose: this test is about which control sequences reach the terminal.
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

