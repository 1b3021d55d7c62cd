import Foundation
import Testing
import TestSupport
@testable import SpaceDashCLI
import SpaceData

/// End to end: the built `spacedash launches` against a Launch Library served
/// on 127.0.0.1 by the loopback server, with its own cache directory.
@Suite struct LaunchesBinaryTests {
    /// A cache directory and environment for one test; removed at the end.
    /// Launch Library at `server`, else at a loopback port nobody listens on, so
    /// nothing reaches the real one; times in UTC; "now" when the bundled
    /// listing was made (2026-07-20T14:38:00Z), so every launch of it is ahead.
    private final class Sandbox {
        let sandbox = TestSupport.Sandbox()

        func environment(_ server: LoopbackServer?, _ extra: [String: String] = [:]) -> [String: String] {
            sandbox.environment(server: server, launchesPath: "/2.3.0",
                                extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T14:38:00Z"].merging(extra) { $1 })
        }
    }

    private func spacedash(_ arguments: [String], _ environment: [String: String]) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["launches"] + arguments, environment: environment, timeout: 60)
    }

    /// A page of the bundled listing's launches (Launch Library 2's listing of
    /// 20 July 2026, 2.2.0 detailed), with a `next` link.
    private static func page(_ range: Range<Int>, next: String? = nil, count: Int = 10) throws -> Data {
        let json = try #require(try JSONSerialization.jsonObject(with: BundledLaunchListing.body) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        return try JSONSerialization.data(withJSONObject: [
            "count": count, "next": next ?? NSNull(), "previous": NSNull(), "results": Array(results[range]),
        ] as [String: Any])
    }

    private static func rows(_ result: ProcessResult) -> [[String]] {
        result.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    @Test func pagesAreFollowedAndJoinedIntoTabSeparatedRows() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let next = server.url("/2.3.0/launches/upcoming/?limit=100&offset=100").absoluteString
        let first = try Self.page(0..<6, next: next), second = try Self.page(4..<10)
        server["/2.3.0/launches/upcoming/"] = .handler { request in
            request.target.contains("offset=100") ? .json(second) : .json(first)
        }
        let sandbox = Sandbox()
        let result = try spacedash(["--pages", "3"], sandbox.environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText == "")
        let rows = Self.rows(result)
        #expect(rows.count == 10, "6 + 6 with 2 seen twice")
        #expect(rows.allSatisfy { $0.count == 7 })
        #expect(rows[0] == ["2026-07-20T14:49:32Z", "Falcon 9 Block 5 | Starlink Group 17-39", "SpaceX", "Communications",
                            "Vandenberg SFB, CA, USA", "Go for Launch", "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"])
        #expect(server.requests.count == 2)
        #expect(server.requests[0].target == "/2.3.0/launches/upcoming/?mode=normal&limit=100&hide_recent_previous=true&ordering=net")
        #expect(server.requests[0].headers["User-Agent"]?.hasPrefix("spacedash/") == true)

        // Fresh in the cache now: the same command makes no request.
        let again = try spacedash(["--pages", "3"], sandbox.environment(server))
        #expect(again.stdout == result.stdout)
        #expect(server.requests.count == 2)
    }

    @Test func theTokenIsSentAndPastAsksNewestFirst() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/previous/": .json(try Self.page(0..<3))])
        defer { server.stop() }
        let sandbox = Sandbox()
        // After the three served launches: nothing still to come is past.
        let result = try spacedash(["--past", "--json"], sandbox.environment(server, ["SPACEDASH_LL2_TOKEN": "abc123", "SPACEDASH_NOW": "2026-07-23T00:00:00Z"]))
        #expect(result.exitCode == 0)
        #expect(server.requests.first?.target == "/2.3.0/launches/previous/?mode=normal&limit=100&ordering=-net")
        #expect(server.requests.first?.headers["Authorization"] == "Token abc123")
        let launches = try Self.listed(result.stdout)
        #expect(launches.count == 3 + 6_471, "Launch Library's three, then GCAT's history, all older")
        #expect(launches.first?.name == "Gravity-1 | Unknown Payload", "the latest of the three")
        #expect(launches.compactMap(\.net) == launches.compactMap(\.net).sorted(by: >), "past launches newest first")
        #expect(result.stderrText == "spacedash: followed by 6471 older launches from the bundled history of orbital launches, 1957 to 24 July 2023 (Source: GCAT, J. McDowell, planet4589.org/space/gcat)\n")
    }

    @Test func a429WithRetryAfterFallsBackToTheCacheAndSaysWhenToRetry() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try Self.page(0..<5))])
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try spacedash([], sandbox.environment(server)).exitCode == 0)
        server["/2.3.0/launches/upcoming/"] = .status(429, headers: ["Retry-After": "720", "Content-Type": "application/json"],
                                                      body: #"{"detail":"Request was throttled. Expected available in 720 seconds."}"#)
        let result = try spacedash(["--refresh"], sandbox.environment(server))
        #expect(result.exitCode == 0)
        #expect(Self.rows(result).count == 5)
        #expect(result.stderrText == "spacedash: Launch Library's limit of 15 requests an hour was reached; retry in 12 min; showing launches cached less than a minute ago\n")
        #expect(server.requests.count == 2)
    }

    @Test func a429WithoutRetryAfterReadsTheDetailAndFallsToTheBundledListing() throws {
        let server = try LoopbackServer(routes: [
            "/2.3.0/launches/upcoming/": .status(429, body: #"{"detail":"Request was throttled. Expected available in 1234 seconds."}"#),
        ])
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try spacedash(["starlink"], sandbox.environment(server))
        #expect(result.exitCode == 0)
        #expect(result.stderrText == """
            spacedash: Launch Library's limit of 15 requests an hour was reached; retry in 21 min
            spacedash: no cached launches to fall back on; showing Launch Library 2's listing of 20 July 2026

            """)
        #expect(Self.rows(result).map { $0[1] } == [
            "Falcon 9 Block 5 | Starlink Group 17-39", "Falcon 9 Block 5 | Starlink Group 17-51", "Falcon 9 Block 5 | Starlink Group 17-52",
        ])
        // The wait is remembered: the next run does not spend another request.
        _ = try spacedash([], sandbox.environment(server))
        #expect(server.requests.count == 1)
    }

    @Test func strictWithoutLiveDataExits69() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .tooManyRequests(retryAfter: "60")])
        defer { server.stop() }
        let result = try spacedash(["--strict"], Sandbox().environment(server))
        #expect(result.exitCode == 69)
        #expect(result.stdoutText == "")
        #expect(result.stderrText == "spacedash: no live launch data (--strict): Launch Library's limit of 15 requests an hour was reached; retry in 1 min\n")
    }

    @Test func noServerFallsBackToTheBundledListingAndOfflineMakesNoRequest() throws {
        let sandbox = Sandbox()
        let result = try spacedash(["--agency", "china aerospace"], sandbox.environment(nil))
        #expect(result.exitCode == 0)
        #expect(result.stderrText.hasPrefix("spacedash: cannot connect to http://127.0.0.1:9"))
        #expect(result.stderrText.hasSuffix("\nspacedash: no cached launches to fall back on; showing Launch Library 2's listing of 20 July 2026\n"))
        #expect(Self.rows(result).map { $0[1] } == ["Long March 3B/E | Unknown Payload", "Long March 7A | Unknown Payload"])

        let offline = try spacedash(["--offline", "vandenberg"], sandbox.environment(nil))
        #expect(offline.exitCode == 0)
        #expect(offline.stderrText == "spacedash: no launches cached yet; showing Launch Library 2's listing of 20 July 2026\n", "one step down, one notice")
        #expect(Self.rows(offline).count == 3, "the three Starlink launches from Vandenberg")
    }

    /// The launches of `launches --json`'s `{"source", "launches"}`.
    static func listed(_ json: Data) throws -> [Launch] {
        struct Listing: Decodable { var launches: [Launch] }
        return try JSONDecoder().decode(Listing.self, from: json).launches
    }

    // MARK: nothing rots

    static let nothingAhead = "spacedash: the bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past\n"

    @Test func afterEveryBundledLaunchNothingIsShownAsUpcomingAndOneLineSaysWhy() throws {
        let after = ["SPACEDASH_NOW": "2026-07-30T08:05:00Z"]  // NROL-95's window, the last, closed at 08:04
        for arguments in [["--offline"], [], ["search", "--offline", "starlink"], ["--offline", "--json"]] {
            let result = try spacedash(arguments, Sandbox().environment(nil, after))
            #expect(result.exitCode == 0, "\(arguments)")
            if arguments.contains("--json") {
                #expect(try Self.listed(result.stdout).isEmpty, "\(arguments)")
            } else {
                #expect(result.stdoutText == "", "\(arguments)")
            }
            #expect(result.stderrText.hasSuffix(Self.nothingAhead), "\(arguments): \(result.stderrText)")
            #expect(!result.stderrText.contains("showing"), "a listing that shows nothing is not announced")
        }
        // A status bar reads the exit code: `next` with no launch fails, with the same one line.
        let next = try spacedash(["next", "--offline"], Sandbox().environment(nil, after))
        #expect(next.exitCode == 1)
        #expect(next.stdoutText == "")
        #expect(next.stderrText == Self.nothingAhead)
    }

    @Test func betweenTwoBundledLaunchesExactlyTheLaterOnesShowAndTheRestAreCounted() throws {
        let between = ["SPACEDASH_NOW": "2026-07-24T00:00:00Z"]
        let result = try spacedash(["--offline"], Sandbox().environment(nil, between))
        #expect(result.exitCode == 0)
        #expect(Self.rows(result).map { $0[1] } == [
            "Starship | Flight 13", "Falcon 9 Block 5 | Starlink Group 17-51", "Falcon 9 Block 5 | Starlink Group 17-52",
            "Long March 7A | Unknown Payload", "Falcon 9 Block 5 | NROL-95",
        ], "Starship's window is still open at midnight; Kinetica 1's closed at 23:50")
        #expect(result.stderrText == """
            spacedash: no launches cached yet; showing Launch Library 2's listing of 20 July 2026
            spacedash: left out 5 launches of Launch Library 2's listing of 20 July 2026 whose time had passed by 2026-07-24T00:00:00Z

            """)
        let next = try spacedash(["next", "--offline", "--format", "{name}"], Sandbox().environment(nil, between))
        #expect(next.stdoutText == "Starship | Flight 13\n")
    }

    @Test func aCachedLaunchWhoseTimeHasPassedIsLeftOutAndCounted() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try Self.page(0..<10))])
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(Self.rows(try spacedash([], sandbox.environment(server))).count == 10)
        // Three days later the cache is stale and Launch Library failing: what has passed goes.
        server["/2.3.0/launches/upcoming/"] = .status(503, body: "down")
        let later = try spacedash([], sandbox.environment(server, ["SPACEDASH_NOW": "2026-07-23T14:38:00Z"]))
        #expect(later.exitCode == 0)
        #expect(Self.rows(later).count == 6)
        #expect(later.stderrText.hasSuffix("spacedash: left out 4 cached launches whose time had passed by 2026-07-23T14:38:00Z\n"), "\(later.stderrText)")
    }

    @Test func pastOfflineWithTheCacheEmptyFreshOrStale() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/previous/": .json(try Self.page(0..<3))])
        defer { server.stop() }
        let sandbox = Sandbox()
        let credit = "the bundled history of orbital launches, 1957 to 24 July 2023 (Source: GCAT, J. McDowell, planet4589.org/space/gcat)"
        // Empty: the history alone, said once.
        let empty = try spacedash(["--past", "--offline", "apollo 11"], sandbox.environment(server))
        #expect(empty.exitCode == 0)
        #expect(Self.rows(empty).map { $0[1] } == ["Saturn V | Apollo 11 CSM, Apollo 11 LM, EASEP PSEP, EASEP LRRR"])
        #expect(empty.stderrText == "spacedash: no launches cached yet; showing \(credit)\n")
        // Fresh: Launch Library's cached answer, then the older history; no request.
        // (After the three served launches: nothing still to come is past.)
        #expect(try spacedash(["--past"], sandbox.environment(server, ["SPACEDASH_NOW": "2026-07-23T00:00:00Z"])).exitCode == 0)
        let fresh = try spacedash(["--past", "--offline", "--limit", "4"], sandbox.environment(server, ["SPACEDASH_NOW": "2026-07-23T00:10:00Z"]))
        #expect(Self.rows(fresh).map { $0[1] } == [
            "Gravity-1 | Unknown Payload", "Falcon 9 Block 5 | MRV-1", "Falcon 9 Block 5 | Starlink Group 17-39",
            "Falcon 9 | Starlink 30189, Starlink 30170, Starlink 30188, and 19 more",
        ])
        #expect(fresh.stderrText == "spacedash: --offline: no request made; showing launches cached 10 min ago\nspacedash: followed by 6471 older launches from \(credit)\n")
        // Stale, Launch Library down: the cache says its age, the history still follows.
        server["/2.3.0/launches/previous/"] = .status(503, body: "down")
        let stale = try spacedash(["--past", "--json", "--after", "1961", "--before", "1962", "vostok"],
                                  sandbox.environment(server, ["SPACEDASH_NOW": "2026-07-24T00:10:00Z"]))
        #expect(stale.exitCode == 0)
        let vostoks = try Self.listed(stale.stdout)
        #expect(vostoks.map(\.net).allSatisfy { ($0 ?? .distantPast) >= LaunchLibraryDate.date(from: "1961-01-01T00:00:00Z")! && ($0 ?? .distantFuture) < LaunchLibraryDate.date(from: "1962-01-01T00:00:00Z")! })
        #expect(vostoks.contains { $0.id == "gcat:1961 MU" }, "Gagarin's Vostok, 12 April 1961")
        #expect(stale.stderrText.contains("showing launches cached 1 day ago"), "\(stale.stderrText)")
        #expect(stale.stderrText.hasSuffix("spacedash: followed by 6471 older launches from \(credit)\n"))
        #expect(server.requests.count == 2)
    }

    @Test func pastWithoutNetworkOrCacheShowsTheBundledHistory() throws {
        for arguments in [["--past", "--offline"], ["--past"]] {
            let result = try spacedash(arguments, Sandbox().environment(nil))
            #expect(result.exitCode == 0, "\(arguments): \(result.stderrText)")
            let rows = Self.rows(result)
            #expect(rows.count == 6_471, "\(arguments)")
            #expect(rows.first?[1].hasPrefix("Falcon 9 | Starlink") == true, "newest first: GCAT's last launch, 24 July 2023")
            #expect(rows.last?[0] == "1957-10-04T19:28:34Z")
            #expect(result.stderrText.hasSuffix("showing the bundled history of orbital launches, 1957 to 24 July 2023 (Source: GCAT, J. McDowell, planet4589.org/space/gcat)\n"))
        }
    }

    @Test func pastOnATerminalShowsTheNewestFiftyAndSaysHowToSeeMore() throws {
        // Into a pipe every launch (above); on a terminal 6,471 rows would scroll away.
        let (result, screen) = try TestSupport.Sandbox().runOnTerminal(["launches", "--past", "--offline"], server: nil, columns: 120,
                                                           extra: ["SPACEDASH_NOW": "2026-07-20T14:38:00Z", "TZ": "UTC"])
        #expect(result.exitCode == 0)
        // Every row's name is "Rocket | Mission".
        let rows = screen.split(separator: "\n").filter { $0.contains(" | ") }
        #expect(screen.contains("Falcon 9 | Starlink"), "the newest first")
        #expect(!screen.contains("Sputnik"), "the oldest are left out")
        #expect(rows.count == LaunchListing.pastOnTerminal, "\(rows.count) rows")
        #expect(result.stderrText.contains("showing the newest 50 of 6471 past launches: --limit N shows more, and a pipe gets them all (| less)"))
        let (limited, limitedScreen) = try TestSupport.Sandbox().runOnTerminal(["launches", "--past", "--offline", "--limit", "60"], server: nil, columns: 120,
                                                                   extra: ["SPACEDASH_NOW": "2026-07-20T14:38:00Z"])
        #expect(limited.exitCode == 0 && !limited.stderrText.contains("showing the newest"), "--limit is obeyed as given")
        #expect(!limitedScreen.isEmpty)
    }

    @Test func quietLeavesStderrToErrors() throws {
        let quiet = try spacedash(["--past", "--offline", "-q", "apollo 11"], Sandbox().environment(nil))
        #expect(quiet.exitCode == 0)
        #expect(Self.rows(quiet).contains { $0[1].hasPrefix("Saturn V | Apollo 11") })
        #expect(quiet.stderrText.isEmpty, "\(quiet.stderrText)")
        let failing = try spacedash(["--quiet", "--file", "/nonexistent/launches.json"], Sandbox().environment(nil))
        #expect(failing.exitCode == 1)
        #expect(failing.stderrText.hasPrefix("spacedash: cannot read /nonexistent/launches.json"), "\(failing.stderrText)")
    }

    @Test func verboseAndDebugLinesAllStartWithTheProgramName() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try Self.page(0..<3))])
        defer { server.stop() }
        let sandbox = Sandbox()
        for (arguments, extra) in [(["--verbose"], [String: String]()), (["--refresh"], ["SPACEDASH_DEBUG_HTTP": "1"])] {
            let result = try spacedash(arguments, sandbox.environment(server, extra))
            #expect(result.exitCode == 0)
            let lines = result.stderrText.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasPrefix("spacedash: http: GET http://127.0.0.1:") }, "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("spacedash: ") && !$0.hasPrefix("spacedash: launches: ") }, "\(lines)")
        }
        let verbose = try spacedash(["--verbose"], sandbox.environment(server))
        #expect(verbose.stderrText.hasPrefix("spacedash: 3 upcoming launches cached less than a minute ago; fresh for "))
    }

    @Test func colorAlwaysHighlightsTheMatchesInAPipe() throws {
        let environment = Sandbox().environment(nil)
        let coloured = try spacedash(["--offline", "starlink", "--color", "always"], environment)
        #expect(coloured.exitCode == 0)
        let plain = try spacedash(["--offline", "starlink"], environment)
        #expect(!plain.stdoutText.contains("\u{1B}"), "into a pipe, no colour unless asked for")
        let rows = coloured.stdoutText.split(separator: "\n").map(String.init)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("\u{1B}[") && $0.split(separator: "\t", omittingEmptySubsequences: false).count == 7 })
        #expect(rows.allSatisfy { $0.localizedCaseInsensitiveContains("Starlink\u{1B}[0m") }, "the match itself is highlighted")
        let unstyled = coloured.stdoutText.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(unstyled == plain.stdoutText)
        let never = try spacedash(["--offline", "starlink", "--color", "never"], environment)
        #expect(never.stdoutText == plain.stdoutText)
    }

    @Test func strictAsksEvenWhenTheCacheIsFresh() throws {
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try Self.page(0..<3))])
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try spacedash([], sandbox.environment(server)).exitCode == 0)
        let strict = try spacedash(["--strict"], sandbox.environment(server))
        #expect(strict.exitCode == 0)
        #expect(server.requests.count == 2, "--strict asks although the cache is fresh")
        #expect(Self.rows(strict).count == 3)
        server["/2.3.0/launches/upcoming/"] = .status(503, body: "down")
        let down = try spacedash(["--strict"], sandbox.environment(server))
        #expect(down.exitCode == 69, "a fresh cache is not live data")
        #expect(down.stdoutText == "")
        #expect(down.stderrText.hasPrefix("spacedash: no live launch data (--strict): HTTP 503"))
    }

    @Test(arguments: ["ll2-2.3.0-normal.json", "ll2-2.3.0-detailed.json", "ll2-2.2.0-list.json", "ll2-2.2.0-normal.json",
                      "ll2-2.2.0-detailed.json", "ll2-2.0.0.json"])
    func fileSearchesASavedResponseOfEachVersionWithoutARequest(_ name: String) throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/\(name)").path
        let result = try spacedash(["--file", path, "--json"], Sandbox().environment(nil))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText == "")
        let expected = try LaunchLibraryDecoder.decodePage(Data(contentsOf: URL(fileURLWithPath: path))).launches
        let shown = try Self.listed(result.stdout)
        #expect(Set(shown) == Set(expected))
    }

    @Test func fileWithAQueryAndAMissingFile() throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.2.0-list.json").path
        let result = try spacedash(["--file", path, "mission:communications"], Sandbox().environment(nil))
        #expect(Self.rows(result).map { $0[1] } == ["Falcon 9 Block 5 | Starlink Group 17-39"])
        let missing = try spacedash(["--file", "/nonexistent/launches.json"], Sandbox().environment(nil))
        #expect(missing.exitCode == 1)
        #expect(missing.stderrText == "spacedash: cannot read /nonexistent/launches.json: no such file\n")
    }

    /// `--file -` reads a response piped in, as rg and jq read `-`.
    @Test func fileDashReadsStandardInput() throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.2.0-list.json").path
        let environment = Sandbox().environment(nil)
        let piped = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["launches", "--file", "-", "mission:communications", "-v"],
                                          environment: environment, stdin: try Data(contentsOf: URL(fileURLWithPath: path)), timeout: 60)
        #expect(piped.exitCode == 0, "\(piped.stderrText)")
        #expect(Self.rows(piped).map { $0[1] } == ["Falcon 9 Block 5 | Starlink Group 17-39"])
        #expect(piped.stderrText.contains("spacedash: 3 launches from standard input\n"), "\(piped.stderrText)")
        let null = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["launches", "--file", "-"],
                                         environment: environment, stdin: Data("null".utf8), timeout: 60)
        #expect(null.exitCode == 1)
        #expect(null.stderrText == "spacedash: standard input is not a Launch Library response: it is JSON but not a list of launches (the whole document is one value, null)\n")
    }

    @Test func aTypoOfACommandThatMatchesNothingSaysWhatWasMeant() throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.3.0-normal.json").path
        let result = try spacedash(["--file", path, "shwo", "x"], Sandbox().environment(nil))
        #expect(result.exitCode == 0)
        #expect(result.stderrText == "spacedash: no upcoming launches match \"shwo x\" (searched 3); did you mean 'spacedash launches show x'?\n")
    }

    @Test func noMatchPrintsNothingOrAnEmptyArray() throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.3.0-normal.json").path
        let result = try spacedash(["--file", path, "zzzz"], Sandbox().environment(nil))
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == "")
        #expect(result.stderrText == "spacedash: no upcoming launches match \"zzzz\" (searched 3)\n")
        let json = try spacedash(["--file", path, "zzzz", "--json"], Sandbox().environment(nil))
        #expect(try Self.listed(json.stdout).isEmpty)
        #expect(json.stdoutText.contains("\"kind\" : \"file\""))
    }

    @Test func usageErrorsExit64() throws {
        let environment = Sandbox().environment(nil)
        for arguments in [["--offline", "--strict"], ["--pages", "0"], ["--limit", "x"], ["--after", "2027-01-01", "--before", "2026-01-01"],
                          ["--file", "x.json", "--refresh"], ["--file", "x.json", "--pages", "2"], ["--bogus"]] {
            let result = try spacedash(arguments, environment)
            #expect(result.exitCode == 64, "\(arguments)")
            #expect(result.stdoutText == "", "\(arguments)")
            #expect(result.stderrText.hasPrefix("spacedash: "), "\(arguments)")
        }
    }
}

/// `spacedash launches --ics` end to end: the listing of 20 July 2026
/// (../shared/data/launches/ll2, skipped without it) as a calendar.
@Suite struct LaunchesCalendarBinaryTests {
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theSelectedLaunchesAreAValidCalendar() throws {
        let server = try LaunchesNextCommandTests.server()
        defer { server.stop() }
        let result = try LaunchesShowCommandTests.spacedash(["--ics", "spacex"], Sandbox().environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let calendar = try StrictCalendarParser.parse(result.stdout)
        #expect(calendar.components.count == 5)
        let first = try #require(calendar.components.first)
        #expect(first.first("UID")?.raw == "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc@launches.spacedash")
        #expect(first.first("DTSTAMP")?.raw == "20260720T120000Z", "stamped with the run's clock")
        #expect(first.first("DTSTART")?.raw == "20260720T140000Z")
        #expect(first.first("LAST-MODIFIED")?.raw == "20260720T132329Z")
        #expect(first.first("URL")?.raw == server.url("/2.3.0/launches/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/").absoluteString)
    }

    /// Offline, past launches come from the bundled history (GCAT), whose launches
    /// have no record at Launch Library: no link is made up for them.
    @Test func historyLaunchesLinkToNoLaunchLibraryRecord() throws {
        let result = try LaunchesShowCommandTests.spacedash(["--past", "--offline", "--ics", "apollo 11"], Sandbox().environment(nil))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let calendar = try StrictCalendarParser.parse(result.stdout)
        let apollo = try #require(calendar.components.first { $0.first("UID")?.raw == "gcat:1969-059@launches.spacedash" })
        #expect(apollo.first("URL") == nil)
        #expect(apollo.first("STATUS")?.raw == "CONFIRMED")
        #expect(!result.stdoutText.contains("thespacedevs"))
    }

    @Test func icsWithJSONIsAUsageError() throws {
        let result = try LaunchesShowCommandTests.spacedash(["--ics", "--json"], Sandbox().environment(nil))
        #expect(result.exitCode == 64)
    }

    /// Launch Library never answers: after 100 ms a spinner turns on stderr (a terminal),
    /// as for mars-weather, and Ctrl-C erases its line before the process dies of it.
    @Test func aSpinnerShowsWhileLaunchesWaitOnTheNetworkAndCtrlCErasesIt() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let server = try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .silence])
        defer { server.stop() }
        let sandbox = Sandbox()
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 2<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path,
                        "launches", "--timeout", "60"],
            environment: sandbox.environment(server, ["TERM": "xterm"]))
        let spinning = terminal.waitForScreen(showing: "Fetching launches…", timeout: 30_000)
        let row = try #require(spinning.row(containing: "Fetching launches…"), "the spinner showed")
        process.send(signal: SIGINT)
        let result = process.wait(timeout: 60)
        #expect(result.signal == SIGINT, "it dies of the signal, as a shell expects")
        #expect(result.stdout.isEmpty)
        let after = terminal.waitForScreen(timeout: 30_000) { $0.line(row).isEmpty }
        #expect(after.line(row) == "", "the spinner's line is erased: \(after.lines)")
    }
}
