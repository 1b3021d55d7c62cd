import Foundation
@testable import HTTP
import Streams
import Testing
import TestSupport
@testable import SpaceData

/// NOAA SWPC's products through the real HTTP client from the loopback server:
/// the captures as NOAA served them, then each fault a product has shown
/// (removed: 404; an HTML page; a changed shape; no answer in time), each
/// falling back to the cache and then to the bundled capture.
@Suite struct SpaceWeatherServiceTests {
    typealias Captures = SpaceWeatherCaptures
    static let now = LaunchLibraryDate.date(from: "2026-09-06T18:10:00Z")!

    final class Fixture {
        let scratch = Sandbox()
        let server: LoopbackServer
        let cache: CacheStore
        var clock = SpaceWeatherServiceTests.now

        init(_ routes: KeyValuePairs<String, LoopbackServer.Response>) throws {
            server = try LoopbackServer(routes: routes)
            cache = CacheStore(directory: scratch.directory.appendingPathComponent("cache"), clock: { SpaceWeatherServiceTests.now })
        }

        func service(timeout: TimeInterval = 15) -> SpaceWeatherService {
            let client = HTTPClient(userAgent: "spacedash/test", maxRedirects: 3)
            let now = clock
            return SpaceWeatherService(
                configuration: .init(baseURL: server.url("/swpc"), timeout: timeout),
                environment: ServiceEnvironment(http: client, cache: cache, scheduler: DispatchQueue(label: "SpaceWeatherServiceTests").eraseToAnyScheduler(),
                                                clock: { now }))
        }

        deinit { server.stop() }
    }

    static func path(_ product: SpaceWeatherProduct) -> String { "/swpc/" + product.path }

    static func capture(_ name: String) -> LoopbackServer.Response {
        guard let folder = Captures.folder else { return .status(404, body: "no captures") }
        return .file(folder.appendingPathComponent(name))
    }

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func everyCaptureIsFetchedLiveAndCached() throws {
        let fixture = try Fixture([
            Self.path(.kpIndex): Self.capture(Captures.kpNew),
            Self.path(.kpForecast): Self.capture(Captures.forecastNew),
            Self.path(.scales): Self.capture(Captures.scales),
            Self.path(.alerts): Self.capture(Captures.alerts),
            Self.path(.auroraGrid): Self.capture(Captures.aurora),
        ])
        let service = fixture.service()
        let kp = try #require(service.kpIndex().waitForFirstResult(timeout: 60)).get()
        #expect(kp.origin.kind == "live")
        #expect(kp.value.readings.count == 60)
        let forecast = try #require(service.kpForecast().waitForFirstResult(timeout: 60)).get()
        #expect(forecast.value.readings.count == 81)
        let scales = try #require(service.scales().waitForFirstResult(timeout: 60)).get()
        #expect(scales.value.current?.geomagneticStorm == 0)
        let alerts = try #require(service.alerts().waitForFirstResult(timeout: 60)).get()
        #expect(alerts.value.first?.code == "WATA20")
        let grid = try #require(service.auroraGrid().waitForFirstResult(timeout: 60)).get()
        #expect(grid.value.highest == 24)
        #expect(fixture.server.requests.count == 5)
        #expect(fixture.server.requests.allSatisfy { $0.headers["User-Agent"]?.hasPrefix("spacedash/") == true })

        // Within 15 minutes (the grid: 10) the cache answers and no request is made.
        let again = try #require(service.kpIndex().waitForFirstResult(timeout: 60)).get()
        #expect(again.origin.kind == "cache")
        #expect(again.value == kp.value)
        #expect(fixture.server.requests.count == 5)
    }

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func bothKpShapesGiveTheSameServiceAnswerForTheSameIntervals() throws {
        let fixture = try Fixture([Self.path(.kpIndex): Self.capture(Captures.kpOld), Self.path(.kpForecast): Self.capture(Captures.forecastOld)])
        let service = fixture.service()
        let index = try #require(service.kpIndex().waitForFirstResult(timeout: 60)).get().value
        let forecast = try #require(service.kpForecast().waitForFirstResult(timeout: 60)).get().value
        // The two products of one day (2026-02-09) agree on every observed interval they share.
        let observed = Dictionary(uniqueKeysWithValues: forecast.readings.filter { $0.kind == .observed }.map { ($0.time, $0.kp) })
        let shared = index.readings.filter { observed[$0.time] != nil }
        #expect(shared.count == 62)
        #expect(shared.allSatisfy { observed[$0.time] == $0.kp })
    }

    /// Each fault falls back to the cache, then to the bundled capture, with one notice naming the product.
    @Test(arguments: [
        ("removed", LoopbackServer.Response.status(404, body: "<html><body><h1>Not Found</h1></body></html>"),
         "NOAA SWPC's products/noaa-planetary-k-index.json answered HTTP 404: <html><body><h1>Not Found</h1></body></html>"),
        ("html", LoopbackServer.Response.status(200, headers: ["Content-Type": "text/html"], body: "<!DOCTYPE html><title>Maintenance</title>"),
         "NOAA SWPC's products/noaa-planetary-k-index.json sent an answer that is not JSON (it starts with \"<!DOCTYPE html><title>Maintenance</title>\")"),
        ("shape", LoopbackServer.Response.json(#"{"data": [{"time": "2026-09-06T18:00:00Z", "kp_index": 3}]}"#),
         "NOAA SWPC's products/noaa-planetary-k-index.json changed shape: the top level is an object, not a list; spacedash does not know this format"),
    ])
    func aFaultFallsBackToTheCacheThenTheBundledCapture(name: String, fault: LoopbackServer.Response, notice: String) throws {
        let good = #"[{"time_tag":"2026-09-06T15:00:00","Kp":5.33,"a_running":56,"station_count":8}]"#
        let fixture = try Fixture([Self.path(.kpIndex): .json(good)])
        let first = try #require(fixture.service().kpIndex().waitForFirstResult(timeout: 60)).get()
        #expect(first.origin.kind == "live")

        fixture.server[Self.path(.kpIndex)] = fault
        let cached = try #require(fixture.service().kpIndex(FetchPolicy(refresh: true)).waitForFirstResult(timeout: 60)).get()
        #expect(cached.origin.kind == "cache", "\(name)")
        #expect(cached.value.latestObserved?.kp == 5.33)
        #expect(cached.notices.first?.message.hasPrefix(notice) == true, "\(cached.notices)")

        fixture.cache.remove(SpaceWeatherProduct.kpIndex.cacheKey)
        let sample = try #require(fixture.service().kpIndex().waitForFirstResult(timeout: 60)).get()
        #expect(sample.origin == .sample)
        #expect(sample.value.latestObserved?.time == LaunchLibraryDate.date(from: "2026-08-31T09:00:00Z"))
        #expect(sample.notices.last?.message.hasSuffix("no cached copy, so showing the bundled sample: NOAA SWPC's planetary Kp of 2026-08-24 to 2026-08-31, fetched 2026-08-31") == true,
                "\(sample.notices)")
    }

    @Test func noAnswerInTimeIsATimeoutAndTheSampleIsShown() throws {
        let fixture = try Fixture([Self.path(.scales): .stall(after: Data("{\"0\":".utf8), declaredLength: 2000)])
        let scales = try #require(fixture.service(timeout: 1).scales().waitForFirstResult(timeout: 60)).get()
        #expect(scales.origin == .sample)
        #expect(scales.notices.first?.kind == .timedOut)
    }

    @Test func strictFailsInsteadOfFallingBack() throws {
        let fixture = try Fixture([Self.path(.alerts): .status(404, body: "gone")])
        let result = try #require(fixture.service().alerts(FetchPolicy(strict: true)).waitForFirstResult(timeout: 60))
        guard case .failure(.noLiveData(let subject, let reason)) = result else {
            Issue.record("not a strict failure: \(result)")
            return
        }
        #expect(subject == "space weather alerts")
        #expect(reason.message == "NOAA SWPC's products/alerts.json answered HTTP 404: gone")
    }

    @Test func noAuroraGridIsBundledSoOfflineWithoutACacheSaysSo() throws {
        let fixture = try Fixture([:])
        let result = try #require(fixture.service().auroraGrid(FetchPolicy(offline: true)).waitForFirstResult(timeout: 60))
        #expect(result == .failure(.nothingToShow("no aurora nowcast available offline: none cached, and none is bundled: a nowcast is good for about half an hour")))
    }

    @Test func everyBundledCaptureDecodes() throws {
        for product in SpaceWeatherProduct.allCases {
            guard let body = SpaceWeatherSample.body(product) else {
                #expect(product == .auroraGrid)
                continue
            }
            switch product {
            case .kpIndex, .kpForecast: _ = try KpDecoder.decode(body, product: product)
            case .scales: _ = try NOAAScalesDecoder.decode(body)
            case .alerts: _ = try SpaceWeatherAlertDecoder.decode(body)
            case .auroraGrid: break
            }
        }
    }
}
