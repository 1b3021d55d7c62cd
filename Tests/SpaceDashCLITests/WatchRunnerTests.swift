import Foundation
import Glibc
import Testing
import TestSupport

/// End-to-end: `spacedash launches --watch` and `spacedash --watch` on a pseudo-terminal that is the process's
/// controlling terminal, against a Launch Library on 127.0.0.1 serving the real listing
/// of 20 July 2026 (../shared/data/launches/ll2; skipped without it), the clock set to
/// 12:00 UTC that day. The screen is awaited by what it shows, never by time.
@Suite(.serialized) struct WatchRunnerTests {
    static func server() throws -> LoopbackServer {
        try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try LaunchCaptures.data(LaunchCaptures.july2026List))])
    }

    /// Starts `command` with the pty as its controlling terminal and stdout, at 12:00 UTC
    /// on 20 July 2026, against `server`.
    static func start(_ terminal: PseudoTerminal, _ arguments: [String], server: LoopbackServer, sandbox: Sandbox,
                      command: [String] = ["launches", "--watch"], environment: [String: String] = [:]) throws -> RunningProcess {
        try sandbox.startInteractive(command + arguments, on: terminal, server: server, launchesPath: "/2.3.0",
                                     extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T12:00:00Z"].merging(environment) { $1 },
                                     stdoutOnTerminal: true)
    }

    static let starlink = "Falcon 9 Block 5 | Starlink Group 17-39"

    /// The row showing `text`, once the screen has it.
    static func row(_ screen: ScreenModel, _ text: String) -> String? {
        screen.row(containing: text).map { screen.line($0) }
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func drawsTicksRedrawsOnResizeAndQuitsWithQ() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 120, rows: 20)
        let process = try Self.start(terminal, [], server: server, sandbox: sandbox)

        let first = terminal.waitForScreen { Self.row($0, Self.starlink)?.hasPrefix("T-02:49:3") == true }
        #expect(first.line(0).hasPrefix("Launches · live"), "\(first.lines)")
        #expect(first.line(19) == "q quit · r refresh · / search")
        let alternate = first.isAlternateScreen
        #expect(alternate)
        // The countdown moves on by itself: a later second is drawn.
        let ticked = terminal.waitForScreen { Self.row($0, Self.starlink)?.hasPrefix("T-02:49:2") == true }
        #expect(Self.row(ticked, Self.starlink)?.contains(Self.starlink + " · Go · Vandenberg SFB, CA, USA") == true)

        terminal.resize(columns: 60, rows: 12)
        let resized = terminal.waitForScreen { $0.line(11) == "q quit · r refresh · / search" }
        #expect(resized.lines.allSatisfy { $0.count <= 60 })
        #expect(Self.row(resized, Self.starlink) != nil, "the name kept whole at 60 columns")

        terminal.type("q")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(terminal.isRestored)
        #expect(server.requests.count == 1, "one request: the next refresh is 10 minutes away")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func rWithinFourMinutesOfTheLastRequestSaysWhenItWillRefresh() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 120, rows: 20)
        let process = try Self.start(terminal, [], server: server, sandbox: sandbox)
        terminal.waitForScreen { Self.row($0, Self.starlink) != nil }
        terminal.type("r")
        let screen = terminal.waitForScreen(showing: "Launch Library allows 15 requests an hour: refreshing in 4m")
        #expect(screen.row(containing: "refreshing in 4m") == 1)
        terminal.type("\u{1B}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0, "Esc quits")
        #expect(terminal.isRestored)
        #expect(server.requests.count == 1)
    }

    static let keys = "q quit · r refresh · / search"

    /// `/` opens the search with the watch's query; Esc comes back to the watch, and so
    /// does q after Enter has shown a launch's details. The watch asks nothing for the trip.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func slashSearchesWithTheWatchsQueryAndComesBackToTheWatch() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["starlink"], server: server, sandbox: sandbox)
        let watching = terminal.waitForScreen { Self.row($0, Self.starlink) != nil }
        #expect(watching.row(containing: "MRV-1") == nil, "the query selects the watched launches")
        terminal.type("/")
        let search = terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        #expect(search.line(1).hasPrefix("3 / 10 launches"), "\(search.lines)")

        terminal.type("\u{1B}")
        let back = terminal.waitForScreen { $0.line(0).hasPrefix("Launches · ") && $0.line(29) == Self.keys && Self.row($0, Self.starlink) != nil }
        #expect(back.line(29) == Self.keys, "Esc in the search: back to the watch \(back.lines)")

        terminal.type("/")
        terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        terminal.type("\r")
        let details = terminal.waitForScreen(showing: "q or Esc back to the watch")
        #expect(details.line(0) == Self.starlink, "\(details.lines)")
        #expect(details.row(containing: "Status") != nil)
        #expect(details.line(29) == "q or Esc back to the watch · / search")

        terminal.type("q")
        let again = terminal.waitForScreen { $0.line(0).hasPrefix("Launches · ") && Self.row($0, Self.starlink) != nil }
        #expect(again.line(29) == Self.keys)
        terminal.type("q")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0, "q in the watch quits")
        #expect(result.stdout.isEmpty, "nothing printed: the details were shown on the screen")
        #expect(terminal.isRestored)
        #expect(server.requests.count == 1, "the search read the launches the watch cached; no refresh was due")
    }

    /// Esc in the search goes back to the watch, but Ctrl-C there is an interrupt: it
    /// ends the program with 130, as Ctrl-C in the watch does, the terminal restored.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func ctrlCInTheSearchOpenedFromTheWatchEndsTheWatch() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["starlink"], server: server, sandbox: sandbox)
        terminal.waitForScreen { Self.row($0, Self.starlink) != nil }
        terminal.type("/")
        terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        terminal.type("\u{03}")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 130)
        #expect(terminal.isRestored)
    }

    @Test func inAPipeWatchIsAUsageError() throws {
        let sandbox = Sandbox()
        let result = try sandbox.run(["launches", "--watch", "--offline"], server: nil)
        #expect(result.exitCode == 64)
        #expect(result.stderrText == "spacedash: --watch needs a terminal (it redraws the screen every second): drop --watch to print the launches once\n")
    }

    @Test func watchRefusesWhatContradictsIt() throws {
        let sandbox = Sandbox()
        for (arguments, message) in [
            (["--watch", "--json"], "--watch and --json contradict each other"),
            (["--watch", "--interval", "3"], "--interval"),
            (["--watch", "--pages", "2", "--interval", "5"], "--interval 5 is too often for 2 pages a refresh"),
            (["--interval", "10"], "--interval applies only to --watch"),
        ] {
            let result = try sandbox.run(["launches"] + arguments, server: nil)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.stderrText.hasPrefix("spacedash: ") && result.stderrText.contains(message), "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.split(separator: "\n").count == 2, "the error, then the usage line")
        }
    }

    // MARK: The dashboard

    static let launchesPath = "/2.3.0/launches/upcoming/"

    /// `spacedash --watch`: the weather (Curiosity's feed is not served here, so the
    /// bundled sample) beside the live launches, keys on the last row.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theDashboardDrawsBothPanelsTicksAndQuitsWithQ() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 180, rows: 24)
        let process = try Self.start(terminal, [], server: server, sandbox: sandbox, command: ["--watch"])
        let first = terminal.waitForScreen {
            $0.line(0).contains("Curiosity (REMS)") && $0.line(0).contains("Launches · live") && $0.row(containing: "weather: next refresh") != nil
        }
        #expect(first.line(0).hasPrefix("Mars weather · Curiosity (REMS), Gale crater"), "\(first.lines)")
        #expect(first.isAlternateScreen)
        #expect(first.row(containing: "weather: next refresh in 0") != nil, "in 6 hours (less the seconds since): \(first.lines)")
        #expect(Self.row(first, Self.starlink)?.contains("T-02:49:") == true)
        #expect(first.line(23) == "q quit · r refresh · / search")
        terminal.waitForScreen { Self.row($0, Self.starlink)?.contains("T-02:49:2") == true }
        // `/` searches the launches; Esc comes back to both panels, in the same session.
        let tripStart = terminal.transcript.count
        terminal.type("/")
        terminal.waitForScreen { $0.line(0).hasPrefix(">") && $0.line(1).hasPrefix("10 / 10 launches") }
        terminal.type("\u{1B}")
        let back = terminal.waitForScreen { $0.line(0).contains("Curiosity (REMS)") && $0.line(0).contains("Launches · ") }
        #expect(back.line(23) == Self.keys)
        #expect(ScreenLoopTests.count(ScreenLoopTests.leaveAlternateScreen, in: terminal.transcript[tripStart...]) == 0,
                "the alternate screen was not left for the search")
        terminal.type("q")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(terminal.isRestored)
        #expect(server.requests.filter { $0.path.hasPrefix(Self.launchesPath) }.count == 1, "the next launch refresh is 10 minutes away")
    }

    /// `spacedash --watch --station insight`: the archive's station, where and of when
    /// (InSight's feed is not served here, so its bundled sols), beside the live launches.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theDashboardsWatchShowsInSightsArchiveWithItsStationAndDate() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 180, rows: 24)
        let process = try Self.start(terminal, ["--station", "insight"], server: server, sandbox: sandbox, command: ["--watch"])
        let screen = terminal.waitForScreen {
            $0.line(0).contains("InSight") && $0.line(0).contains("Launches · live") && Self.row($0, Self.starlink) != nil
        }
        #expect(screen.line(0).hasPrefix("Mars weather · InSight, Elysium Planitia"), "\(screen.lines)")
        #expect(screen.row(containing: "Sol 681 · 2020-10-25") != nil, "\(screen.lines)")
        #expect(!screen.lines.contains { $0.contains("Curiosity") })
        #expect(Self.row(screen, Self.starlink)?.contains("T-02:49:") == true)
        terminal.type("q")
        let result = process.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(terminal.isRestored)
    }

    /// `COLUMNS`, when set, is the width of every output: `launches --watch` draws no wider.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func columnsSetNarrowsTheWatchAsItNarrowsEveryOutput() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 20)
        let process = try Self.start(terminal, [], server: server, sandbox: sandbox, environment: ["COLUMNS": "50"])
        let screen = terminal.waitForScreen { $0.line(2).hasPrefix("T-02:49:3") && $0.line(19) == Self.keys }
        #expect(screen.line(2).hasPrefix("T-02:49:3"), "\(screen.lines)")
        let beyond = screen.cells.flatMap { $0.dropFirst(50) }.map(\.text).joined()
        #expect(beyond.allSatisfy { $0 == " " }, "nothing past column 50: \(screen.lines)")
        #expect(screen.line(2).count == 50, "the Starlink row cut at column 50: \(screen.lines)")
        terminal.type("q")
        #expect(process.wait(timeout: 60).exitCode == 0)
        #expect(terminal.isRestored)
    }

    /// `COLUMNS=50` on a 100-column terminal: a launch's details, opened with Enter from
    /// the watch's search, are drawn no wider than the watch was.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func columnsSetNarrowsTheDetailsOpenedFromTheWatchsSearch() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        let process = try Self.start(terminal, ["starlink"], server: server, sandbox: sandbox, environment: ["COLUMNS": "50"])
        // The launches' rows are cut at column 50, the name too.
        let watching = terminal.waitForScreen { $0.row(containing: "Starlink Group") != nil && $0.line(29) == Self.keys }
        #expect(watching.line(29) == Self.keys, "\(watching.lines)")
        terminal.type("/")
        let search = terminal.waitForScreen { $0.line(0) == "> starlink" && $0.line(1).hasPrefix("3 / 10 launches") }
        #expect(search.line(0) == "> starlink", "\(search.lines)")
        terminal.type("\r")
        let details = terminal.waitForScreen { $0.line(29) == "q or Esc back to the watch · / search" && $0.row(containing: "Updated") != nil }
        #expect(details.line(0) == Self.starlink, "\(details.lines)")
        let beyond = details.cells.flatMap { $0.dropFirst(50) }.map(\.text).joined()
        #expect(beyond.allSatisfy { $0 == " " }, "nothing past column 50: \(details.lines)")
        terminal.type("q")
        let back = terminal.waitForScreen { $0.line(0).hasPrefix("Launches · ") && $0.line(29) == Self.keys }
        #expect(back.line(29) == Self.keys, "q on the details: back to the watch \(back.lines)")
        terminal.type("q")
        #expect(process.wait(timeout: 60).exitCode == 0)
        #expect(terminal.isRestored)
    }

    /// `COLUMNS=80` on a 180-column terminal: the dashboard's watch is laid out as on an
    /// 80-column screen, the weather above the launches, its source line dim.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func columnsSetNarrowsTheDashboardsWatch() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let terminal = try PseudoTerminal(columns: 180, rows: 30)
        let process = try Self.start(terminal, [], server: server, sandbox: sandbox, command: ["--watch"],
                                     environment: ["COLUMNS": "80"])
        let screen = terminal.waitForScreen {
            $0.row(containing: "weather: next refresh") != nil && $0.row(containing: "Launches · live") != nil
                && Self.row($0, Self.starlink) != nil && $0.line(29) == Self.keys
        }
        #expect(screen.line(0) == "Mars weather · Curiosity (REMS), Gale crater", "the launches are not beside it: \(screen.lines)")
        let beyond = screen.cells.flatMap { $0.dropFirst(80) }.map(\.text).joined()
        #expect(beyond.allSatisfy { $0 == " " }, "nothing past column 80: \(screen.lines)")
        let sourceRow = screen.row(containing: "Source: ")
        let source = try #require(sourceRow, "\(screen.lines)")
        let notDim = screen.text(ofRow: source, where: { !$0.dim })
        #expect(notDim.allSatisfy { $0 == " " }, "the source line is dim: \(screen.line(source))")
        terminal.type("q")
        #expect(process.wait(timeout: 60).exitCode == 0)
        #expect(terminal.isRestored)
    }

    @Test func theDashboardsWatchIsAUsageErrorInAPipeOrWithJSONOrAnIntervalAlone() throws {
        let sandbox = Sandbox()
        let piped = try sandbox.run(["--watch", "--offline"], server: nil)
        #expect(piped.exitCode == 64)
        #expect(piped.stderrText == "spacedash: --watch needs a terminal (it redraws the screen every second): drop --watch to print the dashboard once\n")
        for (arguments, message) in [
            (["--watch", "--json"], "--watch and --json contradict each other"),
            (["--interval", "10"], "--interval applies only to --watch"),
            (["--watch", "--interval", "3"], "--interval"),
        ] {
            let result = try sandbox.run(arguments, server: nil)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.stderrText.hasPrefix("spacedash: ") && result.stderrText.contains(message), "\(arguments): \(result.stderrText)")
            #expect(result.stdout.isEmpty)
        }
    }
}
