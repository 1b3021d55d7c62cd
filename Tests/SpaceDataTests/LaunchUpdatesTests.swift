import Foundation
import HTTP
import Streams
import Synchronization
import Testing
@testable import SpaceData

/// `LaunchService.updates`: the early cached or bundled launches, then the settled
/// answer, on a test scheduler with a scripted Launch Library that answers after a delay.
@Suite struct LaunchUpdatesTests {
    static let base = URL(string: "https://ll.test/2.3.0")!
    /// Midway through the bundled listing of 20 July 2026: five of its ten launches have passed.
    static let start = LaunchLibraryDate.date(from: "2026-07-24T00:00:00Z")!

    /// A page of two launches named `prefix 1` and `prefix 2`.
    static func page(_ prefix: String) -> Data {
        Data(#"""
        {"count": 2, "next": null, "results": [
          {"id": "\#(prefix)-1", "name": "\#(prefix) 1", "net": "2030-01-01T12:00:00Z"},
          {"id": "\#(prefix)-2", "name": "\#(prefix) 2", "net": "2030-01-02T12:00:00Z"}]}
        """#.utf8)
    }

    final class Harness: Sendable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-launch-updates-\(UUID().uuidString)")
        let scheduler = DispatchQueue.test
        let client: ScriptedHTTPClient
        let cache: CacheStore
        let service: LaunchService
        let received = Mutex<[LaunchUpdate]>([])
        let failure = Mutex<ServiceFailure?>(nil)

        init(_ reply: ScriptedHTTPClient.Reply) {
            client = ScriptedHTTPClient(delay: .seconds(2), scheduler: scheduler) { reply.respond(to: $0) }
            let clock: @Sendable () -> Date = { LaunchUpdatesTests.start }
            cache = CacheStore(directory: directory, clock: clock)
            service = LaunchService(endpoint: LaunchLibraryEndpoint(base: LaunchUpdatesTests.base),
                                    environment: ServiceEnvironment(http: client, cache: cache, scheduler: scheduler.eraseToAnyScheduler(),
                                                                    clock: clock))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// A cached page saved `minutes` before the start.
        func cache(_ body: Data, minutesOld minutes: Double) throws {
            let saving = CacheStore(directory: directory, clock: { LaunchUpdatesTests.start.addingTimeInterval(-minutes * 60) })
            _ = try saving.write(service.endpoint.cacheKey(.upcoming, page: 1), body: body)
        }

        func subscribe(_ policy: FetchPolicy = .standard) -> AnyCancellable {
            service.updates(LaunchService.Request(policy: policy)).sink(
                receiveCompletion: { end in
                    if case .failure(let error) = end { self.failure.withLock { $0 = error } }
                },
                receiveValue: { update in self.received.withLock { $0.append(update) } })
        }

        var updates: [LaunchUpdate] { received.withLock { $0 } }
        var names: [[String]] { updates.map { $0.sourced.value.launches.map(\.name) } }
    }

    @Test func theBundledListingShowsAtOnceWhileLoadingThenLiveLaunchesReplaceIt() throws {
        let harness = Harness(.ok(json: Self.page("Live")))
        let subscription = harness.subscribe()
        defer { subscription.cancel() }
        #expect(harness.updates.isEmpty, "delivered on the scheduler")
        harness.scheduler.advance()
        let early = try #require(harness.updates.first)
        #expect(harness.updates.count == 1)
        #expect(early.isLoading)
        #expect(early.sourced.origin == .sample)
        #expect(early.sourced.value.launches.count == 5, "only the launches still ahead")
        #expect(early.sourced.value.passedCount == 5)
        #expect(harness.client.requests.count == 1, "the request is under way")

        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.updates.count == 2)
        let settled = try #require(harness.updates.last)
        #expect(!settled.isLoading)
        #expect(settled.sourced.origin == .live(fetchedAt: Self.start))
        #expect(harness.names.last == ["Live 1", "Live 2"])
        #expect(settled.liveFailure == nil)
        #expect(harness.client.requests.count == 1)
    }

    @Test func anOldCacheShowsAtOnceWhileLoading() throws {
        let harness = Harness(.ok(json: Self.page("Live")))
        try harness.cache(Self.page("Cached"), minutesOld: 40)
        let subscription = harness.subscribe()
        defer { subscription.cancel() }
        harness.scheduler.advance()
        #expect(harness.names == [["Cached 1", "Cached 2"]])
        #expect(harness.updates.first?.isLoading == true)
        #expect(harness.updates.first?.sourced.origin == .cache(savedAt: Self.start.addingTimeInterval(-2400), age: 2400))
        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.names == [["Cached 1", "Cached 2"], ["Live 1", "Live 2"]])
    }

    @Test func aFailedRequestLeavesTheFallbackWithTheReason() throws {
        let harness = Harness(.failure(.cannotConnect(url: "https://ll.test", detail: "refused")))
        try harness.cache(Self.page("Cached"), minutesOld: 40)
        let subscription = harness.subscribe()
        defer { subscription.cancel() }
        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.names == [["Cached 1", "Cached 2"], ["Cached 1", "Cached 2"]])
        let settled = try #require(harness.updates.last)
        #expect(!settled.isLoading)
        let reason = try #require(settled.liveFailure)
        #expect(reason.kind == .noNetwork)
        #expect(reason.message.contains("cannot connect"))
        #expect(!reason.message.contains("showing launches cached"), "the reason alone, not what is shown instead")
        #expect(settled.sourced.notices.contains { $0.message.contains("showing launches cached 40 min ago") })
        #expect(settled.sourced.fallbackReason == reason, "the chain hands its reason on as data")
        #expect(harness.failure.withLock { $0 } == nil)
    }

    @Test func offlineMakesNoRequestAndOneUpdate() throws {
        let harness = Harness(.ok(json: Self.page("Live")))
        let subscription = harness.subscribe(FetchPolicy(offline: true))
        defer { subscription.cancel() }
        harness.scheduler.advance(by: .seconds(10))
        #expect(harness.client.requests.isEmpty)
        #expect(harness.updates.count == 1)
        #expect(harness.updates.first?.isLoading == false)
        #expect(harness.updates.first?.sourced.origin == .sample)
        #expect(harness.updates.first?.liveFailure == nil, "--offline is no failure")
    }

    @Test func aFreshCacheIsTheOneAnswer() throws {
        let harness = Harness(.ok(json: Self.page("Live")))
        try harness.cache(Self.page("Cached"), minutesOld: 5)
        let subscription = harness.subscribe()
        defer { subscription.cancel() }
        harness.scheduler.advance(by: .seconds(10))
        #expect(harness.client.requests.isEmpty)
        #expect(harness.names == [["Cached 1", "Cached 2"]])
        #expect(harness.updates.first?.isLoading == false)
    }

    @Test func strictShowsNothingEarlyAndFailsWithoutLiveData() throws {
        let harness = Harness(.status(500))
        try harness.cache(Self.page("Cached"), minutesOld: 40)
        let subscription = harness.subscribe(FetchPolicy(strict: true))
        defer { subscription.cancel() }
        harness.scheduler.advance(by: .seconds(2))
        #expect(harness.updates.isEmpty)
        guard case .noLiveData? = harness.failure.withLock({ $0 }) else {
            Issue.record("expected the strict failure, got \(String(describing: harness.failure.withLock { $0 }))")
            return
        }
    }

    @Test func cancellingWhileLoadingStopsTheRequestAndTheUpdates() throws {
        let harness = Harness(.ok(json: Self.page("Live")))
        let subscription = harness.subscribe()
        harness.scheduler.advance()
        subscription.cancel()
        harness.scheduler.advance(by: .seconds(10))
        #expect(harness.updates.count == 1)
    }
}
