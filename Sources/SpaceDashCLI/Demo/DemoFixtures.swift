import Foundation
import HTTP
import SpaceData
import Streams

/// The demo's data: the bundled fixtures, served by a `ScriptedHTTPClient`
/// standing in for libcurl, through the real services (`InSightService`,
/// `LaunchService`), so the real requests are built and the real decoders
/// and fallback chain run, without a network connection or a cache.
struct DemoFixtures: Sendable {
    /// When the bundled launches were listed: the demo's "now", so its
    /// countdowns read the same on any day.
    static let listedAt = Date(timeIntervalSince1970: 1_795_176_000)   // 2026-11-20T12:00:00Z

    /// What the demo shows.
    struct Loaded: Sendable {
        var weather: InSightReport
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
            LaunchLibraryEndpoint.productionBase.host!: .ok(json: LaunchesSample.body),
        ])
    }

    /// Both sources, each through its service, with no cache (the user's is
    /// never read or written).
    func load() async throws -> Loaded {
        let scheduler = DispatchQueue(label: "spacedash.demo.services").eraseToAnyScheduler()
        let clock: @Sendable () -> Date = { [now] in now }
        let insight = InSightService(configuration: InSightService.Configuration(), http: http, cache: nil,
                                     scheduler: scheduler, clock: clock)
        let weather: InSightReport
        switch await MarsWeatherCommand.firstResult(of: insight.report()) {
        case .success(let report)?: weather = report
        case .failure(let failure)?: throw CommandError("the demo's Mars weather did not load: \(failure)")
        case nil: throw CommandError("the demo's Mars weather did not load")
        }
        let service = LaunchService(endpoint: LaunchLibraryEndpoint(), http: http, cache: nil, scheduler: scheduler, clock: clock)
        switch await service.load(LaunchService.Request(timeframe: .upcoming, pages: 1, policy: .standard)) {
        case .success(let launches):
            return Loaded(weather: weather, launches: launches)
        case .failure(let error):
            throw CommandError("the demo's launches did not load: \(error)")
        }
    }
}
