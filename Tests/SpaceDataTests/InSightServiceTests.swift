import Foundation
import Synchronization
import Testing
import HTTP
import Streams
import TestSupport
@testable import SpaceData

/// A clock tests move by hand.
final class InSightTestClock: Sendable {
    private let current: Mutex<Date>
    init(_ start: Date = Date(timeIntervalSince1970: 1_750_000_000)) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
}

/// One service under test: a scripted client, a virtual-time scheduler, a
/// hand-moved clock and a cache in a fresh directory.
final class ServiceHarness {
    let scheduler = DispatchQueue.test
    let clock = InSightTestClock()
    let directory = Sandbox()
    let cache: CacheStore

    init() {
        let clock = self.clock
        cache = CacheStore(directory: directory.directory.appendingPathComponent("cache"), clock: { clock.now })
    }


    /// The service's weather under `policy`, as a command would ask for it.
    func service(_ client: any HTTPFetching, policy: FetchPolicy = .standard, key: String = "DEMO_KEY", cache: CacheStore?? = nil) -> AnyPublisher<Sourced<InSightFeed>, ServiceFailure> {
        let clock = self.clock
        return InSightService(
            configuration: .init(apiKey: key, baseURL: URL(string: "https://api.nasa.gov/insight_weather/")!, timeout: 15),
            environment: ServiceEnvironment(http: client, cache: cache ?? self.cache, scheduler: scheduler.eraseToAnyScheduler(),
                                            clock: { clock.now })
        ).weather(policy)
    }

    /// Subscribes, lets virtual time run out, and returns what arrived.
    func run(_ weather: AnyPublisher<Sourced<InSightFeed>, ServiceFailure>, advance: DispatchQueue.SchedulerTimeType.Stride = .zero) -> Result<Sourced<InSightFeed>, ServiceFailure>? {
        let received = Mutex<Result<Sourced<InSightFeed>, ServiceFailure>?>(nil)
        let cancellable = weather.sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { received.withLock { $0 = .failure(error) } }
            },
            receiveValue: { value in received.withLock { $0 = .success(value) } }
        )
        scheduler.advance(by: advance)
        scheduler.advance()
        defer { cancellable.cancel() }
        return received.withLock { $0 }
    }

    func report(_ service: AnyPublisher<Sourced<InSightFeed>, ServiceFailure>, advance: DispatchQueue.SchedulerTimeType.Stride = .zero) throws -> Sourced<InSightFeed> {
        try #require(try run(service, advance: advance)?.get())
    }
}

enum Bodies {
    static var sample: Data { InSightSample.body }
    static let empty = Data(#"{"sol_keys": [], "validity_checks": {"sol_hours_required": 18, "sols_checked": []}}"#.utf8)
    static let rateLimit = Data(#"{"error": {"code": "OVER_RATE_LIMIT", "message": "You have exceeded your rate limit."}}"#.utf8)
    /// Three real-looking sols that are not the sample, so origins can be told apart.
    static var live: Data {
        FeedJSON.feed([
            ("1081", FeedJSON.sol([FeedJSON.temperature, FeedJSON.pressure, FeedJSON.sparseRose])),
            ("1086", FeedJSON.sol([FeedJSON.pressure, FeedJSON.nullRose])),
        ])
    }
}

@Suite struct InSightServiceTests {
    @Test func liveAnswerWithSolsIsShownAndCached() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let report = try harness.report(harness.service(client))
        #expect(report.value.sols.map(\.sol) == [1081, 1086])
        #expect(report.origin == .live(fetchedAt: harness.clock.now))
        #expect(report.notices.isEmpty)
        #expect(harness.cache.read(InSightService.Configuration.cacheKey) == .hit(CacheEntry(body: Bodies.live, savedAt: harness.clock.now)))
        let url = try #require(client.requests.first?.url)
        #expect(url.absoluteString == "https://api.nasa.gov/insight_weather/?api_key=DEMO_KEY&feedtype=json&ver=1.0")
        #expect(client.requests.first?.totalTimeout == 15)
    }

    @Test func nothingArrivesUntilTheSchedulerRuns() {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let received = Mutex(false)
        let cancellable = harness.service(client).sink(receiveCompletion: { _ in }, receiveValue: { _ in received.withLock { $0 = true } })
        #expect(received.withLock { $0 } == false)
        harness.scheduler.advance()
        #expect(received.withLock { $0 })
        cancellable.cancel()
    }

    @Test func freshCacheMeansNoRequest() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.live)
        harness.clock.advance(by: 59 * 60)
        let client = ScriptedHTTPClient(routes: [:])
        let report = try harness.report(harness.service(client))
        #expect(client.requests.isEmpty)
        #expect(report.origin.kind == "cache")
        #expect(report.notices.isEmpty)
        #expect(report.value.sols.map(\.sol) == [1081, 1086])
    }

    @Test func staleCacheIsRefreshedLive() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.sample)
        harness.clock.advance(by: 3600)
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let report = try harness.report(harness.service(client))
        #expect(client.requests.count == 1)
        #expect(report.origin.kind == "live")
    }

    @Test func refreshAsksEvenWhenTheCacheIsFresh() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.sample)
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let report = try harness.report(harness.service(client, policy: FetchPolicy(refresh: true)))
        #expect(client.requests.count == 1)
        #expect(report.value.sols.map(\.sol) == [1081, 1086])
        #expect(report.fallbackReason == nil, "live data: nothing stepped down")
    }

    @Test func emptyFeedFallsBackToTheSampleSayingWhy() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.empty)])
        let report = try harness.report(harness.service(client))
        #expect(report.origin == .sample)
        #expect(report.value.sols.map(\.sol) == Array(675...681))
        #expect(report.notices.count == 1)
        #expect(report.notices[0].kind == .liveEmpty)
        #expect(report.notices[0].message.contains("stopped reporting in 2022"))
        #expect(report.notices[0].message.hasSuffix("no cached copy, so showing the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"))
        #expect(report.fallbackReason == InSightService.emptyFeedNotice, "why live data is not shown, without what is shown instead")
    }

    @Test func emptyFeedIsNotAskedAgainWithinTheHour() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.empty)])
        _ = try harness.report(harness.service(client))
        harness.clock.advance(by: 20 * 60)
        let second = try harness.report(harness.service(client))
        #expect(client.requests.count == 1)
        #expect(second.notices.first?.message.contains("(checked 20 min ago)") == true)
        harness.clock.advance(by: 41 * 60)
        _ = try harness.report(harness.service(client))
        #expect(client.requests.count == 2)
    }

    @Test func emptyFeedFallsBackToAnOldCacheBeforeTheSample() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.live)
        harness.clock.advance(by: 3 * 3600)
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.empty)])
        let report = try harness.report(harness.service(client))
        #expect(report.origin.kind == "cache")
        #expect(report.value.sols.map(\.sol) == [1081, 1086])
        #expect(report.notices.map(\.kind) == [.liveEmpty])
        #expect(report.notices[0].message.hasSuffix("; showing Mars weather cached 3 h ago"))
        // The empty answer did not replace the good cached one.
        guard case .hit(let entry) = harness.cache.read(InSightService.Configuration.cacheKey) else { Issue.record("cache lost"); return }
        #expect(entry.body == Bodies.live)
    }

    @Test func rateLimitSaysWhatToDoAndFallsBack() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .status(429, headers: ["Retry-After": "3600"], body: Bodies.rateLimit)])
        let report = try harness.report(harness.service(client))
        #expect(report.origin == .sample)
        #expect(report.notices.map(\.kind) == [.rateLimited])
        #expect(report.notices[0].message.hasPrefix("NASA's API rate limit was reached (retry in 1 h): DEMO_KEY allows 30 requests an hour; get a free key at api.nasa.gov and set NASA_API_KEY"))
    }

    @Test func rejectedKeyIsACredentialsNotice() throws {
        let harness = ServiceHarness()
        let body = Data(#"{"error": {"code": "API_KEY_INVALID", "message": "An invalid api_key was supplied."}}"#.utf8)
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .status(403, body: body)])
        let report = try harness.report(harness.service(client, key: "wrong"))
        #expect(report.notices.map(\.kind) == [.credentialsRejected])
        #expect(client.requests.first?.url.query?.contains("api_key=wrong") == true)
    }

    @Test func clientTimeoutAndNoNetworkAreNamed() throws {
        let harness = ServiceHarness()
        let url = "https://api.nasa.gov/insight_weather/?api_key=***"
        let timedOut = ScriptedHTTPClient(routes: ["/insight_weather/": .failure(.timedOut(.total, limit: 15, url: url))])
        let first = try harness.report(harness.service(timedOut))
        #expect(first.notices.map(\.kind) == [.timedOut])
        #expect(first.notices[0].message.hasPrefix("NASA's API did not answer within 15 s"))

        let offline = ScriptedHTTPClient(routes: ["/insight_weather/": .failure(.cannotResolveHost(host: "api.nasa.gov"))])
        let second = try harness.report(harness.service(offline))
        #expect(second.notices.map(\.kind) == [.noNetwork])
        #expect(second.origin == .sample)
    }

    @Test func anAnswerThatNeverComesTimesOutInVirtualTime() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(delay: .seconds(3600), scheduler: harness.scheduler, routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let service = harness.service(client)
        let early = harness.run(service, advance: .seconds(16))
        #expect(early == nil)
        let report = try harness.report(service, advance: .seconds(17))
        #expect(report.notices.map(\.kind) == [.timedOut])
        #expect(report.notices[0].message.hasPrefix("NASA's API did not answer within 17 s"))
    }

    @Test func strictFailsInsteadOfFallingBack() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.live)
        harness.clock.advance(by: 2 * 3600)
        let empty = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.empty)])
        let result = harness.run(harness.service(empty, policy: FetchPolicy(strict: true)))
        guard case .failure(.noLiveData(_, let notice)) = result else { Issue.record("expected a strict failure, got \(String(describing: result))"); return }
        #expect(notice.kind == .liveEmpty)

        let fresh = ServiceHarness()
        let limited = ScriptedHTTPClient(routes: ["/insight_weather/": .status(429, body: Bodies.rateLimit)])
        guard case .failure(.noLiveData(_, let limit)) = fresh.run(fresh.service(limited, policy: FetchPolicy(strict: true))) else { Issue.record("expected a strict failure"); return }
        #expect(limit.kind == .rateLimited)

        let live = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        #expect(try fresh.report(fresh.service(live, policy: FetchPolicy(strict: true))).origin.kind == "live")
    }

    @Test func strictAsksEvenWhenTheCacheIsFreshAndSavesTheAnswer() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.sample)
        harness.clock.advance(by: 10 * 60)
        let down = ScriptedHTTPClient(routes: ["/insight_weather/": .failure(.cannotConnect(url: "https://api.nasa.gov/insight_weather/", detail: "refused"))])
        guard case .failure(.noLiveData(_, let notice)) = harness.run(harness.service(down, policy: FetchPolicy(strict: true))) else {
            Issue.record("a fresh cache is not live data: --strict must fail")
            return
        }
        #expect(down.requests.count == 1)
        #expect(notice.kind == .noNetwork)

        let live = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let report = try harness.report(harness.service(live, policy: FetchPolicy(strict: true)))
        #expect(live.requests.count == 1)
        #expect(report.origin.kind == "live")
        #expect(harness.cache.read(InSightService.Configuration.cacheKey) == .hit(CacheEntry(body: Bodies.live, savedAt: harness.clock.now)))
    }

    @Test func offlineMakesNoRequest() throws {
        let harness = ServiceHarness()
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let noCache = try harness.report(harness.service(client, policy: FetchPolicy(offline: true)))
        #expect(noCache.origin == .sample)
        #expect(noCache.notices.map(\.kind) == [.cacheMissing])
        #expect(noCache.notices[0].message == "no cached Mars weather yet; showing the bundled sample: InSight's archived weather for sols 675–681 (October 2020)")

        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.live)
        harness.clock.advance(by: 5 * 86_400)
        let cached = try harness.report(harness.service(client, policy: FetchPolicy(offline: true)))
        #expect(cached.origin == .cache(savedAt: harness.clock.now.addingTimeInterval(-5 * 86_400), age: 5 * 86_400))
        #expect(cached.notices.isEmpty)
        #expect(client.requests.isEmpty)
    }

    // Regression (audit): an answer with impossible numbers was cached before it
    // crashed the drawing, so every later --offline run crashed on it too. A
    // cache entry written before the decoder dropped such readings still goes
    // through the decoder, so it reads the same as a live answer: those sensors missing.
    @Test func aCachedAnswerWithImpossibleReadingsShowsThemAsMissing() throws {
        let harness = ServiceHarness()
        let body = Data(HostileInSight.everything.utf8)
        try harness.cache.write(InSightService.Configuration.cacheKey, body: body)
        let client = ScriptedHTTPClient(routes: [:])
        let cached = try harness.report(harness.service(client, policy: FetchPolicy(offline: true)))
        #expect(cached.origin.kind == "cache")
        #expect(cached.notices.isEmpty, "the entry is good; only some readings in it are not")
        #expect(cached.value == (try InSightDecoder.decode(body)), "the same rule as a live answer")
        #expect(cached.value.sols.map { $0.temperature == nil } == [false, false, true, true, false])
        #expect(cached.value.sols.last?.wind?.mostCommon?.degrees == 270)
    }

    @Test func corruptCacheIsReportedOnceAndReplaced() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Bodies.live)
        let path = harness.cache.path(for: InSightService.Configuration.cacheKey)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))

        let failing = ScriptedHTTPClient(routes: ["/insight_weather/": .failure(.cannotResolveHost(host: "api.nasa.gov"))])
        let first = try harness.report(harness.service(failing))
        #expect(first.notices.map(\.kind) == [.noNetwork, .cacheUnreadable])
        #expect(first.notices[1].message.contains("could not be used"))
        #expect(first.notices[1].message.hasSuffix("; showing the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"))
        #expect(first.origin == .sample)

        let second = try harness.report(harness.service(failing))
        #expect(second.notices.map(\.kind) == [.noNetwork])

        let live = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        _ = try harness.report(harness.service(live))
        guard case .hit(let entry) = harness.cache.read(InSightService.Configuration.cacheKey) else { Issue.record("not replaced"); return }
        #expect(entry.body == Bodies.live)
    }

    @Test func cachedBodyThatNoLongerDecodesIsRemoved() throws {
        let harness = ServiceHarness()
        try harness.cache.write(InSightService.Configuration.cacheKey, body: Data("<html>".utf8))
        let report = try harness.report(harness.service(ScriptedHTTPClient(routes: [:]), policy: FetchPolicy(offline: true)))
        #expect(report.notices.map(\.kind) == [.cacheUnreadable])
        #expect(harness.cache.read(InSightService.Configuration.cacheKey) == .miss)
    }

    @Test func unsavableCacheIsANoticeNotAFailure() throws {
        let harness = ServiceHarness()
        let blocked = harness.directory.directory.appendingPathComponent("file")
        try Data().write(to: blocked)
        let cache = CacheStore(directory: blocked.appendingPathComponent("cache"))
        let client = ScriptedHTTPClient(routes: ["/insight_weather/": .ok(json: Bodies.live)])
        let report = try harness.report(harness.service(client, cache: cache))
        #expect(report.origin.kind == "live")
        #expect(report.notices.map(\.kind) == [.cacheNotSaved])
    }

    @Test func theRequestKeepsAQueryTheBaseAlreadyHas() {
        let harness = ServiceHarness()
        let service = InSightService(
            configuration: .init(apiKey: "abc", baseURL: URL(string: "http://127.0.0.1:8080/feed?x=1")!),
            environment: ServiceEnvironment(http: ScriptedHTTPClient(routes: [:]), cache: nil, scheduler: harness.scheduler.eraseToAnyScheduler()))
        #expect(!service.configuration.usingDemoKey)
        #expect(service.requestURL.absoluteString == "http://127.0.0.1:8080/feed?x=1&api_key=abc&feedtype=json&ver=1.0")
    }
}
