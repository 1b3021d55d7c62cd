import Foundation
import Glibc
import Testing
import TestSupport

/// The built `spacedash mars-weather`, one run for both stations: into a pipe
/// (tab-separated rows on stdout, the words around them on stderr, as
/// `launches` does), on a terminal (the drawn page), and its number checks.
/// Offline on the bundled samples, with a private cache and the clock set.
@Suite(.serialized) struct MarsWeatherCommandTests {
    static let now = "2026-02-11T12:00:00Z"

    func run(_ arguments: [String], server: LoopbackServer? = nil, extra: [String: String] = [:]) throws -> ProcessResult {
        try Sandbox().run(["mars-weather"] + arguments, server: server, extra: ["SPACEDASH_NOW": Self.now].merging(extra) { $1 }, timeout: 60)
    }

    static func rows(_ result: ProcessResult) -> [[String]] {
        result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    // MARK: - Into a pipe

    @Test func curiosityIntoAPipeIsRowsAndItsWordsGoToStderr() throws {
        let result = try run(["--offline", "--sols", "3"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == """
            4799\t2026-02-05\t8\t219\t-67\t3\t-81\t11\t804\tModerate\t05:22\t17:33
            4800\t2026-02-06\t8\t220\t-70\t2\t-88\t11\t806\tModerate\t05:22\t17:33
            4801\t2026-02-07\t8\t221\t-67\t2\t-83\t12\t807\tModerate\t05:23\t17:34

            """, "no header, no blank line, no Source: line on stdout")
        let stderr = result.stderrText.split(separator: "\n").map(String.init)
        #expect(stderr.allSatisfy { $0.hasPrefix("spacedash: ") }, "\(stderr)")
        #expect(stderr.contains("spacedash: Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07"))
        #expect(stderr.contains("spacedash: latest sol 4801, Earth date 2026-02-07, 4 days ago"))
        #expect(stderr.contains("spacedash: Curiosity's feed reports no wind or humidity (REMS's wind sensor was damaged at landing)."))
        #expect(stderr.last == "spacedash: Source: the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11")

        // --quiet: the data alone.
        let quiet = try run(["--offline", "--sols", "3", "-q"])
        #expect(quiet.stderrText == "")
        #expect(quiet.stdoutText == result.stdoutText)
    }

    @Test func curiosityRowsFollowUnits() throws {
        let result = try run(["--offline", "--sols", "1", "--units", "imperial"])
        #expect(result.stdoutText == "4801\t2026-02-07\t8\t221\t-89\t36\t-117\t54\t807\tModerate\t05:23\t17:34\n")
    }

    @Test func insightIntoAPipeIsRowsAndItsSourceGoesToStderr() throws {
        let result = try run(["--station", "insight", "--offline", "--sols", "2"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == """
            680\t2020-10-24\twinter\t-96.811\t-61.789\t-15.298\t743.99\t6.517\t24.235\tWNW
            681\t2020-10-25\twinter\t-95.447\t-62.434\t-4.444\t743.55\t5.632\t18.577\tWNW

            """)
        #expect(result.stderrText.hasSuffix("spacedash: Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)\n"),
                "\(result.stderrText)")
        let imperial = try run(["--station", "insight", "--offline", "--sols", "1", "--units", "imperial", "-q"])
        #expect(imperial.stdoutText == "681\t2020-10-25\twinter\t-139.805\t-80.381\t24.001\t743.55\t12.598\t41.556\tWNW\n")
    }

    @Test func aSensorInSightDidNotReportIsAnEmptyField() throws {
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(MarsWeatherEndToEndTests.fullFeed)])
        defer { server.stop() }
        let result = try run(["--station", "insight"], server: server)
        #expect(result.exitCode == 0)
        let rows = Self.rows(result)
        #expect(rows.count == 2)
        #expect(rows[1] == ["1086", "2021-12-15", "summer", "", "", "", "618", "", "", ""], "\(rows)")
        #expect(result.stderrText.contains("spacedash: Source: live from NASA's InSight feed"))
    }

    @Test(arguments: [(["--sol", "4801"], "4801\t2026-02-07\t8\t221\t-67\t2\t-83\t12\t807\tModerate\t05:23\t17:34\n"),
                      (["--station", "insight", "--sol", "678"], "678\t2020-10-22\twinter\t-97.728\t-62.562\t-9.055\t743.741\t5.246\t18.399\tWNW\n")])
    func oneSolIntoAPipeIsItsOneRow(arguments: [String], row: String) throws {
        let result = try run(arguments + ["--offline", "-q"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == row)
    }

    /// Review P2 9: `--year` into a pipe drew a chart 668 columns wide; it gives a row a sol.
    @Test func theYearIntoAPipeIsARowForEachSolNotAChart() throws {
        let result = try run(["--offline", "--year"])
        #expect(result.exitCode == 0)
        let rows = Self.rows(result)
        let sols = rows.compactMap { Int($0[0]) }
        #expect(rows.count > 600 && sols.count == rows.count, "\(rows.prefix(3))")
        #expect(rows.allSatisfy { $0.count == 12 })
        #expect(sols == sols.sorted() && sols.first! >= 4801 - 667 && sols.last == 4801)
        #expect(!sols.contains(4400), "the feed's gaps stay gaps")
        #expect(result.stdoutText.split(separator: "\n").allSatisfy { $0.count < 100 })
    }

    @Test func jsonIsUnchangedInAPipe() throws {
        let result = try run(["--offline", "--json", "--sols", "1"])
        #expect(result.stdoutText.hasPrefix(#"{"station":"curiosity","site":"Gale crater","units":"metric","today":{"time":"2026-02-11T12:00:00Z","sol":4805,"#))
    }

    /// Issue 27 item 8: one --json shape and form for both stations.
    @Test(arguments: ["curiosity", "insight"])
    func bothStationsJSONHasOneShape(_ station: String) throws {
        let result = try run(["--offline", "-q", "--json", "--station", station])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix(#"{"station":"\#(station)","site":"#))
        #expect(result.stdoutText.split(separator: "\n").count == 1, "one line, as before for Curiosity")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["station", "site", "units", "today", "source", "sols"])
        #expect(object["units"] as? String == "metric")
    }

    // MARK: - --format (issue 27, "Today on Mars")

    /// The report's status-bar line, on its own clock (2026-11-27), from the bundled sample.
    @Test func formatPrintsOneLineForAStatusBar() throws {
        let result = try run(["--offline", "-q", "--format", "{site} sol {sol}: {temperature}, {pressure}, UV {uv} ({age})"],
                             extra: ["SPACEDASH_NOW": "2026-11-27T23:30:00Z"])
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == "Gale sol 4801: -67/2 °C, 807 Pa, UV moderate (293 d old)\n")
        #expect(result.stderrText == "")
        let insight = try run(["--offline", "-q", "--station", "insight", "--sol", "678", "--format", "{station} sol {sol}: {temperature}, {wind}"])
        #expect(insight.stdoutText == "InSight sol 678: -98/-9 °C, 5 m/s WNW\n", "\(insight.stdoutText)")
    }

    @Test(arguments: [["--json"], ["--year"], ["--sols", "3"]])
    func formatTakesOneSolAndNoJSON(_ others: [String]) throws {
        let result = try run(["--offline", "--format", "{sol}"] + others)
        #expect(result.exitCode == 64)
        #expect(result.stdoutText == "")
        #expect(result.stderrText.hasPrefix("spacedash: --format "), "\(result.stderrText)")
    }

    // MARK: - On a terminal

    /// stdout on a pseudo-terminal: the page as drawn for a person.
    static func runOnTerminal(_ arguments: [String]) throws -> (result: ProcessResult, screen: String) {
        try Sandbox().runOnTerminal(["mars-weather"] + arguments, server: nil, columns: 140, extra: ["SPACEDASH_NOW": now])
    }

    @Test func onATerminalCuriositysTableIsDrawnBetweenItsWords() throws {
        let (result, screen) = try Self.runOnTerminal(["--offline", "--sols", "2", "-q"])
        #expect(result.exitCode == 0)
        let lines = screen.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The feed's latest sol, then what it is at Gale now (issue 27, "Today on Mars").
        #expect(lines.prefix(6) == [
            "Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07",
            "latest sol 4801, Earth date 2026-02-07, 4 days ago",
            "Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)",
            "Today on Mars: sol 4805 at Gale crater, 19:20 local mean solar time · Ls 224.1° (southern spring) · light takes 19 min 40 s from Earth",
            "",
            " Sol  Earth date  Month    Ls  Air low °C  Air high °C  Ground low °C  Ground high °C  Pressure Pa  UV        Sunrise  Sunset",
        ], "\(lines)")
        #expect(lines[6].hasPrefix("4800  2026-02-06"))
        #expect(lines[8...] == ["", "Curiosity's feed reports no wind or humidity (REMS's wind sensor was damaged at landing).", "",
                                "Source: the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11", ""])
    }

    @Test func onATerminalInSightsTableHasItsChartAndSource() throws {
        let (result, screen) = try Self.runOnTerminal(["--station", "insight", "--offline", "--sols", "2", "-q"])
        #expect(result.exitCode == 0)
        #expect(screen.contains("Sol  Earth date  Season  Low °C"), "\(screen)")
        #expect(screen.contains("681  2020-10-25  winter   -95.4   -62.4     -4.4        743.5"))
        #expect(screen.contains("Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"))
        #expect(!screen.contains("\t"))
        // InSight's own sol count, on its clock (135.97° E), though it stopped reporting in 2022.
        #expect(screen.hasPrefix("\u{1B}[1mInSight · Elysium Planitia · sol 681 · Earth date 2020-10-25\u{1B}[0m\nlatest sol 681, "), "\(screen)")
        #expect(screen.contains("\nToday on Mars: sol 2563 at Elysium Planitia, "), "\(screen)")
    }

    // MARK: - Number checks (review P3 21)

    @Test func aNegativeSolIsAUsageErrorNamingTheFlag() throws {
        let result = try run(["--sol", "-1", "--offline"])
        #expect(result.exitCode == 64)
        #expect(result.stdoutText == "")
        #expect(result.stderrText.hasPrefix("spacedash: invalid value '-1' for --sol: sols count from 0, the day of landing\n"), "\(result.stderrText)")
    }

    @Test func moreSolsThanThereAreSaysHowManyThereAre() throws {
        let result = try run(["--station", "insight", "--offline", "--sols", "100"])
        #expect(result.exitCode == 0)
        #expect(Self.rows(result).count == 7)
        #expect(result.stderrText.contains("spacedash: --sols 100: only 7 sols available, showing all 7\n"), "\(result.stderrText)")
        let enough = try run(["--station", "insight", "--offline", "--sols", "7"])
        #expect(!enough.stderrText.contains("only"))
    }
}
