import Foundation
import Glibc
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

/// `spacedash launches show`, end to end against a Launch Library on 127.0.0.1
/// serving the real captures of 20 July 2026 (../shared/data/launches/ll2; skipped
/// without them), with the clock set to 12:00 UTC that day.
@Suite struct LaunchesShowCommandTests {
    static let starlinkID = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"

    static func spacedash(_ arguments: [String], _ environment: [String: String]) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["launches"] + arguments, environment: environment, timeout: 60)
    }

    /// One record of the detailed capture, alone, as `/launches/{id}/` answers.
    static func detailedRecord(_ id: String) throws -> Data {
        let page = try #require(try JSONSerialization.jsonObject(with: LaunchCaptures.data(LaunchCaptures.july2026Detailed)) as? [String: Any])
        let record = try #require((page["results"] as? [[String: Any]])?.first { $0["id"] as? String == id })
        return try JSONSerialization.data(withJSONObject: record)
    }

    /// The list capture at the upcoming path, and the detailed records at theirs.
    static func server() throws -> LoopbackServer {
        let server = try LoopbackServer()
        server["/2.3.0/launches/upcoming/"] = .json(try LaunchCaptures.data(LaunchCaptures.july2026List))
        for id in [starlinkID, "0f6780cf-edae-4d7c-99d6-ce7de784d140"] {
            server["/2.3.0/launches/\(id)/"] = .json(try detailedRecord(id))
        }
        return server
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func anIDAsksForTheDetailedRecordOnceAndCachesIt() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try Self.spacedash(["show", Self.starlinkID], sandbox.environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText == "")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(lines.contains("  NET         2026-07-20 14:49:32 UTC (to the second), in 2h 49m"))
        #expect(LaunchDetailRendererTests.value("Webcasts", in: lines)?.hasPrefix(
            "Official Webcast by SpaceX (Starlink Mission) English · from 2026-07-20 14:39 UTC · to 2026-07-20 17:30 UTC https://x.com/i/broadcasts/1qGoNNQZvEMKv") == true)
        #expect(server.requests.map(\.target) == ["/2.3.0/launches/\(Self.starlinkID)/?mode=detailed"])

        let again = try Self.spacedash(["show", Self.starlinkID], sandbox.environment(server))
        #expect(again.stdout == result.stdout)
        #expect(server.requests.count == 1, "a fresh cached record is shown without a request")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aQueryNamingOneLaunchShowsIt() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try Self.spacedash(["show", "mrv-1"], Sandbox().environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Falcon 9 Block 5 | MRV-1\n"))
        #expect(server.requests.map(\.path) == ["/2.3.0/launches/upcoming/", "/2.3.0/launches/0f6780cf-edae-4d7c-99d6-ce7de784d140/"])
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aQueryMatchingSeveralListsThemWithTheirIDsAndExits1() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try Self.spacedash(["show", "starlink"], Sandbox().environment(server))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderrText.split(separator: "\n").map(String.init)
        #expect(lines.first == "spacedash: \"starlink\" matches 3 launches; show one by its id:")
        #expect(lines.dropFirst().first == "spacedash:   \(Self.starlinkID)  2026-07-20 14:49 UTC  Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(lines.count == 4)
        #expect(server.requests.map(\.path) == ["/2.3.0/launches/upcoming/"], "no detailed record is asked for")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aQueryMatchingNoneIsOneLineAndExits1() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try Self.spacedash(["show", "ariane"], Sandbox().environment(server))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "spacedash: no upcoming launch matches \"ariane\" (searched 10); try --past\n")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func jsonIsTheWholeRecord() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try Self.spacedash(["show", "--json", Self.starlinkID], Sandbox().environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["name"] as? String == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(object["detailed"] as? Bool == true)
        #expect((object["vid_urls"] as? [[String: Any]])?.count == 3)
        #expect((object["launcher_stage"] as? [[String: Any]])?.count == 1)
        #expect((object["updates"] as? [[String: Any]])?.count == 6, "--json carries every update")
        #expect(object["map_url"] as? String == "https://www.google.com/maps?q=34.632,-120.611")
        #expect(object["last_updated"] as? String == "2026-07-20T14:19:43Z")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func offlineItShowsTheBundledDetailAndSaysHowOld() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        // The list is cached; the detailed record never was.
        #expect(try Self.spacedash(["--json"], sandbox.environment(server)).exitCode == 0)
        let result = try Self.spacedash(["show", "--offline", Self.starlinkID], sandbox.environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Falcon 9 Block 5 | Starlink Group 17-39\n"))
        // Issue 30: the bundled listing keeps the detail of its capture.
        #expect(result.stdoutText.contains("  Webcasts    Official Webcast by SpaceX (Starlink Mission)\n"))
        #expect(result.stdoutText.contains("  Booster     B1082 · Core · 23rd flight, flown before (50 days after its last)\n"))
        #expect(result.stderrText == "spacedash: no detailed record of this launch cached; showing it as listed on 20 July 2026 (Launch Library 2's listing of 20 July 2026): webcasts, boosters and updates as they were then\n")
        #expect(server.requests.count == 1, "offline makes no request")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func offlineWithTheDetailedRecordCachedShowsIt() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let online = try Self.spacedash(["show", Self.starlinkID], sandbox.environment(server))
        let offline = try Self.spacedash(["show", "--offline", Self.starlinkID], sandbox.environment(server))
        #expect(offline.exitCode == 0)
        #expect(offline.stdout == online.stdout)
    }

    /// Review P3 26: NO_COLOR on a terminal leaves the name bold, as `mars-weather` does,
    /// and takes every colour away.
    @Test func noColorOnATerminalLeavesTheNameBoldWithoutColour() throws {
        let (result, screen) = try Sandbox().runOnTerminal(["launches", "show", "--offline", Self.starlinkID], server: nil,
                                                           extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T12:00:00Z"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(screen.hasPrefix("\u{1B}[1mFalcon 9 Block 5 | Starlink Group 17-39\u{1B}[0m\n"), "\(screen.prefix(120).debugDescription)")
        let parameters = screen.components(separatedBy: "\u{1B}[").dropFirst().map { $0.prefix { $0 != "m" } }
        #expect(parameters.allSatisfy { $0.split(separator: ";").allSatisfy { ["0", "1", "2", "4", "7"].contains($0) } }, "\(Set(parameters))")
    }

    @Test func anUnknownIDOfflineIsOneLineAndExits1() throws {
        let result = try Self.spacedash(["show", "--offline", "00000000-0000-4000-8000-000000000000"], Sandbox().environment(nil))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.split(separator: "\n").count == 1)
        #expect(result.stderrText.hasPrefix("spacedash: "))
    }

    @Test func anUnknownQualifierIsAUsageErrorAsInEverySearch() throws {
        let result = try Self.spacedash(["show", "--offline", "agnecy:spacex"], Sandbox().environment(nil))
        #expect(result.exitCode == 64)
        #expect(result.stderrText.hasPrefix("spacedash: unknown qualifier 'agnecy:' in the query (known: name: agency:"), "\(result.stderrText)")
    }

    /// The ids a query matching several launches lists are the ones `show` takes,
    /// GCAT's too (`gcat:1961 MU`, with its space and colon): such a launch is
    /// shown as the bundled history holds it, without asking Launch Library, which
    /// has no record of that id, and without --past, as the history is all past.
    @Test func aLaunchOfTheHistoryIsShownByTheIDItsListGave() throws {
        let several = try Self.spacedash(["show", "--past", "--offline", "vostok 8k72"], Sandbox().environment(nil))
        #expect(several.exitCode == 1)
        #expect(several.stderrText.contains("\nspacedash:   gcat:1961 MU  1961-04-12 06:07 UTC  Vostok 8K72 | Vostok\n"), "\(several.stderrText)")
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try Self.spacedash(["show", "gcat:1961", "MU"], Sandbox().environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Vostok 8K72 | Vostok\n"), "\(result.stdoutText)")
        #expect(result.stdoutText.contains("1961-04-12"))
        #expect(result.stderrText.isEmpty, "nothing was asked, nothing fell back: \(result.stderrText)")
        #expect(server.requests.isEmpty, "\(server.requests.map(\.target))")
        let unknown = try Self.spacedash(["show", "gcat:1961 ZZZ"], Sandbox().environment(server))
        #expect(unknown.exitCode == 1)
        #expect(unknown.stderrText == "spacedash: no launch \"gcat:1961 ZZZ\" in the bundled history of orbital launches (its ids read like gcat:1969-059)\n")
        #expect(server.requests.isEmpty)
        let json = try Self.spacedash(["show", "--offline", "--json", "gcat:1961 MU"], Sandbox().environment(nil))
        #expect(json.exitCode == 0)
        #expect(json.stdoutText.contains("\"id\" : \"gcat:1961 MU\""), "\(json.stdoutText)")
    }

    @Test func withoutAnythingToShowItIsAUsageError() throws {
        let result = try Self.spacedash(["show"], Sandbox().environment(nil))
        #expect(result.exitCode == 64)
    }

    // MARK: - Picking one launch

    /// Issue 30: a unique prefix of an id (8 characters or more) picks the launch, as git
    /// takes short hashes; it names a launch known here, so offline it needs no network.
    @Test func aUniqueIDPrefixPicksTheLaunch() throws {
        let result = try Self.spacedash(["show", "--offline", "E1079D3A"], Sandbox().environment(nil))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.hasPrefix("Falcon 9 Block 5 | Starlink Group 17-39\n"))
        #expect(result.stdoutText.contains("  ID          \(Self.starlinkID)\n"))
    }

    @Test func anUnknownIDPrefixIsOneLineAndExits1() throws {
        let result = try Self.spacedash(["show", "--offline", "e1079d3a-0000"], Sandbox().environment(nil))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "spacedash: no launch id starts with \"e1079d3a-0000\" among the 10 upcoming launches cached or bundled; give the whole id, or try --past\n")
    }

    @Test func aPrefixShorterThan8IsAQueryAndWordsStayWords() {
        #expect(!LaunchReference.isLaunchIDPrefix("e1079d3"))
        #expect(LaunchReference.isLaunchIDPrefix("e1079d3a"))
        #expect(LaunchReference.isLaunchIDPrefix("E1079D3A-C0A6"))
        #expect(!LaunchReference.isLaunchIDPrefix("deadbeef"), "no digit: a word")
        #expect(!LaunchReference.isLaunchIDPrefix("starlink"))
        #expect(!LaunchReference.isLaunchIDPrefix("-1079d3a1"))
    }

    /// Two launches of the bundled listing made to share a prefix: both are listed, nothing is picked.
    @Test func anAmbiguousPrefixListsTheCandidates() throws {
        let launches = try BundledLaunchListing.launches()
        var twin = launches[1]
        twin.id = "e1079d3a" + twin.id.dropFirst(8)
        #expect(LaunchReference.withIDPrefix("e1079d3a", among: launches + [twin]) == .several([launches[0], twin]))
        #expect(LaunchReference.withIDPrefix("E1079D3A-C0A6", among: launches + [twin]) == .one(launches[0]))
        #expect(LaunchReference.withIDPrefix("e1079d3a", among: launches + [launches[0]]) == .one(launches[0]), "the same launch twice is one")
        #expect(LaunchReference.withIDPrefix("00000000", among: launches) == .none)
    }

    /// Issue 30: the newest five updates by default; --updates N and all.
    @Test func updatesAreTheNewestFiveUnlessAskedOtherwise() throws {
        func updates(_ extra: [String]) throws -> [String] {
            let result = try Self.spacedash(["show", "--offline", Self.starlinkID] + extra, Sandbox().environment(nil, ["COLUMNS": "400"]))
            #expect(result.exitCode == 0, "\(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("  Updates ") }) else { return [] }
            return Array(lines[start...].prefix { $0.hasPrefix("  Updates ") || $0.hasPrefix(String(repeating: " ", count: 14)) })
                .map { String($0.dropFirst(14)) }
        }
        let standard = try updates([])
        #expect(standard.count == 6)
        #expect(standard.first == "2026-07-20 14:37 UTC, LL2: Unofficial Re-stream by SPACE AFFAIRS has started https://www.youtube.com/watch?v=p648NlL0fi4")
        #expect(standard.last == "and 1 older update (--updates all)")
        #expect(try updates(["--updates", "all"]).count == 6)
        #expect(try updates(["--updates", "all"]).last == "2026-07-10 15:48 UTC, Cosmic_Penguin: Added launch. https://www.spacex.com/launches/sl-17-39")
        #expect(try updates(["--updates", "1"]).count == 2)
        #expect(try updates(["--updates", "0"]) == ["and 6 updates (--updates all)"])
        let wrong = try Self.spacedash(["show", "--offline", Self.starlinkID, "--updates", "some"], Sandbox().environment(nil))
        #expect(wrong.exitCode == 64)
    }

    /// Issue 30: on a terminal each webcast's title is an OSC 8 link to its address, which is printed too.
    @Test func onATerminalWebcastsAreHyperlinks() throws {
        let (result, screen) = try Sandbox().runOnTerminal(["launches", "show", "--offline", Self.starlinkID], server: nil,
                                                           extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T12:00:00Z"])
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(screen.contains("\u{1B}]8;;https://x.com/i/broadcasts/1qGoNNQZvEMKv\u{1B}\\Official Webcast by SpaceX (Starlink Mission)\u{1B}]8;;\u{1B}\\"),
                "\(screen.prefix(2000).debugDescription)")
        #expect(screen.contains("              https://x.com/i/broadcasts/1qGoNNQZvEMKv\n"), "the address is printed too")
        let piped = try Self.spacedash(["show", "--offline", Self.starlinkID], Sandbox().environment(nil))
        #expect(!piped.stdoutText.contains("\u{1B}"), "no escape in a pipe")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func anExactNameWinsOverOtherMatches() throws {
        let launches = try LaunchCaptures.details(LaunchCaptures.july2026List).map(\.launch)
        #expect(LaunchReference.pick(["falcon 9 block 5 | starlink group 17-39"], among: launches, timeframe: .upcoming) == .one(launches[0]))
        guard case .several(let several) = LaunchReference.pick(["falcon"], among: launches, timeframe: .upcoming) else {
            Issue.record("falcon matches several launches")
            return
        }
        #expect(several.count == 4)
    }

    /// Waiting on Launch Library for the detailed record, a spinner turns on stderr (a
    /// terminal) after 100 ms, as for `launches`.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aSpinnerTurnsWhileTheDetailedRecordIsAwaited() throws {
        let server = try Self.server()
        defer { server.stop() }
        server["/2.3.0/launches/\(Self.starlinkID)/"] = .silence
        let terminal = try PseudoTerminal()
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 2<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path,
                        "launches", "show", Self.starlinkID, "--timeout", "60"],
            environment: Sandbox().environment(server, ["TERM": "xterm"]))
        let spinning = terminal.waitForScreen(showing: "Fetching the launch…", timeout: 30_000)
        #expect(spinning.row(containing: "Fetching the launch…") != nil, "\(spinning.lines)")
        process.send(signal: SIGINT)
        #expect(process.wait(timeout: 60).signal == SIGINT)
    }
}

extension Sandbox {
    /// The sandbox's environment with Launch Library at `server`'s `/2.3.0` (a
    /// closed port without one), times in UTC and the clock at 12:00 UTC on 20 July 2026.
    func environment(_ server: LoopbackServer?, _ extra: [String: String] = [:]) -> [String: String] {
        environment(server: server, launchesPath: "/2.3.0",
                    extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T12:00:00Z"].merging(extra) { $1 })
    }
}
