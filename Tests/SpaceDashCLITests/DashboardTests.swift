import Foundation
import HTTP
import SpaceData
import Streams
import Testing
@testable import SpaceDashCLI

@Suite struct DashboardTests {
    /// The dashboard on a scripted HTTP layer: Launch Library answers with
    /// the bundled page, the InSight feed fails.
    @Test func aFailingSourceFallsBackWhileTheOtherIsLive() async throws {
        let http = ScriptedHTTPClient(routes: [
            "/insight_weather/": .failure(.cannotConnect(url: "https://api.nasa.gov", detail: "refused")),
            "ll.thespacedevs.com": .ok(json: LaunchesSample.body),
        ])
        let sources = try Dashboard.sources(http: http, cache: nil, environment: [:], policy: .standard)
        let streams = OutputStreams.memory()
        let context = CommandContext(streams: streams, environment: [:])
        let code = try await Dashboard(json: false, policy: .standard).run(context, sources: sources, width: 160)
        #expect(code == .success)
        let screen = streams.stdout.text
        #expect(screen.contains("Source: live from Launch Library 2"))
        #expect(screen.contains("Source: the bundled sample"))
        #expect(streams.stderr.text.hasPrefix("spacedash: mars-weather: "))
        #expect(http.requests.count == 2)
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
}
