import Foundation
import Synchronization
import Testing
import HTTP
import Streams
import TestSupport
@testable import SpaceData

/// A Curiosity service on a scripted client, a virtual-time scheduler, a
/// hand-moved clock and a cache in a fresh directory.
final class CuriosityHarness {
    let scheduler = DispatchQueue.test
    let clock = InSightTestClock(Date(timeIntervalSince1970: 1_771_000_000))  // 2026-02-13
    let directory = Sandbox()
    let cache: CacheStore

    init() {
        let clock = self.clock
        cache = CacheStore(directory: directory.directory.appendingPathComponent("cache"), clock: { clock.now })
    }


    func service(_ client: any HTTPFetching, policy: FetchPolicy = .standard, urls: [URL]? = nil, cache: CacheStore?? = nil) -> CuriosityWeatherService {
        let clock = self.clock
        self.policy = policy
        return CuriosityWeatherService(
            configuration: urls.map { .init(urls: $0, timeout: 15) } ?? .init(timeout: 15),
            environment: ServiceEnvironment(http: client, cache: cache ?? self.cache, scheduler: scheduler.eraseToAnyScheduler(), clock: { clock.now }))
    }

    /// The policy of the last service made.
    var policy = FetchPolicy.standard

    func run(_ service: CuriosityWeatherService) -> Result<Sourced<CuriosityFeed>, ServiceFailure>? {
        let received = Mutex<Result<Sourced<CuriosityFeed>, ServiceFailure>?>(nil)
        let cancellable = service.weather(policy).sink(
            receiveCompletion: { completion in
                if case .failure(let error) = completion { received.withLock { $0 = .failure(error) } }
            },
            receiveValue: { value in received.withLock { $0 = .success(value) } }
        )
        scheduler.advance()
        defer { cancellable.cancel() }
        return received.withLock { $0 }
    }

    func report(_ service: CuriosityWeatherService) throws -> Sourced<CuriosityFeed> {
        try #require(try run(service)?.get())
    }

    /// A cached answer saved `age` seconds before now.
    func seedCache(_ feed: CuriosityFeed, age: TimeInterval) throws {
        clock.advance(by: -age)
        _ = try cache.write(CuriosityWeatherService.Configuration.cacheKey, body: CuriosityCompactForm.encode(feed))
        clock.advance(by: age)
    }
}

enum CuriosityBodies {
    static let live = remsFeed([remsEntry(sol: 4801), remsEntry(sol: 4800, date: "2026-02-06")])
    static var liveFeed: CuriosityFeed { try! CuriosityDecoder.decode(live) }
    static let html = Data("<html><body>Service Unavailable</body></html>".utf8)
}

@Suite struct CuriosityWeatherServiceTests {
    static let nasa = "mars.nasa.gov"
    static let cab = "cab.inta-csic.es"
    static let cabOverHTTPS = "https://cab.inta-csic.es"
    static let cabOverHTTP = "http://cab.inta-csic.es"

    @Test func theDefaultSourcesAreNASAThenTheUpstreamOverHTTPSThenHTTP() {
        #expect(CuriosityWeatherService.Configuration().urls.map(\.absoluteString) == [
            "https://mars.nasa.gov/rss/api/?feed=weather&category=msl&feedtype=json&ver=1.0",
            "https://cab.inta-csic.es/rems/wp-content/plugins/marsweather-widget/api.php",
            "http://cab.inta-csic.es/rems/wp-content/plugins/marsweather-widget/api.php",
        ])
    }

    @Test func liveAnswerIsShownAndCachedInTheCompactForm() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [Self.nasa: .ok(json: CuriosityBodies.live)])
        let report = try harness.report(harness.service(client))
        #expect(report.value.latest?.sol == 4801)
        #expect(report.origin == .live(fetchedAt: harness.clock.now))
        #expect(report.notices.isEmpty)
        #expect(client.requests.map(\.url) == [CuriosityWeatherService.Configuration.primaryURL])
        #expect(client.requests.first?.maxBodyBytes == 16 * 1024 * 1024)
        guard case .hit(let entry) = harness.cache.read(CuriosityWeatherService.Configuration.cacheKey) else {
            Issue.record("nothing cached")
            return
        }
        #expect(entry.body == CuriosityCompactForm.encode(CuriosityBodies.liveFeed))
    }

    @Test(arguments: [
        ScriptedHTTPClient.Reply.status(503, body: Data("busy".utf8)),
        .status(404, body: Data("gone".utf8)),
        .status(410),
        .status(403, body: Data("<html>Forbidden</html>".utf8)),
        .failure(.cannotConnect(url: "https://mars.nasa.gov/rss/api/", detail: "Connection refused")),
        .failure(.cannotResolveHost(host: "mars.nasa.gov")),
        .failure(.tooManyRedirects(limit: 3, url: "https://mars.nasa.gov/rss/api/")),
        .failure(.insecureRedirect(from: "https://mars.nasa.gov/rss/api/", to: "http://mars.nasa.gov/rss/api/")),
        .ok(CuriosityBodies.html),
        .ok(json: Data(#"{"error":{"code":"API_KEY_MISSING"}}"#.utf8)),
        .ok(json: Data(CuriosityBodies.live.prefix(300))),
    ])
    func primaryDeadEndGoesToTheMirrorSayingWhyOnce(primary: ScriptedHTTPClient.Reply) throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [Self.nasa: primary, Self.cab: .ok(json: CuriosityBodies.live)])
        let report = try harness.report(harness.service(client))
        #expect(report.value == CuriosityBodies.liveFeed)
        #expect(report.origin == .live(fetchedAt: harness.clock.now))
        #expect(client.requests.map(\.url) == [CuriosityWeatherService.Configuration.primaryURL, CuriosityWeatherService.Configuration.mirrorURL])
        #expect(report.notices.count == 1)
        let notice = try #require(report.notices.first)
        #expect(notice.message.hasPrefix("mars.nasa.gov: "))
        #expect(notice.message.hasSuffix("; the weather came from https://cab.inta-csic.es instead"))
    }

    @Test func theUpstreamOverHTTPComesLastAndTheNoticeNamesEveryDeadEnd() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [
            Self.nasa: .status(404, body: Data("Not Found".utf8)),
            Self.cabOverHTTPS: .failure(.tls(url: Self.cabOverHTTPS, detail: "certificate has expired")),
            Self.cabOverHTTP: .ok(json: CuriosityBodies.live),
        ])
        let report = try harness.report(harness.service(client))
        #expect(report.value == CuriosityBodies.liveFeed)
        #expect(client.requests.map(\.url) == CuriosityWeatherService.Configuration().urls)
        #expect(report.notices.map(\.message) == [
            "mars.nasa.gov: Curiosity's weather feed answered HTTP 404: Not Found; "
                + "then https://cab.inta-csic.es: secure connection to https://cab.inta-csic.es failed (certificate has expired): check the system clock and CA certificates (ca-certificates); "
                + "the weather came from http://cab.inta-csic.es instead",
        ])
    }

    @Test func aRedirectThatEndsInADeadEndSaysWhereItLed() throws {
        let harness = CuriosityHarness()
        let moved = URL(string: "https://science.nasa.gov/mars/weather?api_key=SECRET123")!
        let client = ScriptedHTTPClient(routes: [
            Self.nasa: .custom { _ in .success(HTTPResponse(status: 404, body: Data("Not Found".utf8), finalURL: moved)) },
            Self.cab: .ok(json: CuriosityBodies.live),
        ])
        let report = try harness.report(harness.service(client))
        #expect(report.notices.map(\.message) == [
            "mars.nasa.gov (redirected to https://science.nasa.gov/mars/weather?api_key=***): Curiosity's weather feed answered HTTP 404: Not Found; "
                + "the weather came from https://cab.inta-csic.es instead",
        ])
    }

    @Test func aRequestThatUsedUpItsWholeTimeIsNotPassedOn() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [
            Self.nasa: .failure(.timedOut(.total, limit: 15, url: "https://mars.nasa.gov/rss/api/")),
            Self.cab: .ok(json: CuriosityBodies.live),
        ])
        let report = try harness.report(harness.service(client))
        #expect(client.requests.count == 1)
        #expect(report.origin == .sample)
    }

    @Test func sourcesAreNamedByHostOrByWhatTellsThemApart() {
        let labels = CuriosityWeatherService.labels([
            URL(string: "https://mars.nasa.gov/rss/api/?feed=weather")!,
            URL(string: "https://cab.inta-csic.es/rems/api.php")!,
            URL(string: "http://cab.inta-csic.es/rems/api.php")!,
        ])
        #expect(labels == ["mars.nasa.gov", "https://cab.inta-csic.es", "http://cab.inta-csic.es"])
        let oneServer = CuriosityWeatherService.labels([
            URL(string: "http://127.0.0.1:8080/nasa")!,
            URL(string: "http://127.0.0.1:8080/cab?key=1")!,
            URL(string: "http://127.0.0.1:9090/cab")!,
        ])
        #expect(oneServer == ["http://127.0.0.1:8080/nasa", "http://127.0.0.1:8080/cab", "http://127.0.0.1:9090"])
    }

    @Test func bothFailingFallsBackToTheCacheNamingBothOnce() throws {
        let harness = CuriosityHarness()
        let cached = try CuriositySample.feed()
        try harness.seedCache(cached, age: 2 * 86_400)
        let client = ScriptedHTTPClient(routes: [Self.nasa: .status(502), Self.cab: .failure(.cannotResolveHost(host: Self.cab))])
        // --refresh: the cache is stale anyway, but make sure the request happens.
        let report = try harness.report(harness.service(client, policy: FetchPolicy(refresh: true)))
        #expect(report.value == cached)
        guard case .cache = report.origin else {
            Issue.record("not from the cache: \(report.origin)")
            return
        }
        #expect(report.notices.count == 1)
        let message = try #require(report.notices.first?.message)
        #expect(message.hasPrefix("mars.nasa.gov: "))
        #expect(message.contains("; then https://cab.inta-csic.es: cannot resolve host cab.inta-csic.es: check the name and your network connection; "
                                 + "then http://cab.inta-csic.es: cannot resolve host cab.inta-csic.es"))
        #expect(message.hasSuffix("showing Mars weather from Curiosity cached 2 days ago"))
        #expect(report.notices.first?.kind == .noNetwork)
    }

    @Test func nothingCachedFallsBackToTheSample() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [Self.nasa: .status(500), Self.cab: .status(500)])
        let report = try harness.report(harness.service(client))
        #expect(report.origin == .sample)
        #expect(report.value.latest?.sol == 4801)
        #expect(report.notices.count == 1)
        #expect(report.notices.first?.message.hasSuffix("no cached copy, so showing the bundled sample: \(CuriositySample.summary)") == true)
    }

    @Test func strictFailsWithTheReasonInsteadOfFallingBack() throws {
        let harness = CuriosityHarness()
        try harness.seedCache(CuriosityBodies.liveFeed, age: 86_400)
        let client = ScriptedHTTPClient(routes: [Self.nasa: .status(503), Self.cab: .status(503)])
        let result = try #require(harness.run(harness.service(client, policy: FetchPolicy(strict: true))))
        guard case .failure(.noLiveData(_, let notice)) = result else {
            Issue.record("expected a --strict failure, got \(result)")
            return
        }
        #expect(notice.message.contains("mars.nasa.gov") && notice.message.contains("cab.inta-csic.es"))
    }

    @Test func aFreshCacheAnswersWithoutARequestAndWithoutParsingJSON() throws {
        let harness = CuriosityHarness()
        try harness.seedCache(CuriosityBodies.liveFeed, age: 5 * 3600)
        let client = ScriptedHTTPClient(routes: [:])
        let report = try harness.report(harness.service(client))
        #expect(client.requests.isEmpty)
        #expect(report.value == CuriosityBodies.liveFeed)
        #expect(report.notices.isEmpty)
    }

    @Test func aCacheOlderThanSixHoursIsRefreshed() throws {
        let harness = CuriosityHarness()
        try harness.seedCache(try CuriositySample.feed(), age: 6 * 3600 + 1)
        let client = ScriptedHTTPClient(routes: [Self.nasa: .ok(json: CuriosityBodies.live)])
        let report = try harness.report(harness.service(client))
        #expect(client.requests.count == 1)
        #expect(report.value == CuriosityBodies.liveFeed)
    }

    @Test func oneConfiguredURLHasNoMirror() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: ["127.0.0.1": .status(503)])
        let report = try harness.report(harness.service(client, urls: [URL(string: "http://127.0.0.1:9/feed")!]))
        #expect(client.requests.count == 1)
        #expect(report.origin == .sample)
    }

    @Test func offlineMakesNoRequest() throws {
        let harness = CuriosityHarness()
        let client = ScriptedHTTPClient(routes: [:])
        let report = try harness.report(harness.service(client, policy: FetchPolicy(offline: true)))
        #expect(client.requests.isEmpty)
        #expect(report.origin == .sample)
    }
}
