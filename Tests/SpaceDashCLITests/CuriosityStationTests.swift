import Foundation
import Glibc
import Testing
import Terminal
import TestSupport

/// The built `spacedash mars-weather` (Curiosity, the default station) against
/// the loopback server serving the real captures of ../shared/data/mars-rovers
/// (skipped when absent) and broken answers, with a private cache and the
/// clock set by SPACEDASH_NOW. Into a pipe (the rows on stdout, the words
/// around them on stderr) unless a test draws on a terminal.
@Suite(.serialized) struct CuriosityStationTests {
    static func capture(_ name: String) -> URL? {
        ProjectPaths.sharedData?.appendingPathComponent("mars-rovers/\(name)")
    }

    func run(_ arguments: [String], server: LoopbackServer?, scratch: Sandbox, now: String = "2026-02-11T12:00:00Z",
             extra: [String: String] = [:]) throws -> ProcessResult {
        try scratch.run(["mars-weather"] + arguments, server: server, extra: extra.merging(["SPACEDASH_NOW": now]) { $1 }, timeout: 60)
    }

    /// The same on a terminal `columns` wide: the page as drawn, bold marks taken out.
    func runOnTerminal(_ arguments: [String], server: LoopbackServer? = nil, scratch: Sandbox = Sandbox(), columns: UInt16 = 140,
                       now: String = "2026-02-11T12:00:00Z") throws -> (result: ProcessResult, lines: [String]) {
        let (result, screen) = try scratch.runOnTerminal(["mars-weather"] + arguments, server: server, columns: columns, extra: ["SPACEDASH_NOW": now])
        let plain = screen.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
        return (result, plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// stderr's lines, and those of them that are not the page's own words.
    static func stderrLines(_ result: ProcessResult) -> [String] {
        result.stderrText.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [("msl-2026-02-11-chrstphlbr.json", "2026-02-11T12:00:00Z", 4801, "2026-02-07", "4 days ago"),
                      ("cab-2023-02-21-Apollorion.json", "2023-02-21T12:00:00Z", 3742, "2023-02-14", "7 days ago")])
    func eachRealCaptureIsShownLiveThenFromTheCache(name: String, now: String, latest: Int, date: String, age: String) throws {
        guard let file = Self.capture(name) else { return }
        let server = try LoopbackServer(routes: ["/msl": .file(file)])
        defer { server.stop() }
        let scratch = Sandbox()
        let result = try run([], server: server, scratch: scratch, now: now)
        #expect(result.exitCode == 0)
        // No notice: only the page's words, on stderr in a pipe.
        let words = Self.stderrLines(result)
        #expect(words.count == 5, "\(words)")
        #expect(words[0] == "spacedash: Curiosity (REMS) · Gale crater · sol \(latest) · Earth date \(date)")
        #expect(words[1] == "spacedash: latest sol \(latest), Earth date \(date), \(age)")
        #expect(words[2].hasPrefix("spacedash: Mars month "))
        #expect(words[3] == "spacedash: Curiosity's feed reports no wind or humidity (REMS's wind sensor was damaged at landing).")
        #expect(words[4].hasPrefix("spacedash: Source: live from NASA's Curiosity (REMS) feed"))
        let rows = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(rows.count == 7)
        #expect(rows.last?.hasPrefix("\(latest)\t\(date)\t") == true, "\(rows)")

        // Within 6 hours the compact cache answers; the server is not asked again.
        let again = try run([], server: server, scratch: scratch, now: now)
        #expect(again.exitCode == 0)
        #expect(server.requests.count == 1)
        #expect(again.stderrText.contains("spacedash: Source: Curiosity's feed cached"))
        #expect(again.stdoutText == result.stdoutText)

        // On a terminal, the same words around the drawn table.
        let (drawn, lines) = try runOnTerminal([], server: server, scratch: scratch, now: now)
        #expect(drawn.exitCode == 0)
        #expect(lines[0] == "Curiosity (REMS) · Gale crater · sol \(latest) · Earth date \(date)")
        #expect(lines[1] == "latest sol \(latest), Earth date \(date), \(age)")
        #expect(lines[3].hasPrefix("Today on Mars: sol ") && lines[3].contains(" at Gale crater, "), "\(lines)")
        #expect(lines[5].hasPrefix(" Sol  Earth date"))
        #expect(lines.contains { $0.hasPrefix("\(latest)  \(date)") })
    }

    @Test func jsonForSol4801IsTheDocumentedObject() throws {
        guard let file = Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let server = try LoopbackServer(routes: ["/msl": .file(file)])
        defer { server.stop() }
        let result = try run(["--json", "--sols", "1"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix(#"{"station":"curiosity","site":"Gale crater","units":"metric","#
            + #""today":{"time":"2026-02-11T12:00:00Z","sol":4805,"local_mean_solar_time":"19:20:46","ls":224.09,"season":"spring","hemisphere":"southern","light_time_seconds":1180},"#
            + #""source":{"kind":"live","#))
        #expect(result.stdoutText.hasSuffix(#","sols":[{"sol":4801,"earth_date":"2026-02-07","ls":221,"mars_month":8,"air_temperature_c":{"min":-67,"max":2},"ground_temperature_c":{"min":-83,"max":12},"pressure_pa":807,"uv_index":"Moderate","sunrise":"05:23","sunset":"17:34"}]}"# + "\n"))
    }

    @Test func aFeedMoreThanAWeekBehindSaysSoAndWhyOnce() throws {
        guard let file = Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let server = try LoopbackServer(routes: ["/msl": .file(file)])
        defer { server.stop() }
        let result = try run([], server: server, scratch: Sandbox(), now: "2026-11-24T03:00:00Z")
        #expect(result.exitCode == 0)
        let lines = Self.stderrLines(result)
        #expect(lines.contains("spacedash: latest sol 4801, Earth date 2026-02-07, 290 days ago"))
        let notices = lines.filter { $0.contains("behind") }
        #expect(notices.count == 1)
        #expect(lines.first?.hasPrefix("spacedash: Curiosity's feed is behind: its latest sol (4801, Earth date 2026-02-07) is 290 days old.") == true,
                "the notice comes first, before the page's words")
        // --quiet silences it; the data is unchanged.
        let quiet = try run(["-q"], server: server, scratch: Sandbox(), now: "2026-11-24T03:00:00Z")
        #expect(quiet.stderrText == "")
        #expect(quiet.stdoutText == result.stdoutText)
    }

    static let faults: [(String, LoopbackServer.Response)] = [
        ("HTTP 500", .status(500, body: "Internal Server Error")),
        ("HTML", .text("<!DOCTYPE html><html><body>Maintenance</body></html>")),
        ("truncated", .truncated(Data(#"{"soles":[{"id":"1","terrestrial_date":"2026-02-07","sol":"4801","#.utf8), declaredLength: 100_000)),
        ("cut JSON", .json(#"{"descriptions":{},"soles":[{"id":"1","terrestrial_date":"2026"#)),
        ("empty soles", .json(#"{"descriptions":{},"soles":[]}"#)),
        ("huge body", .endless()),
    ]

    @Test(arguments: faults.indices)
    func aBrokenAnswerFallsBackToTheSampleWithOneNotice(index: Int) throws {
        let (name, response) = Self.faults[index]
        let server = try LoopbackServer(routes: ["/msl": response])
        defer { server.stop() }
        let result = try run([], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0, "\(name)")
        #expect(result.stdoutText.hasSuffix("\n4801\t2026-02-07\t8\t221\t-67\t2\t-83\t12\t807\tModerate\t05:23\t17:34\n"), "\(name)")
        let lines = Self.stderrLines(result)
        #expect(lines.last?.hasPrefix("spacedash: Source: the bundled sample") == true, "\(name)")
        #expect(lines.count == 6, "\(name): one notice, then the page's five lines: \(result.stderrText)")
        #expect(lines.first?.hasSuffix("showing the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11") == true, "\(name)")
    }

    @Test func aServerThatNeverAnswersTimesOutToTheSample() throws {
        let server = try LoopbackServer(routes: ["/msl": .silence])
        defer { server.stop() }
        let result = try run(["--timeout", "1"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stderrText.contains("spacedash: Source: the bundled sample"))
        #expect(result.stderrText.contains("timed out") || result.stderrText.contains("took longer than"))
    }

    @Test func strictWithoutLiveDataExits69() throws {
        let server = try LoopbackServer(routes: ["/msl": .status(503, body: "busy")])
        defer { server.stop() }
        let result = try run(["--strict"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 69)
        #expect(result.stdoutText == "")
        #expect(result.stderrText.hasPrefix("spacedash: no live Mars weather from Curiosity (--strict)"))
    }

    @Test func offlineWithoutACacheShowsTheSampleYearAsCharts() throws {
        let (result, lines) = try runOnTerminal(["--offline", "--year"])
        #expect(result.exitCode == 0)
        let screen = lines.joined(separator: "\n")
        #expect(screen.contains("Air temperature (°C), sols 4134–4801: mean daily low to high, 6 sols a column"), "\(screen.prefix(400))")
        #expect(screen.contains("Air pressure (Pa)"))
        #expect(screen.contains("Gaps: no data for sols 4397–4403, 4416–4424"))
        #expect(lines.allSatisfy { $0.displayWidth <= 140 })
    }

    @Test func oneSolInDetailAndASolTheFeedNeverPublished() throws {
        let (detail, lines) = try runOnTerminal(["--offline", "--sol", "4801"])
        #expect(detail.exitCode == 0)
        #expect(lines.prefix(2) == ["Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07", "Season       Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)"])
        let absent = try run(["--offline", "--sol", "4400"], server: nil, scratch: Sandbox())
        #expect(absent.exitCode == 1)
        #expect(absent.stderrText.hasSuffix("spacedash: sol 4400 is not in the bundled Curiosity sample (the feed never published that sol): it has sols 4134–4801\n"))
    }

    @Test(arguments: [[String](), ["--year"], ["--sol", "4801"]])
    func everyLineFitsANarrowScreen(view: [String]) throws {
        let (result, lines) = try runOnTerminal(view + ["--offline"], columns: 40)
        #expect(result.exitCode == 0)
        for line in lines { #expect(line.displayWidth <= 40, "\(line)") }
        #expect(lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
                    .contains("Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07"))
    }

    @Test func yearIsForCuriosityOnly() throws {
        let result = try run(["--station", "insight", "--year"], server: nil, scratch: Sandbox())
        #expect(result.exitCode == 64)
        #expect(result.stderrText.contains("--year is for --station curiosity"))
    }
}
