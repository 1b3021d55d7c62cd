import Foundation
import HTTP
import SpaceData
import Testing
import TestSupport
@testable import SpaceDashCLI

/// `spacedash --json`: the weather panel is `mars-weather --json`'s own object
/// for the panel's station (Curiosity unless InSight is asked for), its latest
/// seven sols, beside the launches.
@Suite struct DashboardJSONTests {
    static let captureName = "msl-2026-02-11-chrstphlbr.json"
    static let curiosityRoute = "/msl"
    static let launchesRoute = "/2.3.0/launches/upcoming/"

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Sol 4801 exactly as `mars-weather --json` documents it.
    static var sol4801: [String: Any] {
        get throws { try object(CuriosityWeatherJSONTests.sol4801) }
    }

    @Test func offlineThePanelIsCuriositysBundledLatestSevenSols() async throws {
        let fetch = FetchOptions(policy: FetchPolicy(offline: true))
        let sources = try Dashboard.Sources(.scripted(ScriptedHTTPClient(routes: [:])), fetch: fetch)
        let streams = OutputStreams.memory()
        let code = try await Dashboard(json: true, fetch: fetch)
            .run(CommandContext(streams: streams, environment: [:], clock: { Date(timeIntervalSince1970: 1_771_000_000) }), sources: sources, width: 80)
        #expect(code == .success)
        let object = try Self.object(streams.stdout.text)
        let mars = try #require(object["mars_weather"] as? [String: Any])
        #expect(mars["station"] as? String == "curiosity")
        #expect(mars["site"] as? String == "Gale crater")
        let source = try #require(mars["source"] as? [String: Any])
        #expect(source["kind"] as? String == "sample")
        let sols = try #require(mars["sols"] as? [[String: Any]])
        #expect(sols.compactMap { $0["sol"] as? Int } == Array(4795...4801))
        #expect(NSDictionary(dictionary: try #require(sols.last)).isEqual(to: try Self.sol4801))
        let launches = try #require(object["launches"] as? [String: Any])
        #expect(launches["launches"] is [Any])
    }

    /// The built binary, live from the loopback server serving the real
    /// capture (skipped without ../shared/data), then with Curiosity's feed
    /// failing: the panel comes from the cache and its source says why.
    @Test func theBinarysPanelIsTheLiveFeedThenTheCacheWithTheReasonInItsSource() throws {
        guard let capture = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers/\(Self.captureName)") else { return }
        let server = try LoopbackServer(routes: [
            Self.curiosityRoute: .file(capture),
            Self.launchesRoute: .json(BundledLaunchListing.body),
        ])
        defer { server.stop() }
        let sandbox = Sandbox()
        let environment = sandbox.environment(server: server, launchesPath: "/2.3.0", extra: ["SPACEDASH_NOW": "2026-02-11T12:00:00Z"])
        let live = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["--json"], environment: environment, timeout: 60)
        #expect(live.exitCode == 0, "\(live.stderrText)")
        #expect(live.stderrText == "")
        let object = try Self.object(live.stdoutText)
        let mars = try #require(object["mars_weather"] as? [String: Any])
        #expect(mars["station"] as? String == "curiosity")
        #expect((mars["source"] as? [String: Any])?["kind"] as? String == "live")
        let sols = try #require(mars["sols"] as? [[String: Any]])
        #expect(sols.compactMap { $0["sol"] as? Int } == Array(4795...4801))
        #expect(NSDictionary(dictionary: try #require(sols.last)).isEqual(to: try Self.sol4801))
        #expect(((object["launches"] as? [String: Any])?["source"] as? [String: Any])?["kind"] as? String == "live")

        server[Self.curiosityRoute] = .status(500, body: "Internal Server Error")
        let fallback = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["--json", "--refresh"], environment: environment, timeout: 60)
        #expect(fallback.exitCode == 0, "\(fallback.stderrText)")
        let cached = try #require(try Self.object(fallback.stdoutText)["mars_weather"] as? [String: Any])
        let source = try #require(cached["source"] as? [String: Any])
        #expect(source["kind"] as? String == "cache")
        let notices = try #require(source["notices"] as? [[String: Any]])
        #expect(notices.count == 1 && (notices.first?["message"] as? String)?.contains("500") == true, "\(notices)")
        let latest = try #require((cached["sols"] as? [[String: Any]])?.last)
        #expect(NSDictionary(dictionary: latest).isEqual(to: try Self.sol4801))
        #expect(fallback.stderrText.split(separator: "\n").allSatisfy { $0.hasPrefix("spacedash: mars-weather: ") }, "\(fallback.stderrText)")
        #expect(fallback.stderrText.contains("500"))

        let quiet = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["--json", "--refresh", "-q"], environment: environment, timeout: 60)
        #expect(quiet.exitCode == 0)
        #expect(quiet.stderrText == "", "-q keeps the notices in the JSON, off stderr")
        #expect(try Self.object(quiet.stdoutText)["mars_weather"] != nil)
        withExtendedLifetime(sandbox) {}
    }
}
