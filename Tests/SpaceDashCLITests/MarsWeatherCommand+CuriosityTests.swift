import Foundation
import Glibc
import Testing
import Terminal
import TestSupport

/// The built `spacedash mars-weather` (Curiosity, the default station) against
/// the loopback server serving the real captures of ../shared/data/mars-rovers
/// (skipped when absent) and broken answers, with a private cache and the
/// clock set by SPACEDASH_NOW.
@Suite(.serialized) struct MarsWeatherCuriosityEndToEndTests {
    static func capture(_ name: String) -> URL? {
        ProjectPaths.sharedData?.appendingPathComponent("mars-rovers/\(name)")
    }

    func run(_ arguments: [String], server: LoopbackServer?, scratch: Sandbox, now: String = "2026-02-11T12:00:00Z",
             extra: [String: String] = [:]) throws -> ProcessResult {
        try scratch.run(["mars-weather"] + arguments, server: server, extra: extra.merging(["SPACEDASH_NOW": now]) { $1 }, timeout: 60)
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
        #expect(result.stderrText == "")
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "Curiosity (REMS) · Gale crater · sol \(latest) · Earth date \(date)")
        #expect(lines[1] == "latest sol \(latest), Earth date \(date), \(age)")
        #expect(lines[2].hasPrefix("Mars month "))
        #expect(lines[4].hasPrefix(" Sol  Earth date"))
        #expect(lines.contains { $0.hasPrefix("\(latest)  \(date)") })
        #expect(lines.filter { $0 == "Curiosity's feed reports no wind or humidity (REMS's wind sensor was damaged at landing)." }.count == 1)
        #expect(result.stdoutText.contains("Source: live from NASA's Curiosity (REMS) feed"))

        // Within 6 hours the compact cache answers; the server is not asked again.
        let again = try run([], server: server, scratch: scratch, now: now)
        #expect(again.exitCode == 0)
        #expect(server.requests.count == 1)
        #expect(again.stdoutText.contains("Source: Curiosity's feed cached"))
        #expect(again.stdoutText.split(separator: "\n").prefix(12) == result.stdoutText.split(separator: "\n").prefix(12))
    }

    @Test func jsonForSol4801IsTheDocumentedObject() throws {
        guard let file = Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let server = try LoopbackServer(routes: ["/msl": .file(file)])
        defer { server.stop() }
        let result = try run(["--json", "--sols", "1"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix(#"{"station":"curiosity","site":"Gale crater","source":{"kind":"live","#))
        #expect(result.stdoutText.hasSuffix(#","sols":[{"sol":4801,"earth_date":"2026-02-07","ls":221,"mars_month":8,"air_temperature_c":{"min":-67,"max":2},"ground_temperature_c":{"min":-83,"max":12},"pressure_pa":807,"uv_index":"Moderate","sunrise":"05:23","sunset":"17:34"}]}"# + "\n"))
    }

    @Test func aFeedMoreThanAWeekBehindSaysSoAndWhyOnce() throws {
        guard let file = Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let server = try LoopbackServer(routes: ["/msl": .file(file)])
        defer { server.stop() }
        let result = try run([], server: server, scratch: Sandbox(), now: "2026-11-24T03:00:00Z")
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("latest sol 4801, Earth date 2026-02-07, 290 days ago"))
        let notices = result.stderrText.split(separator: "\n")
        #expect(notices.count == 1)
        #expect(notices.first?.hasPrefix("spacedash: Curiosity's feed is behind: its latest sol (4801, Earth date 2026-02-07) is 290 days old.") == true)
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
        #expect(result.stdoutText.hasPrefix("Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07\n"), "\(name)")
        #expect(result.stdoutText.contains("Source: the bundled sample"), "\(name)")
        let notices = result.stderrText.split(separator: "\n")
        #expect(notices.count == 1, "\(name): \(result.stderrText)")
        #expect(notices.first?.hasSuffix("showing the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11") == true, "\(name)")
    }

    @Test func aServerThatNeverAnswersTimesOutToTheSample() throws {
        let server = try LoopbackServer(routes: ["/msl": .silence])
        defer { server.stop() }
        let result = try run(["--timeout", "1"], server: server, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("Source: the bundled sample"))
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
        let result = try run(["--offline", "--year"], server: nil, scratch: Sandbox())
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.contains("Air temperature (°C), sols 4134–4801: daily low to high"))
        #expect(result.stdoutText.contains("Air pressure (Pa)"))
        #expect(result.stdoutText.contains("Gaps: no data for sols 4397–4403, 4416–4424"))
    }

    @Test func oneSolInDetailAndASolTheFeedNeverPublished() throws {
        let detail = try run(["--offline", "--sol", "4801"], server: nil, scratch: Sandbox())
        #expect(detail.exitCode == 0)
        #expect(detail.stdoutText.hasPrefix("Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07\nSeason       Mars month 8 · Ls 221° · southern spring"))
        let absent = try run(["--offline", "--sol", "4400"], server: nil, scratch: Sandbox())
        #expect(absent.exitCode == 1)
        #expect(absent.stderrText.hasSuffix("spacedash: sol 4400 is not in the bundled Curiosity sample (the feed never published that sol): it has sols 4134–4801\n"))
    }

    @Test(arguments: [[String](), ["--year"], ["--sol", "4801"]])
    func everyLineFitsANarrowScreen(view: [String]) throws {
        let scratch = Sandbox()
        let environment = ["COLUMNS": "40"]
        let result = try run(view + ["--offline"], server: nil, scratch: scratch, extra: environment)
        #expect(result.exitCode == 0)
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
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
