import Foundation
import HTTP
import Streams
import Synchronization
import Testing
import TestSupport
@testable import SpaceData

/// `LaunchService.detail`: one launch's detailed record from a scripted Launch
/// Library answering with the real detailed record of Starlink Group 17-39
/// (../shared/data/launches/ll2, capture 2; skipped without it), a cache in a
/// temporary directory, a fixed clock and a test scheduler.
@Suite struct LaunchServiceDetailTests {
    static let id = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"
    /// A real launch the bundled listing does not hold: Vulcan VC2S | Certification Flight 2
    /// (../shared/data/launches/ll2, capture 4).
    static let unbundledID = "cd199e27-63cd-409c-817c-5c38039b17cd"
    static let folder = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2")

    static func record() throws -> Data {
        let data = try Data(contentsOf: try #require(folder).appendingPathComponent("capture-AArlert-world_tunnel-2.json"))
        let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let record = try #require((page["results"] as? [[String: Any]])?.first { $0["id"] as? String == id })
        return try JSONSerialization.data(withJSONObject: record)
    }

    final class Harness: Sendable {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-detail-\(UUID().uuidString)")
        let scheduler = DispatchQueue.test
        let client: ScriptedHTTPClient
        let service: LaunchService

        init(_ respond: @escaping ScriptedHTTPClient.Responder) {
            client = ScriptedHTTPClient(respond)
            let now = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!
            service = LaunchService(
                endpoint: LaunchLibraryEndpoint(base: URL(string: "https://ll.test/2.3.0")!),
                environment: ServiceEnvironment(http: client, cache: CacheStore(directory: directory, clock: { now }),
                                                scheduler: scheduler.eraseToAnyScheduler(), clock: { now }))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        func detail(id: String = LaunchServiceDetailTests.id, listed: Launch? = nil,
                    policy: FetchPolicy = .standard) throws -> Result<Sourced<LaunchDetail>, ServiceFailure> {
            let result = Mutex<Result<Sourced<LaunchDetail>, ServiceFailure>?>(nil)
            let cancellable = service.detail(id: id, listed: listed, policy: policy).sink(
                receiveCompletion: { end in if case .failure(let failure) = end { result.withLock { $0 = .failure(failure) } } },
                receiveValue: { value in result.withLock { $0 = .success(value) } })
            scheduler.advance()
            withExtendedLifetime(cancellable) {}
            return try #require(result.withLock { $0 })
        }
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func theDetailedRecordIsAskedOnceThenCached() throws {
        let body = try Self.record()
        let harness = Harness { request in
            .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body, finalURL: request.url))
        }
        let first = try harness.detail().get()
        #expect(first.value.isDetailed && first.value.webcasts.count == 3)
        #expect(first.notices.isEmpty)
        #expect(harness.client.requests.map(\.url.absoluteString) == ["https://ll.test/2.3.0/launches/\(Self.id)/?mode=detailed"])
        let second = try harness.detail().get()
        #expect(second.value == first.value)
        #expect(harness.client.requests.count == 1, "fresh in the cache: no second request")
    }

    @Test func aFailedRequestFallsBackToTheListedLaunchAndSaysWhatIsMissing() throws {
        let harness = Harness { request in
            .success(HTTPResponse(status: 404, body: Data(#"{"detail":"Not found."}"#.utf8), finalURL: request.url))
        }
        let listed = Launch(id: Self.unbundledID, name: "Vulcan VC2S | Certification Flight 2")
        let shown = try harness.detail(id: Self.unbundledID, listed: listed).get()
        #expect(shown.value == LaunchDetail(launch: listed))
        #expect(shown.notices.last?.message == "no detailed record of this launch cached; showing it as listed (webcasts, information links, probability, weather concerns and hold reason are in its detailed record only)")
    }

    @Test func offlineNothingIsAsked() throws {
        let harness = Harness { request in .failure(.cannotConnect(url: request.url.absoluteString, detail: "must not be asked")) }
        let listed = Launch(id: Self.unbundledID, name: "Vulcan VC2S | Certification Flight 2")
        let shown = try harness.detail(id: Self.unbundledID, listed: listed, policy: FetchPolicy(offline: true)).get()
        #expect(shown.value.launch == listed && !shown.value.isDetailed)
        #expect(harness.client.requests.isEmpty)
    }

    /// Issue 30: offline, a launch of the bundled listing keeps the detail of its capture, dated.
    @Test func offlineABundledLaunchShowsTheDetailOfTheBundleAndSaysHowOld() throws {
        let harness = Harness { request in .failure(.cannotConnect(url: request.url.absoluteString, detail: "must not be asked")) }
        let listed = Launch(id: Self.id, name: "Falcon 9 Block 5 | Starlink Group 17-39")
        let shown = try harness.detail(listed: listed, policy: FetchPolicy(offline: true)).get()
        #expect(shown.origin == .sample)
        #expect(shown.value.isDetailed)
        #expect(shown.value.webcasts.count == 3 && shown.value.stages.first?.serialNumber == "B1082" && shown.value.updates.count == 6)
        #expect(shown.value.timeline.count == 23 && shown.value.flightClubURL != nil)
        #expect(shown.notices.map(\.message) == ["no detailed record of this launch cached; showing it as listed on 20 July 2026 "
            + "(Launch Library 2's listing of 20 July 2026): webcasts, boosters and updates as they were then"])
        #expect(harness.client.requests.isEmpty)
    }

    @Test func nothingKnownOfTheLaunchIsAFailure() throws {
        let harness = Harness { request in
            .success(HTTPResponse(status: 404, body: Data(#"{"detail":"Not found."}"#.utf8), finalURL: request.url))
        }
        guard case .failure(.nothingToShow) = try harness.detail(id: Self.unbundledID) else {
            Issue.record("a launch nobody knows has nothing to show")
            return
        }
    }
}
