import Foundation
import Glibc
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

/// `spacedash launches next`, end to end against a Launch Library on 127.0.0.1
/// serving the real listing of 20 July 2026 (../shared/data/launches/ll2; skipped
/// without it), with the clock set to 12:00 UTC that day.
@Suite struct LaunchesNextCommandTests {

    static func server() throws -> LoopbackServer {
        try LoopbackServer(routes: ["/2.3.0/launches/upcoming/": .json(try LaunchCaptures.data(LaunchCaptures.july2026List))])
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theNextLaunchOfTheListingOf20July2026() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try LaunchesShowCommandTests.spacedash(["next"], sandbox.environment(server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "Falcon 9 Block 5 | Starlink Group 17-39 · T-2h 49m · Vandenberg SFB, CA, USA\n")
        #expect(result.stderrText == "")
        #expect(server.requests.count == 1)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aFreshCacheAnswersWithoutARequestEvenWhenTheServerHangs() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try LaunchesShowCommandTests.spacedash(["next"], sandbox.environment(server)).exitCode == 0)
        server["/2.3.0/launches/upcoming/"] = .silence
        let later = sandbox.environment(server, ["SPACEDASH_NOW": "2026-07-20T12:10:00Z"])
        let result = try LaunchesShowCommandTests.spacedash(["next", "--format", "{countdown}"], later)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText == "T-2h 39m\n")
        #expect(server.requests.count == 1)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aQueryAndFiltersPickTheLaunch() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let rocketLab = try LaunchesShowCommandTests.spacedash(["next", "--agency", "rocket lab", "--format", "{provider}: {mission} {countdown} ({status})"], sandbox.environment(server))
        #expect(rocketLab.stdoutText == "Rocket Lab: LOXSAT 1 NET 2026-07 (TBD)\n")
        let starship = try LaunchesShowCommandTests.spacedash(["next", "starship", "--format", "{rocket} {net}"], sandbox.environment(server))
        #expect(starship.stdoutText == "Starship 2026-07-23 22:45 UTC\n")
    }

    /// `launches next` with its stderr on `terminal` (where a spinner may turn).
    static func startWithStderrOn(_ terminal: PseudoTerminal, _ arguments: [String], _ environment: [String: String]) throws -> RunningProcess {
        try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 2<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path,
                        "launches", "next"] + arguments,
            environment: environment)
    }

    /// Waiting on Launch Library, a spinner turns on stderr (a terminal) after 100 ms, as
    /// `launches` does; answered from a fresh cache there is no request and no spinner.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aSpinnerTurnsOnlyWhileWaitingOnLaunchLibrary() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try LaunchesShowCommandTests.spacedash(["next"], sandbox.environment(server)).exitCode == 0)
        server["/2.3.0/launches/upcoming/"] = .silence
        // The cache is fresh: the answer comes from it, whatever the server does.
        let quiet = try PseudoTerminal()
        let cached = try Self.startWithStderrOn(quiet, [], sandbox.environment(server, ["TERM": "xterm"]))
        let result = cached.wait(timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.hasPrefix("Falcon 9 Block 5 | Starlink Group 17-39"))
        #expect(String(decoding: quiet.readRemainingOutput(), as: UTF8.self) == "", "nothing on stderr: no spinner, no notice")
        #expect(server.requests.count == 1)

        // Nothing cached: it waits on the silent server, and the spinner shows.
        let terminal = try PseudoTerminal()
        let waiting = try Self.startWithStderrOn(terminal, ["--timeout", "60"], Sandbox().environment(server, ["TERM": "xterm"]))
        let spinning = terminal.waitForScreen(showing: "Fetching launches…", timeout: 30_000)
        #expect(spinning.row(containing: "Fetching launches…") != nil, "\(spinning.lines)")
        waiting.send(signal: SIGINT)
        #expect(waiting.wait(timeout: 60).signal == SIGINT)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func nothingUpcomingInTheBundledListingIsOneLineAndExit1ForAStatusBar() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try LaunchesShowCommandTests.spacedash(["next", "--offline"], Sandbox().environment(server, ["SPACEDASH_NOW": "2030-01-01T00:00:00Z"]))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "spacedash: the bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past\n")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func noMatchExits1() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try LaunchesShowCommandTests.spacedash(["next", "ariane"], Sandbox().environment(server))
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "spacedash: no upcoming launch matches \"ariane\"\n")
    }

    @Test func anUnknownPlaceholderIsAUsageErrorBeforeAnyRequest() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try LaunchesShowCommandTests.spacedash(["next", "--format", "{rocke} {countdown}"], Sandbox().environment(server))
        #expect(result.exitCode == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("spacedash: unknown placeholder {rocke} in --format; did you mean '{rocket}'? (known: {name} {rocket}"))
        #expect(server.requests.isEmpty)
    }

    /// A typo in a status bar's qualifier would otherwise read as "no launch" forever.
    @Test func anUnknownQualifierIsAUsageErrorAsInEverySearch() throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let result = try LaunchesShowCommandTests.spacedash(["next", "agnecy:spacex"], Sandbox().environment(server))
        #expect(result.exitCode == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix("spacedash: unknown qualifier 'agnecy:' in the query (known: name: agency:"), "\(result.stderrText)")
        #expect(server.requests.isEmpty)
        // In double quotes it is text, searched as any other words.
        let quoted = try LaunchesShowCommandTests.spacedash(["next", "--offline", "\"agnecy:spacex\""], Sandbox().environment(nil))
        #expect(quoted.exitCode == 1)
        #expect(quoted.stderrText.hasSuffix("no upcoming launch matches '\"agnecy:spacex\"'\n"), "\(quoted.stderrText)")
    }

    /// A status bar reads stdout and the exit code: --quiet leaves stderr to errors,
    /// and nothing ahead is this command's error.
    @Test func quietSaysNothingButErrors() throws {
        let offline = try LaunchesShowCommandTests.spacedash(["next", "--offline"], Sandbox().environment(nil))
        #expect(offline.exitCode == 0)
        #expect(offline.stderrText == "spacedash: no launches cached yet; showing Launch Library 2's listing of 20 July 2026\n")
        let quiet = try LaunchesShowCommandTests.spacedash(["next", "--offline", "-q"], Sandbox().environment(nil))
        #expect(quiet.exitCode == 0)
        #expect(quiet.stdoutText == offline.stdoutText)
        #expect(quiet.stderrText.isEmpty, "\(quiet.stderrText)")
        let nothingAhead = try LaunchesShowCommandTests.spacedash(["next", "--offline", "--quiet"],
                                                                  Sandbox().environment(nil, ["SPACEDASH_NOW": "2030-01-01T00:00:00Z"]))
        #expect(nothingAhead.exitCode == 1)
        #expect(nothingAhead.stdout.isEmpty)
        #expect(nothingAhead.stderrText.contains("has no launches still ahead"), "\(nothingAhead.stderrText)")
    }

    @Test func formatAndJSONTogetherAreAUsageError() throws {
        let result = try LaunchesShowCommandTests.spacedash(["next", "--json", "--format", "{name}"], Sandbox().environment(nil))
        #expect(result.exitCode == 64)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theNextLaunchSkipsThoseAlreadyGone() throws {
        let launches = try LaunchCaptures.details(LaunchCaptures.july2026List).map(\.launch)
        // Starlink Group 17-39's NET was 14:49:32, its window closes at 18:00: until then it is still next.
        let inItsWindow = LaunchLibraryDate.date(from: "2026-07-20T15:00:00Z")!
        #expect(LaunchesNextCommand.next(after: inItsWindow, in: launches, query: LaunchSearchQuery(words: []))?.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        let afterItsWindow = LaunchLibraryDate.date(from: "2026-07-20T18:00:01Z")!
        #expect(LaunchesNextCommand.next(after: afterItsWindow, in: launches, query: LaunchSearchQuery(words: []))?.name == "Falcon 9 Block 5 | MRV-1")
    }

    /// Issue 27, item 1: a NET known only to a span is no time yet. The new user's
    /// file (net and net_precision edited, as in the report) put Starship at "Year"
    /// from the year's first day, so it came first by date; the next launch with a
    /// time is shown instead, and Starship only when nothing else matches, saying so.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLaunchKnownOnlyToASpanIsNotTheNextOneWhileAnotherHasATime() throws {
        var launches = try LaunchCaptures.details(LaunchCaptures.july2026List).map(\.launch)
        let index = try #require(launches.firstIndex { $0.name == "Starship | Flight 13" })
        launches[index].net = LaunchLibraryDate.date(from: "2026-01-01T00:00:00Z")
        launches[index].netPrecision = "Year"
        let now = LaunchCaptures.july20Noon
        #expect(LaunchesNextCommand.next(after: now, in: launches, query: LaunchSearchQuery(words: []))?.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        let starship = try #require(LaunchesNextCommand.next(after: now, in: launches, query: LaunchSearchQuery(words: ["starship"])))
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: now)
        #expect(LaunchLineTemplate.standard(unicode: true).render(starship, dates: dates) == "Starship | Flight 13 · NET 2026 · SpaceX Starbase, TX, USA")
    }

    @Test func withoutAQueryTheNextLaunchIsTheOneTheSearchWouldListFirst() throws {
        // The bundled listing, in the API's order and reversed, at each moment one of its launches lifts off.
        let listing = try BundledLaunchListing.launches()
        let everything = LaunchSearchQuery(words: [])
        #expect(everything.selectsEverything)
        for launches in [listing, listing.reversed()] {
            for now in listing.compactMap(\.net) {
                let upcoming = launches.filter { $0.net != nil && !$0.hasPassed(at: now) }
                let searched = LaunchCatalog(launches: upcoming, timeframe: .upcoming, filter: everything.searchQuery, limit: 1).selected.first
                #expect(LaunchesNextCommand.next(after: now, in: launches, query: everything)?.id == searched?.id)
            }
        }
        #expect(!LaunchSearchQuery(words: [], statuses: ["go"]).selectsEverything)
    }
}
