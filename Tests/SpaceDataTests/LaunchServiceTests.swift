import Foundation
import HTTP
import Streams
import Synchronization
import Testing
import TestSupport
import LaunchCorpus
@testable import SpaceData

/// A service wired to a scripted Launch Library, a cache in a temporary
/// directory, a clock the test moves, and a test scheduler.
/// A clock the test moves by hand. It starts on 31 December 2025, before
/// every launch of `Pages` and of the bundled listing, so all are still ahead.
private final class TestClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_767_139_200))  // 2025-12-31T00:00:00Z
    func withLock<T>(_ body: (inout Date) -> T) -> T { date.withLock { body(&$0) } }
}

private final class Harness: Sendable {
    static let base = "https://ll.test/2.3.0"
    let directory: URL
    let now = TestClock()
    let scheduler = DispatchQueue.test
    let client: ScriptedHTTPClient
    let cache: CacheStore

    init(token: String? = nil, wording: ServiceWording = ServiceWording(), _ respond: @escaping ScriptedHTTPClient.Responder) {
        self.wording = wording
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-launch-service-\(UUID().uuidString)")
        client = ScriptedHTTPClient(respond)
        let now = self.now
        cache = CacheStore(directory: directory, clock: { now.withLock { $0 } })
        self.token = token
    }

    let token: String?
    let wording: ServiceWording

    deinit { try? FileManager.default.removeItem(at: directory) }

    var service: LaunchService {
        let now = self.now
        return LaunchService(
            endpoint: LaunchLibraryEndpoint(base: URL(string: Self.base)!, token: token),
            environment: ServiceEnvironment(http: client, cache: cache, scheduler: scheduler.eraseToAnyScheduler(),
                                            clock: { now.withLock { $0 } }, wording: wording))
    }

    func advanceClock(minutes: Double) {
        now.withLock { $0 = $0.addingTimeInterval(minutes * 60) }
    }

    /// Runs one load to its end on the test scheduler.
    func load(_ request: LaunchService.Request = .init()) throws -> Result<Sourced<LaunchList>, ServiceFailure> {
        let result = Mutex<Result<Sourced<LaunchList>, ServiceFailure>?>(nil)
        let cancellable = service.launches(request).sink(
            receiveCompletion: { end in if case .failure(let failure) = end { result.withLock { $0 = .failure(failure) } } },
            receiveValue: { value in result.withLock { $0 = .success(value) } })
        #expect(result.withLock { $0 } == nil, "the result arrives on the scheduler, not before")
        scheduler.advance()
        withExtendedLifetime(cancellable) {}
        return try #require(result.withLock { $0 })
    }

    var requestCount: Int { client.requests.count }
}

/// Pages cut from 46 synthetic launches (2.3.0 normal, from 1 January 2026
/// on: test input, never shipped), with `next` links.
private enum Pages {
    static var launches: [[String: Any]] {
        let json = try! JSONSerialization.jsonObject(with: SyntheticLaunchCorpus().launchLibraryJSON(count: 46)) as! [String: Any]
        return json["results"] as! [[String: Any]]
    }

    static func body(_ range: Range<Int>, next: String? = nil, count: Int = 46) -> Data {
        let envelope: [String: Any] = [
            "count": count, "next": next ?? NSNull(), "previous": NSNull(), "results": Array(launches[range]),
        ]
        return try! JSONSerialization.data(withJSONObject: envelope)
    }

    static func ok(_ body: Data, for request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, finalURL: request.url))
    }

    static func status(_ code: Int, _ body: String = "", headers: HTTPHeaders = [:], for request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        .success(HTTPResponse(status: code, headers: headers, body: Data(body.utf8), finalURL: request.url))
    }
}

@Suite struct LaunchServiceTests {
    // MARK: live

    @Test func upcomingAsksForTheDocumentedQueryWithTheToken() throws {
        let harness = Harness(token: "t0ken") { Pages.ok(Pages.body(0..<3), for: $0) }
        let result = try harness.load()
        let sourced = try result.get()
        #expect(sourced.value.launches.count == 3)
        #expect(sourced.origin == .live(fetchedAt: harness.now.withLock { $0 }))
        #expect(sourced.notices.isEmpty)
        let request = try #require(harness.client.requests.first)
        #expect(request.url.absoluteString == "https://ll.test/2.3.0/launches/upcoming/?mode=normal&limit=100&hide_recent_previous=true&ordering=net")
        #expect(request.headers["Authorization"] == "Token t0ken")
        #expect(request.totalTimeout == 15)
    }

    @Test func eachPageRequestHasTheRequestsTimeLimit() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<1), for: $0) }
        _ = try harness.load(.init(timeout: 2.5))
        #expect(harness.client.requests.first?.totalTimeout == 2.5)
        #expect(harness.client.requests.first?.connectTimeout == 2.5)
    }

    @Test func pastAsksForNewestFirst() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<1), for: $0) }
        _ = try harness.load(.init(timeframe: .past))
        #expect(harness.client.requests.first?.url.absoluteString == "https://ll.test/2.3.0/launches/previous/?mode=normal&limit=100&ordering=-net")
        #expect(harness.client.requests.first?.headers["Authorization"] == nil)
    }

    @Test func pagesFollowNextUpToTheLimitDeduplicatingById() throws {
        let harness = Harness { request in
            switch request.url.query?.contains("offset=") == true ? request.url.query!.components(separatedBy: "offset=")[1] : "0" {
            case "0": return Pages.ok(Pages.body(0..<10, next: "\(Harness.base)/launches/upcoming/?limit=10&offset=10"), for: request)
            // The count changed in between: launch 9 comes again on page 2.
            case "10": return Pages.ok(Pages.body(9..<20, next: "\(Harness.base)/launches/upcoming/?limit=10&offset=20", count: 47), for: request)
            default: return Pages.ok(Pages.body(20..<30, next: "\(Harness.base)/launches/upcoming/?limit=10&offset=30"), for: request)
            }
        }
        let list = try harness.load(.init(pages: 2)).get().value
        #expect(harness.requestCount == 2, "two pages asked, two requests, although page 2 has a next")
        #expect(list.launches.count == 20)
        #expect(Set(list.launches.map(\.id)).count == 20)
        #expect(list.pages == 2 && list.totalCount == 47)
        #expect(harness.client.requests[1].url.absoluteString.hasSuffix("offset=10"))
    }

    @Test func pagingStopsWhenNextIsNull() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<5), for: $0) }
        let list = try harness.load(.init(pages: 5)).get().value
        #expect(harness.requestCount == 1)
        #expect(list.launches.count == 5)
    }

    @Test func aNextLinkToAnotherServerIsNotFollowed() throws {
        let harness = Harness(token: "secret") { Pages.ok(Pages.body(0..<5, next: "https://elsewhere.example/launches/?offset=5"), for: $0) }
        let sourced = try harness.load(.init(pages: 2)).get()
        #expect(harness.requestCount == 1, "the token is never sent to another host")
        #expect(sourced.value.launches.count == 5)
        #expect(sourced.notices.first?.message.contains("https://elsewhere.example") == true)
    }

    @Test func aFailingLaterPageStillShowsTheFirst() throws {
        let harness = Harness { request in
            request.url.query!.contains("offset=")
                ? .failure(.timedOut(.total, limit: 15, url: request.url.absoluteString))
                : Pages.ok(Pages.body(0..<4, next: "\(Harness.base)/launches/upcoming/?offset=4"), for: request)
        }
        let sourced = try harness.load(.init(pages: 3)).get()
        #expect(sourced.value.launches.count == 4)
        #expect(sourced.origin.kind == "live")
        #expect(sourced.notices.map(\.kind) == [.timedOut])
        #expect(sourced.notices[0].message.hasSuffix("; showing 1 of 3 pages"))
    }

    // MARK: the cache

    @Test func aFreshCacheMakesNoRequestAndAStaleOneDoes() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<3), for: $0) }
        _ = try harness.load()
        harness.advanceClock(minutes: 14)
        let cached = try harness.load().get()
        #expect(harness.requestCount == 1, "no request while the answer is fresh")
        guard case .cache(_, let age) = cached.origin else { Issue.record("expected the cache, got \(cached.origin)"); return }
        #expect(age == 14 * 60)
        #expect(cached.notices.isEmpty, "a fresh cache is not a fallback")
        #expect(cached.value.launches.count == 3)
        harness.advanceClock(minutes: 2)
        #expect(try harness.load().get().origin.kind == "live")
        #expect(harness.requestCount == 2)
    }

    @Test func refreshAsksEvenWhenFresh() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<3), for: $0) }
        _ = try harness.load()
        #expect(try harness.load(.init(policy: FetchPolicy(refresh: true))).get().origin.kind == "live")
        #expect(harness.requestCount == 2)
    }

    @Test func aFreshCacheOfFewerPagesThanAskedIsNotEnough() throws {
        let harness = Harness { request in
            Pages.ok(request.url.query!.contains("offset=") ? Pages.body(5..<8) : Pages.body(0..<5, next: "\(Harness.base)/launches/upcoming/?offset=5"), for: request)
        }
        _ = try harness.load(.init(pages: 1))
        let list = try harness.load(.init(pages: 2)).get()
        #expect(list.origin.kind == "live" && list.value.launches.count == 8)
        #expect(harness.requestCount == 3)
        _ = try harness.load(.init(pages: 2))
        #expect(harness.requestCount == 3, "both pages are now cached and fresh")
    }

    // MARK: the rate limit

    @Test func a429WithRetryAfterFallsBackToTheCacheSayingWhenToRetry() throws {
        let limited = Mutex(false)
        let harness = Harness { request in
            limited.withLock { $0 }
                ? Pages.status(429, #"{"detail":"Request was throttled. Expected available in 999 seconds."}"#, headers: ["Retry-After": "720"], for: request)
                : Pages.ok(Pages.body(0..<3), for: request)
        }
        _ = try harness.load()
        harness.advanceClock(minutes: 40)
        limited.withLock { $0 = true }
        let sourced = try harness.load().get()
        #expect(sourced.origin.kind == "cache")
        #expect(sourced.value.launches.count == 3)
        #expect(sourced.notices.map(\.message) == [
            "Launch Library's limit of 15 requests an hour was reached; retry in 12 min; showing launches cached 40 min ago",
        ])
        #expect(sourced.notices.map(\.kind) == [.rateLimited])
    }

    @Test func a429WithoutRetryAfterReadsTheSecondsInTheDetail() throws {
        let harness = Harness { Pages.status(429, #"{"detail":"Request was throttled. Expected available in 1 second."}"#, for: $0) }
        let sourced = try harness.load().get()
        #expect(sourced.origin == .sample)
        #expect(sourced.notices.map(\.message) == [
            "Launch Library's limit of 15 requests an hour was reached; retry in 1 s",
            "no cached launches to fall back on; showing \(BundledLaunchListing.summary)",
        ])
        #expect(sourced.notices.map(\.kind) == [.rateLimited, .cacheMissing])
    }

    @Test func a429WithNeitherSaysRetryLater() throws {
        let harness = Harness { Pages.status(429, "Too Many Requests", for: $0) }
        let sourced = try harness.load().get()
        #expect(sourced.notices.first?.message == "Launch Library's limit of 15 requests an hour was reached; retry later")
    }

    @Test func noRequestIsSpentWhileLaunchLibraryAskedToWait() throws {
        let harness = Harness { Pages.status(429, "", headers: ["Retry-After": "600"], for: $0) }
        _ = try harness.load()
        #expect(harness.requestCount == 1)
        harness.advanceClock(minutes: 4)
        let sourced = try harness.load(.init(policy: FetchPolicy(refresh: true)))
        #expect(harness.requestCount == 1, "asking again before the given time would only spend a request")
        #expect(try sourced.get().notices.first?.message == "Launch Library's limit of 15 requests an hour was reached; retry in 6 min")
        harness.advanceClock(minutes: 7)
        _ = try harness.load()
        #expect(harness.requestCount == 2)
    }

    @Test func aThrottleBodyWithStatus200IsAlsoTheRateLimit() throws {
        let harness = Harness { Pages.ok(Data(#"{"detail":"Request was throttled. Expected available in 120 seconds."}"#.utf8), for: $0) }
        let sourced = try harness.load().get()
        #expect(sourced.notices.first?.kind == .rateLimited)
        #expect(sourced.notices.first?.message.contains("retry in 2 min") == true)
    }

    // MARK: other failures

    @Test func noNetworkAndNoCacheShowsTheBundledListing() throws {
        let harness = Harness { _ in .failure(.cannotResolveHost(host: "ll.test")) }
        let sourced = try harness.load().get()
        #expect(sourced.origin == .sample)
        #expect(sourced.value.launches == (try BundledLaunchListing.launches()))
        #expect(sourced.value.passedCount == 0)
        #expect(sourced.notices.map(\.kind) == [.noNetwork, .cacheMissing])
        #expect(sourced.notices[0].message.contains("cannot resolve host ll.test"))
    }

    @Test func aRejectedTokenSaysHowToFixItInTheAppsWords() throws {
        let harness = Harness(token: "wrong", wording: ServiceWording(checkToken: "check THE_TOKEN")) {
            Pages.status(401, #"{"detail":"Invalid token."}"#, for: $0)
        }
        let notice = try #require(try harness.load().get().notices.first)
        #expect(notice.kind == .credentialsRejected)
        #expect(notice.message == "Launch Library refused the request (HTTP 401: Invalid token.); check THE_TOKEN")
    }

    @Test func aServerErrorPageIsExplained() throws {
        let harness = Harness { Pages.status(502, "<html><body>Bad Gateway</body></html>", for: $0) }
        let notice = try #require(try harness.load().get().notices.first)
        #expect(notice.kind == .liveFailed)
        #expect(notice.message.hasPrefix("HTTP 502 Bad Gateway"))
    }

    @Test func aNonJSONSuccessIsExplained() throws {
        let harness = Harness { Pages.ok(Data("<!DOCTYPE html><title>Launch Library</title>".utf8), for: $0) }
        let notice = try #require(try harness.load().get().notices.first)
        #expect(notice.message.contains("not JSON"))
    }

    @Test func aDamagedCacheEntryIsReportedAndSkipped() throws {
        let harness = Harness { _ in .failure(.cannotResolveHost(host: "ll.test")) }
        let key = harness.service.endpoint.cacheKey(.upcoming, page: 1)
        try harness.cache.write(key, body: Data("not launches".utf8))
        harness.advanceClock(minutes: 30)
        let sourced = try harness.load().get()
        #expect(sourced.origin == .sample)
        #expect(sourced.notices.map(\.kind) == [.cacheUnreadable, .noNetwork, .cacheMissing])
        #expect(harness.cache.read(key) == .miss, "the damaged entry was removed")
    }

    /// The cache keeps the launches as decoded (`LaunchPageCompactForm`), not
    /// Launch Library's answer: read back, they are the launches the answer gave.
    @Test func aPageIsCachedInItsCompactFormAndReadBackAsTheSameLaunches() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<3), for: $0) }
        let live = try harness.load().get()
        let key = harness.service.endpoint.cacheKey(.upcoming, page: 1)
        guard case .hit(let entry) = harness.cache.read(key) else { Issue.record("nothing cached"); return }
        #expect(LaunchPageCompactForm.holds(entry.body))
        #expect(try LaunchPageCompactForm.decode(entry.body) == LaunchLibraryDecoder.decodePage(Pages.body(0..<3)))
        harness.advanceClock(minutes: 90)
        let cached = try harness.load(.init(policy: FetchPolicy(offline: true))).get()
        #expect(cached.origin.kind == "cache" && cached.value.launches == live.value.launches)
    }

    /// An earlier spacedash cached the answer as Launch Library sent it: still read, not lost.
    @Test func aPageCachedAsLaunchLibrarySentItIsStillRead() throws {
        let harness = Harness { _ in .failure(.cannotResolveHost(host: "ll.test")) }
        try harness.cache.write(harness.service.endpoint.cacheKey(.upcoming, page: 1), body: Pages.body(0..<3))
        let cached = try harness.load().get()
        #expect(cached.origin.kind == "cache")
        #expect(cached.value.launches == (try LaunchLibraryDecoder.decodePage(Pages.body(0..<3))).launches)
    }

    // MARK: the policy

    @Test func strictAsksEvenWhenTheCacheIsFreshAndNeverFallsBack() throws {
        let up = Mutex(true)
        let harness = Harness { request in
            up.withLock { $0 } ? Pages.ok(Pages.body(0..<2), for: request) : .failure(.cannotConnect(url: request.url.absoluteString, detail: "refused"))
        }
        let strict = LaunchService.Request(policy: FetchPolicy(strict: true))
        _ = try harness.load()
        harness.advanceClock(minutes: 5)
        // Fresh, yet --strict asks, and saves the good answer.
        #expect(try harness.load(strict).get().origin.kind == "live")
        #expect(harness.requestCount == 2)
        up.withLock { $0 = false }
        harness.advanceClock(minutes: 1)
        let result = try harness.load(strict)
        #expect(harness.requestCount == 3)
        guard case .failure(.noLiveData(let subject, let reason)) = result else { Issue.record("expected a strict failure, got \(result)"); return }
        #expect(subject == "launch data")
        #expect(reason.message.contains("cannot connect"))
        // The answer --strict saved is what the next ordinary run finds fresh.
        #expect(try harness.load().get().origin == .cache(savedAt: harness.now.withLock { $0 }.addingTimeInterval(-60), age: 60))
    }

    @Test func offlineMakesNoRequest() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<2), for: $0) }
        let empty = try harness.load(.init(policy: FetchPolicy(offline: true))).get()
        #expect(empty.origin == .sample)
        #expect(empty.notices.map(\.message) == ["no launches cached yet; showing \(BundledLaunchListing.summary)"], "one step down, one notice")
        _ = try harness.load()
        harness.advanceClock(minutes: 90)
        let cached = try harness.load(.init(policy: FetchPolicy(offline: true))).get()
        #expect(cached.origin.kind == "cache")
        #expect(cached.notices.map(\.message) == ["offline: no request made; showing launches cached 1 h 30 min ago"],
                "the app words the offline reason (the CLI names its flag)")
        #expect(harness.requestCount == 1)
    }

    // MARK: nothing rots

    /// The bundled listing with the clock set to `now`, offline.
    private func bundled(at now: String) throws -> Sourced<LaunchList> {
        let harness = Harness { _ in .failure(.cannotResolveHost(host: "ll.test")) }
        harness.now.withLock { $0 = LaunchLibraryDate.date(from: now)! }
        return try harness.load(.init(policy: FetchPolicy(offline: true))).get()
    }

    @Test func afterEveryBundledLaunchNoneIsUpcomingAndTheCountSaysWhy() throws {
        // NROL-95's window, the listing's last, closed at 2026-07-30T08:04:00Z.
        let sourced = try bundled(at: "2026-07-30T08:05:00Z")
        #expect(sourced.origin == .sample)
        #expect(sourced.value.launches.isEmpty)
        #expect(sourced.value.passedCount == 10)
    }

    @Test func betweenTwoBundledLaunchesExactlyTheLaterOnesAreUpcoming() throws {
        // Kinetica 1's window closed at 23:50, Starship's (NET 22:45) stays open until 00:15 the next day.
        let sourced = try bundled(at: "2026-07-24T00:00:00Z")
        let listing = try BundledLaunchListing.launches()
        #expect(sourced.value.launches.map(\.name) == [
            "Starship | Flight 13", "Falcon 9 Block 5 | Starlink Group 17-51", "Falcon 9 Block 5 | Starlink Group 17-52",
            "Long March 7A | Unknown Payload", "Falcon 9 Block 5 | NROL-95",
        ])
        #expect(sourced.value.passedCount == listing.count - 5)
        #expect(try bundled(at: "2026-07-20T14:38:00Z").value.launches == listing, "as listed, every launch is ahead")
    }

    @Test func aCachedOrLiveLaunchWhoseTimeHasPassedIsLeftOutToo() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<5), for: $0) }
        let live = try harness.load().get()
        #expect(live.value.launches.count == 5 && live.value.passedCount == 0)
        // Launch i is about i × 53 minutes after 1 January 2026: two hours in, the first two or three have gone.
        harness.now.withLock { $0 = SyntheticLaunchCorpus.startDate.addingTimeInterval(2 * 3600) }
        let cached = try harness.load(.init(policy: FetchPolicy(offline: true))).get()
        #expect(cached.origin.kind == "cache")
        let now = harness.now.withLock { $0 }
        #expect(cached.value.launches.allSatisfy { ($0.net ?? .distantFuture) >= now })
        #expect(cached.value.passedCount > 0 && cached.value.passedCount + cached.value.launches.count == 5)
    }

    // MARK: past launches

    /// A past page of two synthetic launches (test input): one on the log's last day, one a week before.
    static let overlappingPast = Data(#"""
        {"count": 2, "next": null, "results": [
          {"id": "ll-a", "name": "Overlap A", "net": "2023-07-24T00:50:30Z"},
          {"id": "ll-b", "name": "Overlap B", "net": "2023-07-17T00:00:00Z"}]}
        """#.utf8)

    @Test func pastLaunchesFromLaunchLibraryAreFollowedByTheOlderHistoryWithNoLaunchTwice() throws {
        let harness = Harness { Pages.ok(Self.overlappingPast, for: $0) }
        let sourced = try harness.load(.init(timeframe: .past)).get()
        let oldest = LaunchLibraryDate.date(from: "2023-07-17T00:00:00Z")!
        let older = LaunchHistory.launches.filter { ($0.net ?? .distantFuture) < oldest }
        #expect(Array(sourced.value.launches.prefix(2).map(\.id)) == ["ll-a", "ll-b"], "Launch Library's first")
        #expect(Array(sourced.value.launches.dropFirst(2)) == older, "then the history's launches older than its oldest, newest first")
        #expect(!sourced.value.launches.contains { $0.id == "gcat:2023-105" }, "the log's last launch is in Launch Library's range: Launch Library wins")
        #expect(sourced.notices.map(\.kind) == [.historyAdded])
        #expect(sourced.notices.first?.message == "followed by \(older.count) older launches from \(LaunchHistory.summary)")
        // Cached, the same join.
        let cached = try harness.load(.init(timeframe: .past, policy: FetchPolicy(offline: true))).get()
        #expect(cached.origin.kind == "cache")
        #expect(cached.value.launches == sourced.value.launches)
    }

    @Test func pastLaunchesWithNothingCachedComeFromTheBundledHistory() throws {
        let harness = Harness { _ in .failure(.cannotResolveHost(host: "ll.test")) }
        let offline = try harness.load(.init(timeframe: .past, policy: FetchPolicy(offline: true))).get()
        #expect(offline.origin == .sample)
        #expect(offline.value.launches.count == 6_471)
        #expect(offline.value.launches.first?.id == "gcat:2023-105", "newest first: the log's last launch, 24 July 2023")
        #expect(offline.notices.map(\.message) == ["no launches cached yet; showing \(LaunchHistory.summary)"], "one step down, one notice")
        let noNetwork = try harness.load(.init(timeframe: .past)).get()
        #expect(noNetwork.notices.map(\.kind) == [.noNetwork, .cacheMissing])
        #expect(noNetwork.notices.last?.message == "no cached launches to fall back on; showing \(LaunchHistory.summary)")
        #expect(harness.requestCount == 1)
    }

    @Test func cancellingStopsTheCompletion() {
        let harness = Harness { Pages.ok(Pages.body(0..<2), for: $0) }
        let called = Mutex(false)
        let cancellable = harness.service.launches(.init()).sink(receiveCompletion: { _ in called.withLock { $0 = true } },
                                                                 receiveValue: { _ in called.withLock { $0 = true } })
        cancellable.cancel()
        harness.scheduler.advance()
        #expect(!called.withLock { $0 })
    }

    @Test func requestPagesAreClamped() {
        #expect(LaunchService.Request(pages: 0).pages == 1)
        #expect(LaunchService.Request(pages: 500).pages == LaunchService.maximumPages)
    }

    // MARK: --file

    @Test(arguments: [
        ("ll2-2.3.0-normal.json", 3), ("ll2-2.3.0-detailed.json", 2), ("ll2-2.2.0-list.json", 3),
        ("ll2-2.2.0-normal.json", 2), ("ll2-2.2.0-detailed.json", 2), ("ll2-2.0.0.json", 2),
    ])
    func aSavedResponseOfEachVersionLoads(_ name: String, _ count: Int) throws {
        let path = ProjectPaths.fixtures.appendingPathComponent("launches/\(name)").path
        let list = try LaunchService.load(file: path)
        #expect(list.launches.count == count)
    }

    @Test func aFileThatCannotBeUsedSaysWhy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-launch-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let html = directory.appendingPathComponent("page.html")
        try Data("<html>".utf8).write(to: html)
        let throttled = directory.appendingPathComponent("throttled.json")
        try Data(#"{"detail":"Request was throttled. Expected available in 5 seconds."}"#.utf8).write(to: throttled)

        #expect(throws: ServiceFailure.fileUnreadable(path: directory.path + "/missing.json", reason: "no such file")) {
            try LaunchService.load(file: directory.path + "/missing.json")
        }
        #expect(throws: ServiceFailure.fileUnreadable(path: directory.path, reason: "it is a directory")) {
            try LaunchService.load(file: directory.path)
        }
        #expect(throws: ServiceFailure.fileNotLaunches(path: html.path, reason: "it is not JSON (it starts with \"<html>\")")) {
            try LaunchService.load(file: html.path)
        }
        // Binary data is named, not quoted as noise: a PNG's signature, NUL bytes, bytes that are not UTF-8.
        for (name, bytes) in [("image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]),
                              ("zeros.bin", [0, 0, 0, 0]), ("latin1.txt", [0x66, 0xE9, 0x74, 0xE9])] as [(String, [UInt8])] {
            let file = directory.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            #expect(throws: ServiceFailure.fileNotLaunches(path: file.path, reason: "it is binary data, not JSON")) {
                try LaunchService.load(file: file.path)
            }
        }
        // Text cut inside a character at the 256th byte is still text.
        let accents = directory.appendingPathComponent("accents.txt")
        try Data(("x" + String(repeating: "é", count: 300)).utf8).write(to: accents)
        do {
            _ = try LaunchService.load(file: accents.path)
            Issue.record("text is not launches")
        } catch {
            #expect(error.description.contains("it is not JSON (it starts with \"xéé"), "\(error)")
        }
        do {
            _ = try LaunchService.load(file: throttled.path)
            Issue.record("a throttle answer is not launches")
        } catch {
            #expect(error.description.contains("is not a Launch Library response: it holds an error answer"))
        }
    }
}

@Suite struct LaunchServiceCachePagesTests {
    @Test func anAnswerShorterThanThePagesAskedIsStillFreshWhenCached() throws {
        let harness = Harness { Pages.ok(Pages.body(0..<5), for: $0) }
        _ = try harness.load(.init(pages: 3))
        let again = try harness.load(.init(pages: 3)).get()
        #expect(harness.requestCount == 1, "page 1 had no next: the whole answer is cached")
        #expect(again.origin.kind == "cache")
    }
}
