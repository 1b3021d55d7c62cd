import Foundation
import HTTP
import SpaceData
import Streams
import Terminal
import Testing
import TestSupport
@testable import SpaceDashCLI

@Suite struct DashboardTests {
    /// A cache folder and the environment pointing both APIs at `server`; removed at the end.
    final class Sandbox {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-dashboard-e2e-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        func environment(_ server: LoopbackServer) -> [String: String] {
            ["PATH": "/usr/bin:/bin", "HOME": url.path, "LANG": "C.UTF-8", "TZ": "UTC", "COLUMNS": "160",
             "SPACEDASH_CACHE_DIR": url.appendingPathComponent("cache").path,
             "SPACEDASH_INSIGHT_URL": server.url("/insight_weather/").absoluteString,
             "SPACEDASH_LAUNCHES_URL": server.url("/2.3.0").absoluteString]
        }
    }

    static let insightRoute = "/insight_weather/"
    static let launchesRoute = "/2.3.0/launches/upcoming/"

    /// The built `spacedash` (no command) against the loopback server.
    private func dashboard(_ server: LoopbackServer) throws -> ProcessResult {
        let sandbox = Sandbox()
        return try withExtendedLifetime(sandbox) {
            try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: [], environment: sandbox.environment(server), timeout: 60)
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
        #expect(result.stdoutText.contains("Sol 681 · 2020-10-25 · fall"))
        #expect(result.stdoutText.contains("Source: \(LaunchesSample.summary)"))
        #expect(result.stdoutText.contains("Falcon 9 Block 5 |"))
        let notices = result.stderrText.split(separator: "\n").map(String.init)
        #expect(notices.allSatisfy { $0.hasPrefix("spacedash: launches: ") }, "only the failing panel explains itself: \(notices)")
        #expect(notices.contains { $0.contains("500") })
        #expect(notices.contains { $0.contains("showing \(LaunchesSample.summary)") })
        #expect(Set(server.requests.map(\.path)) == [Self.insightRoute, Self.launchesRoute])
    }

    @Test func theWeatherFailingFallsBackWhileLaunchesAreLive() throws {
        let server = try LoopbackServer(routes: [
            Self.insightRoute: .status(500, body: "Internal Server Error"),
            Self.launchesRoute: .json(LaunchesSample.body),
        ])
        defer { server.stop() }
        let result = try dashboard(server)
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stdoutText.contains("Source: live from Launch Library 2"))
        #expect(result.stdoutText.contains("Source: the bundled sample: \(InSightSample.summary)"))
        #expect(result.stdoutText.contains("Sol 681 · 2020-10-25 · fall"))
        let notices = result.stderrText.split(separator: "\n").map(String.init)
        #expect(notices.allSatisfy { $0.hasPrefix("spacedash: mars-weather: ") }, "only the failing panel explains itself: \(notices)")
        #expect(notices.contains { $0.contains("500") })
        #expect(Set(server.requests.map(\.path)) == [Self.insightRoute, Self.launchesRoute])
    }

    @Test func jsonHoldsBothPanels() async throws {
        let sources = try Dashboard.sources(http: ScriptedHTTPClient(routes: [:]), cache: nil, environment: [:],
                                            policy: FetchPolicy(offline: true))
        let streams = OutputStreams.memory()
        let code = try await Dashboard(json: true, policy: FetchPolicy(offline: true))
            .run(CommandContext(streams: streams, environment: [:]), sources: sources, width: 80)
        #expect(code == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(streams.stdout.text.utf8)) as? [String: Any])
        #expect(object["mars_weather"] != nil)
        let launches = try #require(object["launches"] as? [String: Any])
        #expect((launches["launches"] as? [Any])?.count == 5)
    }

    @Test(arguments: [60, 40])
    func sourceLinesAreCutToTheScreenWithAnEllipsis(width: Int) async throws {
        let sources = try Dashboard.sources(http: ScriptedHTTPClient(routes: [:]), cache: nil, environment: [:],
                                            policy: FetchPolicy(offline: true))
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8"])
        _ = try await Dashboard(json: false, policy: FetchPolicy(offline: true)).run(context, sources: sources, width: width)
        let sourceLines = streams.stdout.text.split(separator: "\n").filter { $0.hasPrefix("Source: ") }
        #expect(sourceLines.count == 2)
        for line in sourceLines {
            #expect(line.displayWidth == width, "\(line)")
            #expect(line.hasSuffix("…"))
        }
    }
}
