import Foundation
import HTTP
import Streams
import Testing

@Suite struct RetryTransientFailuresTests {
    let url = URL(string: "https://ll.thespacedevs.com/2.2.0/launch/upcoming/")!

    /// A client answering the n-th request with `replies[n]` (the last repeats).
    private func client(_ replies: [ScriptedHTTPClient.Reply]) -> ScriptedHTTPClient {
        let counter = Counter()
        return ScriptedHTTPClient { request in
            replies[min(counter.next(), replies.count - 1)].respond(to: request)
        }
    }

    private final class Recorder {
        var statuses: [Int] = []
        var completion: Subscribers.Completion<HTTPError>?
    }

    private func run(_ client: ScriptedHTTPClient, scheduler: TestSchedulerOf<DispatchQueue>) -> (Recorder, AnyCancellable) {
        let recorder = Recorder()
        let cancellable = client.get(url)
            .validateStatus()
            .retryTransientFailures(scheduler: scheduler)
            .sink(receiveCompletion: { recorder.completion = $0 }, receiveValue: { recorder.statuses.append($0.status) })
        return (recorder, cancellable)
    }

    @Test func retriesGatewayErrorsWithABackoffOnTheScheduler() {
        let scheduler = DispatchQueue.test
        let client = client([.status(503), .status(502), .ok("finally")])
        let (recorder, cancellable) = run(client, scheduler: scheduler)
        defer { cancellable.cancel() }

        #expect(client.requests.count == 1)
        scheduler.advance(by: .milliseconds(499))
        #expect(client.requests.count == 1, "the first retry waits 500 ms")
        scheduler.advance(by: .milliseconds(1))
        #expect(client.requests.count == 2)
        scheduler.advance(by: .milliseconds(999))
        #expect(client.requests.count == 2, "the second retry waits 1 s")
        scheduler.advance(by: .milliseconds(1))
        #expect(client.requests.count == 3)
        #expect(recorder.statuses == [200])
        #expect(recorder.completion == .finished)
    }

    @Test func givesUpAfterTwoRetries() {
        let scheduler = DispatchQueue.test
        let client = client([.failure(.timedOut(.total, limit: 15, url: "u"))])
        let (recorder, cancellable) = run(client, scheduler: scheduler)
        defer { cancellable.cancel() }

        scheduler.advance(by: .seconds(60))
        #expect(client.requests.count == 3)
        #expect(recorder.statuses.isEmpty)
        #expect(recorder.completion == .failure(.timedOut(.total, limit: 15, url: "u")))
    }

    @Test func retriesConnectFailures() {
        let scheduler = DispatchQueue.test
        let client = client([.failure(.cannotConnect(url: "u", detail: "connection refused")), .ok("up")])
        let (recorder, cancellable) = run(client, scheduler: scheduler)
        defer { cancellable.cancel() }

        scheduler.advance(by: .seconds(1))
        #expect(client.requests.count == 2)
        #expect(recorder.statuses == [200])
    }

    @Test(arguments: [400, 401, 403, 404, 429, 500])
    func neverRetriesOtherStatuses(_ status: Int) {
        let scheduler = DispatchQueue.test
        let client = client([.status(status, headers: ["Retry-After": "1"]), .ok("would be wrong")])
        let (recorder, cancellable) = run(client, scheduler: scheduler)
        defer { cancellable.cancel() }

        scheduler.advance(by: .seconds(60))
        #expect(client.requests.count == 1)
        #expect(recorder.completion?.isFailure == true)
        #expect(recorder.statuses.isEmpty)
    }

    @Test func neverRetriesPermanentFailures() {
        let scheduler = DispatchQueue.test
        let client = client([.failure(.cannotResolveHost(host: "h")), .ok("would be wrong")])
        let (recorder, cancellable) = run(client, scheduler: scheduler)
        defer { cancellable.cancel() }

        scheduler.advance(by: .seconds(60))
        #expect(client.requests.count == 1)
        #expect(recorder.completion == .failure(.cannotResolveHost(host: "h")))
    }

    @Test func cancelDuringTheBackoffStopsRetrying() {
        let scheduler = DispatchQueue.test
        let client = client([.status(503)])
        let (recorder, cancellable) = run(client, scheduler: scheduler)

        cancellable.cancel()
        scheduler.advance(by: .seconds(60))
        #expect(client.requests.count == 1)
        #expect(recorder.completion == nil)
    }

    @Test func maxRetriesAndBackoffAreSettable() {
        let scheduler = DispatchQueue.test
        let client = client([.status(504)])
        var completion: Subscribers.Completion<HTTPError>?
        let cancellable = client.get(url).validateStatus()
            .retryTransientFailures(maxRetries: 1, initialBackoff: .seconds(3), scheduler: scheduler)
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        defer { cancellable.cancel() }

        scheduler.advance(by: .milliseconds(2_999))
        #expect(client.requests.count == 1)
        scheduler.advance(by: .seconds(60))
        #expect(client.requests.count == 2)
        #expect(completion?.isFailure == true)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value - 1 } }
}
