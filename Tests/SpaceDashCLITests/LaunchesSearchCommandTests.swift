import Foundation
import Testing
import SpaceData
import TestSupport
@testable import SpaceDashCLI

/// The command in process, with memory outputs (a terminal or not) and
/// saved responses, so no network is involved.
@Suite struct LaunchesSearchCommandTests {
    private static let normal = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.3.0-normal.json").path

    private func run(_ arguments: [String], terminal: Bool, environment: [String: String] = [:]) async -> (code: Int32, stdout: String, stderr: String) {
        let streams = OutputStreams.memory(stdoutIsTerminal: terminal)
        let base = ["COLUMNS": "160", "TZ": "UTC", "SPACEDASH_LAUNCHES_URL": "http://127.0.0.1:9/2.3.0", "SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test"]
        let code = await SpaceDash.run(arguments: ["launches"] + arguments, environment: base.merging(environment) { $1 }, streams: streams)
        return (code, streams.stdout.text, streams.stderr.text)
    }

    @Test func aTerminalGetsAHeaderAndAlignedColumns() async {
        let result = await run(["--file", Self.normal, "--color", "never"], terminal: true)
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("DATE"))
        #expect(lines[1].hasPrefix("2026-12-01 20:25 UTC  "))
        #expect(lines[1].contains("Ariane 62 | Galileo L15 (FOC FM31 & FM32)"))
        #expect(!result.stdout.contains("\u{1B}"), "--color never")
    }

    @Test func colourAlwaysHighlightsMatches() async {
        let result = await run(["--file", Self.normal, "--color", "always", "galileo"], terminal: true)
        #expect(result.stdout.contains("\u{1B}[1;33mGalileo\u{1B}[0m"))
    }

    @Test func utcAndTheLocalZone() async {
        let local = await run(["--file", Self.normal], terminal: true, environment: ["TZ": "Asia/Tokyo"])
        #expect(local.stdout.contains("2026-12-02 05:25 GMT+9"))
        let utc = await run(["--file", Self.normal, "--utc"], terminal: true, environment: ["TZ": "Asia/Tokyo"])
        #expect(utc.stdout.contains("2026-12-01 20:25 UTC"))
    }

    @Test func aPipeGetsRowsWithoutHeaderOrTruncation() async {
        let result = await run(["--file", Self.normal, "--limit", "2"], terminal: false, environment: ["COLUMNS": "20"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("2026-12-01T20:25:00Z\tAriane 62 | Galileo L15 (FOC FM31 & FM32)\tArianespace\tNavigation\t"))
        #expect(!result.stdout.contains("…"))
    }

    @Test func verboseSaysWhereLaunchesCameFrom() async {
        let result = await run(["--file", Self.normal, "--verbose"], terminal: false)
        #expect(result.stderr == "spacedash: 3 launches from \(Self.normal)\n")
    }

    @Test func originLinesForEachSource() {
        let list = LaunchList(launches: [Launch(id: "a", name: "A")], timeframe: .upcoming, pages: 2, totalCount: 212)
        #expect(LaunchesSearchCommand.originLine(Sourced(list, origin: .live(fetchedAt: Date())))
            == "1 upcoming launches from Launch Library (2 pages of 212 launches)")
        #expect(LaunchesSearchCommand.originLine(Sourced(list, origin: .cache(savedAt: Date(), age: 180)))
            == "1 upcoming launches cached 3 min ago; fresh for 12 min more, no request made (--refresh to ask now)")
        #expect(LaunchesSearchCommand.originLine(Sourced(list, origin: .cache(savedAt: Date(), age: 3600)))
            == "1 upcoming launches cached 1 h ago")
        #expect(LaunchesSearchCommand.originLine(Sourced(list, origin: .sample)).hasPrefix("1 upcoming launches from the bundled sample"))
    }

    @Test func aMalformedBaseURLIsOneLine() async {
        let result = await run([], terminal: false, environment: ["SPACEDASH_LAUNCHES_URL": "ftp://x"])
        #expect(result.code == 1)
        #expect(result.stderr.hasPrefix("spacedash: SPACEDASH_LAUNCHES_URL is not an http(s) URL"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func launchesAloneIsSearchAndHelpWorks() async {
        let help = await run(["--help"], terminal: false)
        #expect(help.code == 0)
        #expect(help.stdout.contains("search"))
        let searchHelp = await run(["search", "--help"], terminal: false)
        #expect(searchHelp.stdout.contains("--mission-type"))
        #expect(searchHelp.stdout.contains("window_start"), "the JSON fields are documented")
    }
}
