import Foundation
import Glibc
import Testing
import TestSupport

/// Regression (audit, issue 8 "numbers out of range … never a crash"): the built
/// `spacedash` against a feed of `HostileInSight` numbers. Each used to die of a
/// Swift trap (SIGILL) in the decoder, the chart, `--sol`, `--json` or the
/// dashboard; and since the answer was cached before drawing, every later
/// `--offline` run died too. Now they all exit 0 and show "—" for those sensors.
@Suite(.serialized) struct HostileNumbersEndToEndTests {
    /// Runs `spacedash arguments` with stdout on a pseudo-terminal (so the
    /// chart is drawn, as for a user) and stderr captured.
    static func runOnTerminal(_ run: Sandbox, _ arguments: [String], server: LoopbackServer?) throws -> (result: ProcessResult, screen: String) {
        let terminal = try PseudoTerminal(columns: 100, rows: 40)
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 1<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path] + arguments,
            environment: run.environment(server: server, extra: ["TERM": "xterm", "NO_COLOR": "1", "COLUMNS": "100"]))
        // The output (under 4 KiB) waits in the terminal's buffer until read.
        let result = process.wait(timeout: 90)
        let screen = terminal.readRemainingOutput()
        return (result, String(decoding: screen, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }

    static func expectShown(_ outcome: (result: ProcessResult, screen: String), _ what: String) {
        #expect(outcome.result.exitCode == 0, "\(what) exits 0: \(outcome.result.signal.map { "signal \($0)" } ?? "") \(outcome.result.stderrText)")
        #expect(outcome.screen.contains("—"), "\(what) shows the missing readings as —: \(outcome.screen)")
        #expect(outcome.screen.contains("no temperature data"), "\(what) draws the chart: \(outcome.screen)")
        #expect(outcome.screen.contains("743.6"), "\(what) still shows the plausible pressure")
    }

    @Test func aHostileFeedThenTheCacheOfItShowDashesAndExitZero() throws {
        let run = Sandbox()
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(HostileInSight.everything)])
        defer { server.stop() }

        Self.expectShown(try Self.runOnTerminal(run, ["mars-weather", "--station", "insight", "--refresh"], server: server), "the live answer")
        Self.expectShown(try Self.runOnTerminal(run, ["mars-weather", "--station", "insight", "--refresh", "--units", "imperial"], server: server), "the live answer in °F")
        let detail = try Self.runOnTerminal(run, ["mars-weather", "--station", "insight", "--refresh", "--sol", "681"], server: server)
        #expect(detail.result.exitCode == 0, "--sol 681: \(detail.result.stderrText)")
        #expect(detail.screen.contains("Wind from    W (270°, 5 samples)"), "\(detail.screen)")

        for units in ["metric", "imperial"] {
            let json = try run.run(["mars-weather", "--station", "insight", "--refresh", "--json", "--units", units], server: server)
            #expect(json.exitCode == 0, "--json --units \(units): \(json.stderrText)")
            let sols = try #require((try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])?["sols"] as? [[String: Any]])
            #expect(sols.map { $0[units == "metric" ? "temperature_c" : "temperature_f"] is NSNull } == [false, false, true, true, false])
        }
        let dashboard = try run.run(["--station", "insight"], server: server, extra: ["COLUMNS": "120"])
        #expect(dashboard.exitCode == 0, "the dashboard: \(dashboard.stderrText)")
        #expect(dashboard.stdoutText.contains("no temperature data"), "\(dashboard.stdoutText)")

        // The same answer, now from the cache, with no network at all.
        server.stop()
        let offline = try Self.runOnTerminal(run, ["mars-weather", "--station", "insight", "--offline"], server: nil)
        Self.expectShown(offline, "--offline from the cache")
        #expect(offline.screen.contains("Source: cached"), "\(offline.screen)")
        Self.expectShown(try Self.runOnTerminal(run, ["mars-weather", "--station", "insight", "--offline", "--units", "imperial"], server: nil), "--offline in °F")
        let json = try run.run(["mars-weather", "--station", "insight", "--offline", "--json", "--units", "imperial"], server: nil)
        #expect(json.exitCode == 0, "\(json.stderrText)")
        #expect((try? JSONSerialization.jsonObject(with: json.stdout)) != nil)
    }
}
