import Foundation
import HTTP
import SpaceData
import Streams

/// The demo's data: the bundled fixtures, served by a `ScriptedHTTPClient`
/// standing in for libcurl, through the real services (`CuriosityWeatherService`, `InSightService`,
/// `LaunchService`), so the real requests are built and the real decoders
/// and fallback chain run, without a network connection or a cache.
struct DemoFixtures: Sendable {
    /// When Launch Library listed the bundled launches: the demo's "now", as
    /// `SPACEDASH_NOW` would set it, so its countdowns read the same on any day.
    static let listedAt = BundledLaunchListing.listedAt

    /// What the demo shows.
    struct Loaded: Sendable {
        var weather: InSightReport
        var curiosity: Sourced<CuriosityFeed>
        var launches: Sourced<LaunchList>
    }

    /// The HTTP layer: every request is answered from the bundled fixtures
    /// and recorded; nothing else exists behind it.
    let http: ScriptedHTTPClient
    let now: Date

    init(now: Date = DemoFixtures.listedAt) {
        self.now = now
        http = ScriptedHTTPClient(routes: [
            InSightService.Configuration.defaultBaseURL.host!: .ok(json: InSightSample.body),
            CuriosityWeatherService.Configuration.primaryURL.host!: .ok(json: CuriositySample.body),
            LaunchLibraryEndpoint.productionBase.host!: .ok(json: BundledLaunchListing.body),
        ])
    }

    /// Both sources, each through its service, with no cache (the user's is
    /// never read or written).
    func load() async throws -> Loaded {
        let services = Services.demo(http: http, now: now)
        do {
            let weather = try await services.insight().weather().firstResult()
            let curiosity = try await services.curiosity().weather().firstResult()
            let launches = try await services.launches().launches(LaunchService.Request()).firstResult()
            return Loaded(weather: weather, curiosity: curiosity, launches: launches)
        } catch let failure as ServiceFailure {
            throw CommandError("the demo's data did not load: \(failure.commandError.message)")
        }
    }
}
