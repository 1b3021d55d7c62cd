import Foundation
import HTTP
import SpaceData
import Streams
import Terminal
import Testing
import TestSupport
@testable import SpaceDashCLI

@Suite struct DashboardTests {
    /// The dashboard's runs: a `Sandbox` with a wide screen in UTC.
    final class Sandbox {
        let sandbox = TestSupport.Sandbox()

        func environment(_ server: LoopbackServer) -> [String: String] {
            // "Now" when the bundled listing was made, so its launches are all still ahead.
            sandbox.environment(server: server, launchesPath: "/2.3.0",
                                extra: ["TZ": "UTC", "COLUMNS": "160", "SPACEDASH_NOW": "2026-07-20T14:38:00Z"])
        }
    }

    static let insightRoute = "/insight_weather/"
    static let launchesRoute = "/2.3.0/launches/upcoming/"

    /// The built `spacedash` (no command) against the loopback server.
    private func dashboard(_ server: LoopbackServer) throws -> ProcessResult {
        let sandbox = Sandbox()
        return try withExtendedLifetime(sandbox) {
            // These runs check InSight's panel, shown when asked for.
            try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["--station", "insight"], environment: sandbox.environment(server), timeout: 60)
        }
    }

    @Test func launchLibraryFailingFallsBackWhileTheWeatherIsLive() throws {
        let server = try LoopbackServer(routes: [
            Self.insightRoute: .json(InSightSample.body),
            Self.launchesRoute: .status(500, body: "Internal Server Error"),
        ])
        defer { server.stop() }
        let result = try dashboard(server)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Source: live from NASA's InSight feed"))
        #expect(result.stdoutText.contains("Sol 681 · 2020-10-25 · northern winter"))
        #expect(result.stdoutText.contains("Source: Launch Library 2's listing of 20 July 2026"))
        #expect(result.stdoutText.contains("Jul 20 14:49  in 11m"), "the listing's first launch, eleven minutes ahead")
        let notices = result.stderrText.split(separator: "\n").map(String.init)
        #expect(notices.allSatisfy { $0.hasPrefix("spacedash: launches: ") }, "only the failing panel explains itself: \(notices)")
        #expect(notices.contains { $0.contains("500") })
        #expect(notices.contains { $0.contains("showing Launch Library 2's listing of 20 July 2026") })
        #expect(Set(server.requests.map(\.path)) == [Self.insightRoute, Self.launchesRoute])
    }

    @Test func theWeatherFailingFallsBackWhileLaunchesAreLive() throws {
        let server = try LoopbackServer(routes: [
            Self.insightRoute: .status(500, body: "Internal Server Error"),
            Self.launchesRoute: .json(BundledLaunchListing.body),
        ])
        defer { server.stop() }
        let result = try dashboard(server)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Source: live from Launch Library 2"))
        #expect(Self.weatherPanel(result.stdoutText).contains("Source: the bundled sample: \(InSightSample.summary)"))
        #expect(result.stdoutText.contains("Sol 681 · 2020-10-25 · northern winter"))
        let notices = result.stderrText.split(separator: "\n").map(String.init)
        #expect(notices.allSatisfy { $0.hasPrefix("spacedash: mars-weather: ") }, "only the failing panel explains itself: \(notices)")
        #expect(notices.contains { $0.contains("500") })
        #expect(Set(server.requests.map(\.path)) == [Self.insightRoute, Self.launchesRoute])
    }

    /// The weather panel's text, its wrapped lines joined, from a screen with the launches beside it.
    static func weatherPanel(_ screen: String) -> String {
        let lines = screen.split(separator: "\n").map(String.init)
        guard let title = lines.first, let right = title.range(of: "Next launches") else { return screen }
        let width = title.distance(from: title.startIndex, to: right.lowerBound)
        return lines.map { $0.prefix(width).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The options a user tries on the dashboard (review item 12), against InSight's sample
    /// and Launch Library's real listing of 20 July 2026 (../shared/data; skipped without it).
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func unitsLimitUTCAndVerboseApplyToTheDashboard() throws {
        let server = try LoopbackServer(routes: [
            Self.insightRoute: .json(InSightSample.body),
            Self.launchesRoute: .json(try LaunchCaptures.data(LaunchCaptures.july2026List)),
        ])
        defer { server.stop() }
        let sandbox = Sandbox()
        var environment = sandbox.environment(server)
        environment["TZ"] = "Asia/Kolkata"
        environment["SPACEDASH_NOW"] = "2026-07-20T12:00:00Z"
        let result = try ProcessRunner.run(ProjectPaths.spacedashBinary,
                                           arguments: ["--station", "insight", "--units", "imperial", "--limit", "3", "--utc", "-v", "--timeout", "30"],
                                           environment: environment, timeout: 60)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("°F") && !result.stdoutText.contains("°C"))
        let rows = result.stdoutText.split(separator: "\n").filter { $0.contains(" | ") && $0.contains("in ") }
        #expect(rows.count == 3, "\(result.stdoutText)")
        #expect(result.stdoutText.contains("Gravity-1 | Unknown Payload") && !result.stdoutText.contains("Long March 3B/E"))
        #expect(result.stdoutText.contains("Jul 20 14:49  in 2h 49m"), "--utc, though TZ is Asia/Kolkata (20:19 there)")
        let notices = result.stderrText.split(separator: "\n")
        #expect(notices.contains { $0.hasPrefix("spacedash: launches: 10 upcoming launches from Launch Library") }, "\(notices)")
        #expect(notices.contains { $0.contains("GET ") && $0.contains("/2.3.0/launches/upcoming/") }, "-v logs the requests: \(notices)")
    }

    @Test func strictWithoutLiveLaunchesShowsTheWeatherAndExits69() throws {
        let server = try LoopbackServer(routes: [
            Self.insightRoute: .json(InSightSample.body),
            Self.launchesRoute: .status(500, body: "Internal Server Error"),
        ])
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["--station", "insight", "--strict"],
                                           environment: sandbox.environment(server), timeout: 60)
        #expect(result.exitCode == 69)
        #expect(result.stdoutText.contains("Source: live from NASA's InSight feed"), "what is live is still shown")
        #expect(result.stderrText.split(separator: "\n").contains { $0.hasPrefix("spacedash: launches: ") && $0.contains("500") }, "\(result.stderrText)")
    }

    // MARK: nothing rots

    /// The built `spacedash` (no command) at `now`, against `server` or nothing; 100
    /// columns, so the panels are stacked and the launches table has its full width.
    private func dashboard(_ arguments: [String], at now: String, _ sandbox: Sandbox, _ server: LoopbackServer? = nil) throws -> ProcessResult {
        var environment = sandbox.sandbox.environment(server: server, launchesPath: "/2.3.0", extra: ["TZ": "UTC", "COLUMNS": "100", "SPACEDASH_NOW": now])
        if server == nil { environment["SPACEDASH_LAUNCHES_URL"] = "http://127.0.0.1:9/2.3.0" }
        return try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: arguments, environment: environment, timeout: 60)
    }

    /// The dates of the launch rows shown.
    static func launchDates(_ result: ProcessResult) -> [String] {
        result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("Jul ") }.map { String($0.prefix(12)) }
    }

    /// The listing's launches still ahead at midnight on 24 July 2026 (Starship's window is open until 00:15).
    static let laterFive = ["Jul 23 22:45", "Jul 24 14:00", "Jul 28 02:00", "Jul 29 11:50", "Jul 30 06:37"]

    /// Review P3 16: the footer gives the real reason the launches are cached: HTTP 500,
    /// the rate limit, or --offline, not "Launch Library allows 15 requests an hour".
    @Test func theFooterSaysWhyTheLaunchesAreCached() throws {
        let server = try LoopbackServer(routes: [Self.launchesRoute: .json(BundledLaunchListing.body)])
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try dashboard([], at: "2026-07-20T14:38:00Z", sandbox, server).exitCode == 0)
        func footer(_ arguments: [String]) throws -> String {
            let result = try dashboard(arguments, at: "2026-07-20T18:38:00Z", sandbox, server)
            #expect(result.exitCode == 0, "\(result.stderrText)")
            let text = result.stdoutText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            return text.components(separatedBy: "Source: cached ").dropFirst().first { $0.hasPrefix("4 h ago") } ?? text
        }
        #expect(try footer(["--offline"]).hasPrefix("4 h ago (--offline: no request made)"))
        server[Self.launchesRoute] = .status(500, body: "Internal Server Error")
        #expect(try footer([]).hasPrefix("4 h ago (HTTP 500 Internal Server Error from "))
        server[Self.launchesRoute] = .tooManyRequests(retryAfter: "1234", body: #"{"detail": "Request was throttled."}"#)
        #expect(try footer([]).hasPrefix("4 h ago (Launch Library's limit of 15 requests an hour was reached; retry in 21 min)"))
    }

    @Test func withTheCacheEmptyThePanelSaysTheBundledListingHasNothingAhead() throws {
        let result = try dashboard(["--offline"], at: "2026-07-30T08:05:00Z", Sandbox())
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let text = result.stdoutText.split(separator: "\n").joined(separator: " ")
        #expect(text.contains("The bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past."), "\(result.stdoutText)")
        #expect(Self.launchDates(result).isEmpty, "no launch of the listing is shown as upcoming")
        #expect(result.stderrText.contains("spacedash: launches: the bundled listing of 20 July 2026 has no launches still ahead"))
    }

    @Test func withTheCacheFreshOrStaleOnlyLaunchesStillAheadShow() throws {
        let server = try LoopbackServer(routes: [Self.launchesRoute: .json(BundledLaunchListing.body)])
        defer { server.stop() }
        let sandbox = Sandbox()
        // Live at midnight on 24 July: Launch Library's answer still lists five launches gone.
        let live = try dashboard([], at: "2026-07-24T00:00:00Z", sandbox, server)
        #expect(live.exitCode == 0, "\(live.stderrText)")
        #expect(Self.launchDates(live) == Self.laterFive, "\(live.stdoutText)")
        #expect(live.stderrText.contains("spacedash: launches: left out 5 launches whose time had passed by 2026-07-24T00:00:00Z"))
        // Fresh ten minutes later: from the cache, no request.
        let fresh = try dashboard(["--offline"], at: "2026-07-24T00:10:00Z", sandbox, server)
        #expect(fresh.stdoutText.contains("Source: cached 10 min ago"), "\(fresh.stdoutText)")
        #expect(Self.launchDates(fresh) == Self.laterFive)
        #expect(fresh.stderrText.contains("left out 5 cached launches whose time had passed by 2026-07-24T00:10:00Z"))
        // Stale, after the last launch: none ahead, and the panel says so in its space.
        let stale = try dashboard(["--offline"], at: "2026-07-30T08:05:00Z", sandbox, server)
        #expect(stale.exitCode == 0)
        #expect(stale.stdoutText.contains("No launch still ahead: the 10 listed have passed."), "\(stale.stdoutText)")
        #expect(Self.launchDates(stale).isEmpty)
        #expect(stale.stderrText.contains("left out all 10 cached launches whose time had passed by 2026-07-30T08:05:00Z"))
        #expect(server.requests.filter { $0.path == Self.launchesRoute }.count == 1)
    }

    @Test func aCLocaleDrawsTheDashboardsOwnMarksInASCII() async throws {
        func dashboard(_ locale: String) async throws -> String {
            let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: FetchOptions(policy: FetchPolicy(offline: true)), station: .insight)
            let streams = OutputStreams.memory(stdoutIsTerminal: true)
            _ = try await Dashboard(json: false, fetch: FetchOptions(policy: FetchPolicy(offline: true)))
                .run(CommandContext(streams: streams, environment: ["LANG": locale, "NO_COLOR": "1"], clock: { BundledLaunchListing.listedAt }), sources: sources, width: 120)
            return streams.stdout.text
        }
        let ascii = try await dashboard("C")
        #expect(ascii.contains("Mars weather | InSight, Elysium Planitia"))
        #expect(ascii.contains("Next launches | Launch Library 2"))
        #expect(ascii.contains("Sol 681 | 2020-10-25 | northern winter"))
        #expect(ascii.contains("sols 675-681"))
        #expect(ascii.contains("..."), "names cut to the panel")
        let marks: [Character] = ["·", "–", "…", "▶"]
        #expect(!ascii.contains { marks.contains($0) }, "\(ascii)")
        let tooWide = ascii.split(separator: "\n").filter { DashboardLayout.visibleWidth(String($0)) > 120 }
        #expect(tooWide.isEmpty, "\(tooWide)")

        let unicode = try await dashboard("C.UTF-8")
        #expect(unicode.contains("Sol 681 · 2020-10-25 · northern winter"))
        #expect(unicode.contains("…"))
    }

    @Test func jsonHoldsBothPanels() async throws {
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: FetchOptions(policy: FetchPolicy(offline: true)), station: .insight)
        let streams = OutputStreams.memory()
        let code = try await Dashboard(json: true, fetch: FetchOptions(policy: FetchPolicy(offline: true)))
            .run(CommandContext(streams: streams, environment: [:], clock: { BundledLaunchListing.listedAt }), sources: sources, width: 80)
        #expect(code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(streams.stdout.text.utf8)) as? [String: Any])
        #expect(object["mars_weather"] != nil)
        let launches = try #require(object["launches"] as? [String: Any])
        #expect((launches["launches"] as? [Any])?.count == 5)
    }

    /// Review P3 #15: side by side, the weather panel took 100 columns for 70 of content
    /// (its source line) while launch names were cut. Now it is as wide as its content,
    /// its source wrapped beneath, and the panels go side by side only with room for the names.
    @Test(arguments: [160, 200])
    func sideBySideTheLaunchNamesAreWholeAndTheWeathersSourceWrapsBeneathIt(width: Int) async throws {
        let offline = FetchOptions(policy: FetchPolicy(offline: true))
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: offline)
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8", "TZ": "UTC"], clock: { BundledLaunchListing.listedAt })
        _ = try await Dashboard(json: false, fetch: offline).run(context, sources: sources, width: width)
        let lines = streams.stdout.text.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("Mars weather · Curiosity (REMS)") && lines[0].contains("Next launches"), "side by side: \(lines)")
        for name in ["Falcon 9 Block 5 | Starlink Group 17-39", "Falcon 9 Block 5 | MRV-1", "Gravity-1 | Unknown Payload", "Starship | Flight 13"] {
            #expect(lines.contains { $0.contains(name) }, "\(name) whole at \(width) columns")
        }
        let season = try #require(lines.first { $0.hasPrefix("Season") })
        #expect(season.contains("(Gale crater is at 4.6° S)    Jul 23") || season.contains("(Gale crater is at 4.6° S)    2026-07-23"), "the launches start right after the weather's widest line: \(season)")
        #expect(Self.weatherPanel(streams.stdout.text).contains("Source: the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11"))
        for line in lines { #expect(line.displayWidth <= width) }
    }

    @Test func tooNarrowForWholeNamesBesideTheWeatherThePanelsStack() async throws {
        let offline = FetchOptions(policy: FetchPolicy(offline: true))
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: offline)
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8", "TZ": "UTC"], clock: { BundledLaunchListing.listedAt })
        _ = try await Dashboard(json: false, fetch: offline).run(context, sources: sources, width: 140)
        let lines = streams.stdout.text.split(separator: "\n").map(String.init)
        #expect(!lines[0].contains("Next launches"))
        #expect(lines.contains { $0.contains("Falcon 9 Block 5 | Starlink Group 17-39") })
    }

    @Test(arguments: [60, 40])
    func sourceLinesAreWrappedToTheScreenNotByTheTerminal(width: Int) async throws {
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: FetchOptions(policy: FetchPolicy(offline: true)), station: .insight)
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8"], clock: { BundledLaunchListing.listedAt })
        _ = try await Dashboard(json: false, fetch: FetchOptions(policy: FetchPolicy(offline: true))).run(context, sources: sources, width: width)
        let lines = streams.stdout.text.split(separator: "\n").map(String.init)
        let mars = try #require(lines.firstIndex { $0.hasPrefix("Source: ") })
        #expect(lines[mars...].prefix(3).allSatisfy { $0.displayWidth <= width }, "\(lines[mars...])")
        #expect(lines[mars...].prefix(3).joined(separator: " ").hasPrefix("Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"))
    }

    @Test(arguments: [60, 40, 32])
    func everyLineFitsANarrowScreenAndTheChartKeepsWholeNumbers(width: Int) async throws {
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: FetchOptions(policy: FetchPolicy(offline: true)), station: .insight)
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8"], clock: { BundledLaunchListing.listedAt })
        _ = try await Dashboard(json: false, fetch: FetchOptions(policy: FetchPolicy(offline: true))).run(context, sources: sources, width: width)
        let lines = streams.stdout.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(line.displayWidth <= width, "\(width): \(line)") }
        // Sol 681's range, whole, on the chart's last row.
        let row = try #require(lines.first { $0.hasPrefix("681 ") })
        #expect(row.contains("-95.4") && row.contains("-4.4"), "\(row)")
        // A wrapped summary line keeps its value under itself, past the label.
        let wind = try #require(lines.firstIndex { $0.hasPrefix("Wind         5.6 m/s") })
        #expect(lines[wind...].joined(separator: " ").split(separator: " ").joined(separator: " ").contains("mostly from WNW"))
        if width < 50 { #expect(lines[wind + 1].hasPrefix(String(repeating: " ", count: 13))) }
    }
}
