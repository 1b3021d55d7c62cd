import Foundation
import Glibc
import Testing
import TestSupport

/// Runs the built `spacedash mars-weather --station insight` against the loopback
/// server, with a private cache directory, and checks stdout, stderr and the
/// exit code: into a pipe (rows on stdout, the source line on stderr) unless a
/// test draws on a terminal.
@Suite(.serialized) struct MarsWeatherEndToEndTests {
    static let fullFeed = """
        {"1081": {"AT": {"av": -55.4, "ct": 267798, "mn": -118.891, "mx": -13.051}, "First_UTC": "2021-12-10T23:22:46Z", \
        "HWS": {"av": 5.231, "ct": 118042, "mn": 0.283, "mx": 17.399}, "Last_UTC": "2021-12-11T23:04:24Z", "Month_ordinal": 5, \
        "PRE": {"av": 620.639, "ct": 151347, "mn": 606.5916, "mx": 637.2092}, "Season": "spring", \
        "WD": {"8": {"compass_degrees": 180.0, "compass_point": "S", "compass_right": 0.0, "compass_up": -1.0, "ct": 30}, \
        "most_common": {"compass_degrees": 180.0, "compass_point": "S", "compass_right": 0.0, "compass_up": -1.0, "ct": 30}}}, \
        "1086": {"First_UTC": "2021-12-15T22:39:00Z", "Last_UTC": "2021-12-16T22:20:00Z", \
        "PRE": {"av": 618.0, "ct": 1000, "mn": 600.0, "mx": 630.0}, "Season": "spring", "WD": {"most_common": null}}, \
        "sol_keys": ["1081", "1086"], "validity_checks": {"sol_hours_required": 18, "sols_checked": []}}
        """
    static let emptyFeed = #"{"sol_keys": [], "validity_checks": {"1219": {"AT": {"sol_hours_with_data": [6], "valid": false}}, "sol_hours_required": 18, "sols_checked": ["1219"]}}"#
    static let rateLimit = #"{"error": {"code": "OVER_RATE_LIMIT", "message": "You have exceeded your rate limit."}}"#

    func run(_ arguments: [String], server: LoopbackServer?, scratch: Sandbox, extra: [String: String] = [:]) throws -> ProcessResult {
        try scratch.run(["mars-weather", "--station", "insight"] + arguments, server: server, extra: extra, timeout: 60)
    }

    func runOnTerminal(_ arguments: [String], server: LoopbackServer?, scratch: Sandbox, columns: UInt16 = 100) throws -> (result: ProcessResult, lines: [String]) {
        let (result, screen) = try scratch.runOnTerminal(["mars-weather", "--station", "insight"] + arguments, server: server, columns: columns)
        let plain = screen.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        return (result, plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    @Test func fullFeedIsShownLiveAndCached() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.fullFeed)])
        defer { server.stop() }
        let scratch = Sandbox()
        let result = try run([], server: server, scratch: scratch)
        #expect(result.exitCode == 0)
        // Into a pipe the page's headline and age go to stderr, as Curiosity's do.
        let stderrLines = result.stderrText.split(separator: "\n")
        #expect(stderrLines.first == "spacedash: InSight · Elysium Planitia · sol 1086 · Earth date 2021-12-15")
        #expect(stderrLines.dropFirst().first?.hasPrefix("spacedash: latest sol 1086, ") == true)
        #expect(stderrLines.last?.hasPrefix("spacedash: Source: live from NASA's InSight feed, fetched ") == true)
        #expect(stderrLines.count == 3, "no notice: \(result.stderrText)")
        #expect(result.stdoutText == "1081\t2021-12-10\tsummer\t-118.891\t-55.4\t-13.051\t620.639\t5.231\t17.399\tS\n"
                + "1086\t2021-12-15\tsummer\t\t\t\t618\t\t\t\n")
        #expect(server.requests.first?.target == "/insight_weather/?api_key=DEMO_KEY&feedtype=json&ver=1.0")
        #expect(FileManager.default.fileExists(atPath: scratch.cache.appendingPathComponent("insight-weather.cache").path))

        // Within the hour the cache answers and the server is not asked again.
        let again = try run([], server: server, scratch: scratch)
        #expect(again.exitCode == 0)
        #expect(server.requests.count == 1)
        #expect(again.stderrText.contains("spacedash: Source: cached"))

        // On a terminal, the table as drawn, a missing sensor a dash, never 0.
        let (drawn, drawnLines) = try runOnTerminal([], server: server, scratch: scratch)
        #expect(drawn.exitCode == 0)
        // The latest sol and its age, what it is on Mars now, then the table.
        #expect(drawnLines[0] == "InSight · Elysium Planitia · sol 1086 · Earth date 2021-12-15")
        #expect(drawnLines[1].hasPrefix("latest sol 1086, "))
        #expect(drawnLines[2].hasPrefix("Today on Mars: sol "))
        let lines = Array(drawnLines.drop { !$0.hasPrefix(" Sol ") })
        #expect(lines[0].hasPrefix(" Sol  Earth date  Season"))
        #expect(lines[1].hasPrefix("1081  2021-12-10  summer  -118.9   -55.4    -13.1        620.6       5.2      17.4  S"))
        #expect(lines[2].hasPrefix("1086  2021-12-15  summer       —       —        —        618.0         —         —  —"))
        #expect(lines.contains { $0.hasPrefix("Source: cached") })
    }

    @Test func emptyFeedShowsTheSampleWithOneNotice() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.emptyFeed)])
        defer { server.stop() }
        let result = try run([], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("675\t2020-10-19\twinter\t"))
        #expect(result.stdoutText.contains("\n681\t2020-10-25\twinter\t"))
        let notices = result.stderrText.split(separator: "\n").filter {
            !$0.hasPrefix("spacedash: Source: ") && !$0.hasPrefix("spacedash: InSight · ") && !$0.hasPrefix("spacedash: latest sol ")
        }
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("spacedash: NASA") == true)
        #expect(notices.first?.contains("stopped reporting in 2022") == true)
        #expect(notices.first?.contains("bundled sample") == true)
    }

    @Test func rateLimitIsExplainedAndFallsBack() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .status(429, headers: ["Content-Type": "application/json"], body: Self.rateLimit)])
        defer { server.stop() }
        let result = try run([], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stderrText.contains("rate limit was reached"))
        #expect(result.stderrText.contains("DEMO_KEY allows 30 requests an hour"))
        #expect(result.stdoutText.hasPrefix("675\t2020-10-19\t"))
    }

    @Test func strictWithoutLiveDataExits69WithNothingOnStdout() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.emptyFeed)])
        defer { server.stop() }
        let result = try run(["--strict"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 69)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("spacedash: no live Mars weather (--strict): "))
        #expect(result.stderrText.split(separator: "\n").count == 1)
    }

    @Test func strictAsksEvenWhenTheCacheIsFresh() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.fullFeed)])
        defer { server.stop() }
        let scratch = Sandbox()
        #expect(try run([], server: server, scratch: scratch).exitCode == 0)
        let strict = try run(["--strict"], server: server, scratch: scratch)
        #expect(strict.exitCode == 0)
        #expect(server.requests.count == 2, "--strict makes the request although the cache is fresh")
        #expect(strict.stderrText.contains("spacedash: Source: live from NASA's InSight feed"))
        server["/insight_weather/"] = .json(Self.emptyFeed)
        let empty = try run(["--strict"], server: server, scratch: scratch)
        #expect(empty.exitCode == 69, "a fresh cache is not live data")
        #expect(empty.stdout.isEmpty)
        #expect(server.requests.count == 3)
    }

    @Test func verboseLinesAllStartWithTheProgramName() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.fullFeed)])
        defer { server.stop() }
        let scratch = Sandbox()
        for (arguments, extra) in [(["--verbose"], [String: String]()), (["--refresh"], ["SPACEDASH_DEBUG_HTTP": "1"])] {
            let result = try run(arguments, server: server, scratch: scratch, extra: ["NASA_API_KEY": "s3cret-key"].merging(extra) { $1 })
            #expect(result.exitCode == 0)
            let lines = result.stderrText.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("spacedash: http: GET http://127.0.0.1:") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("spacedash: http: 200 GET ") }, "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("spacedash: ") }, "\(lines)")
            #expect(!result.stderrText.contains("s3cret-key"), "still redacted")
        }
        let verbose = try run(["--verbose"], server: server, scratch: scratch)
        #expect(verbose.stderrText.contains("spacedash: 2 sols of Mars weather cached less than a minute ago; fresh for "))
    }

    @Test func offlineMakesNoRequest() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.fullFeed)])
        defer { server.stop() }
        let result = try run(["--offline", "--json"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(server.requests.isEmpty)
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((json["source"] as? [String: Any])?["kind"] as? String == "sample")
        #expect((json["sols"] as? [Any])?.count == 7)
        #expect(result.stderrText.contains("no cached Mars weather yet"))
    }

    @Test func corruptCacheIsReportedAndTheRunSucceeds() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .status(500, body: "Internal error")])
        defer { server.stop() }
        let scratch = Sandbox()
        try FileManager.default.createDirectory(at: scratch.cache, withIntermediateDirectories: true)
        try Data("not a cache entry".utf8).write(to: scratch.cache.appendingPathComponent("insight-weather.cache"))
        let result = try run([], server: server, scratch: scratch)
        #expect(result.exitCode == 0)
        #expect(result.stderrText.contains("HTTP 500"))
        #expect(result.stderrText.contains("could not be used"))
        #expect(result.stdoutText.hasPrefix("675\t2020-10-19\t"))
        #expect(!FileManager.default.fileExists(atPath: scratch.cache.appendingPathComponent("insight-weather.cache").path))
    }

    @Test func solDetailAndImperialUnits() throws {
        let (result, lines) = try runOnTerminal(["--offline", "--sol", "678", "--units", "imperial"], server: nil, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(lines[0] == "Sol 678  2020-10-22 20:31 UTC – 2020-10-23 21:10 UTC")
        #expect(lines.contains { $0.contains("°F") })
        #expect(lines.contains { $0.hasPrefix("Wind rose") })
        let missing = try run(["--offline", "--sol", "5"], server: nil, scratch: Sandbox())
        #expect(missing.exitCode == 1)
        // The notice says where the data came from; the error says it once, briefly.
        #expect(missing.stderrText.hasSuffix("\nspacedash: sol 5 is not in the bundled sample: it has sols 675–681\n"))
        #expect(missing.stderrText.components(separatedBy: "InSight's archived weather").count == 2, "the source is described once")
        let curiosity = try run(["--offline", "--sol", "4801"], server: nil, scratch: Sandbox())
        #expect(curiosity.stderrText.hasSuffix("it has sols 675–681 (4801 is a Curiosity sol: --station curiosity)\n"))
    }

    @Test(arguments: [60, 40])
    func aNarrowTerminalFitsTheTableAndWrapsTheSourceAtSpaces(width: Int) throws {
        let (result, lines) = try runOnTerminal(["--offline"], server: nil, scratch: Sandbox(), columns: UInt16(width))
        #expect(result.exitCode == 0)
        #expect(lines.allSatisfy { $0.count <= width }, "\(lines)")
        let firstRow = lines.drop { !$0.hasPrefix("Sol ") && !$0.hasPrefix(" Sol ") }.dropFirst().first ?? ""
        #expect(firstRow.split(separator: " ").contains("-96.9") && firstRow.split(separator: " ").contains("-15.9"), "\(lines)")
        let source = lines.drop { !$0.hasPrefix("Source: ") }.filter { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(source == "Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)")
    }

    @Test func usageErrorsExit64() throws {
        let scratch = Sandbox()
        for arguments in [["--units", "kelvin"], ["--offline", "--refresh"], ["--sols", "0"], ["--bogus"]] {
            let result = try run(arguments, server: nil, scratch: scratch)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func asciiLocaleDrawsNoUnicode() throws {
        let (result, screen) = try Sandbox().runOnTerminal(["mars-weather", "--station", "insight", "--offline"], server: nil,
                                                           extra: ["LANG": "C", "LC_ALL": "C"])
        #expect(result.exitCode == 0)
        #expect(screen.contains("Source: ") && screen.utf8.allSatisfy { $0 < 0x80 }, "\(screen)")
        #expect(result.stderrText.utf8.allSatisfy { $0 < 0x80 }, "\(result.stderrText)")
    }

    /// Ctrl-C (SIGINT) or SIGTERM while the spinner shows on a terminal: its line is erased,
    /// and the process still dies of the signal (the shell's 130 for Ctrl-C).
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalDuringTheSpinnerErasesItsLine(signal: Int32) throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        // NASA never answers: the spinner keeps turning until the signal.
        let server = try LoopbackServer(routes: ["/insight_weather/": .silence])
        defer { server.stop() }
        let scratch = Sandbox()
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 2<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path, "mars-weather", "--station", "insight"],
            environment: scratch.environment(server: server, extra: ["TERM": "xterm"]))
        let spinning = terminal.waitForScreen(showing: "Fetching Mars weather…", timeout: 30_000)
        let row = try #require(spinning.row(containing: "Fetching Mars weather…"), "the spinner showed")
        process.send(signal: signal)
        let result = process.wait(timeout: 60)
        #expect(result.signal == signal, "it dies of the signal, as a shell expects")
        #expect(result.stdout.isEmpty)
        let after = terminal.waitForScreen(timeout: 30_000) { $0.line(row).isEmpty }
        #expect(after.line(row) == "", "the spinner's line is erased: \(after.lines)")
    }
}
