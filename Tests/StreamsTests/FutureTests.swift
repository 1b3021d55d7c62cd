import Testing
@testable import Streams

@Suite struct FutureTests {
    @Test func runsTheClosureEagerlyOnce() {
        var runs = 0
        let future = Future<Int, Never> { promise in
            runs += 1
            promise(.success(1))
        }
        #expect(runs == 1)
        let first = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        future.subscribe(first)
        future.subscribe(second)
        #expect(runs == 1)
        #expect(first.history == [.subscription("Future"), .value(1), .completion(.finished)])
        #expect(second.history == first.history)
    }

    @Test func successWaitsForDemand() {
        let future = Future<Int, TestingError> { $0(.success(5)) }
        let subscriber = TrackingSubscriber<Int, TestingError>()
        future.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Future")])
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("Future"), .value(5), .completion(.finished)])
    }

    @Test func failureDoesNotWaitForDemand() {
        let future = Future<Int, TestingError> { $0(.failure(.oops)) }
        let subscriber = TrackingSubscriber<Int, TestingError>()
        future.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Future"), .completion(.failure(.oops))])
    }

    @Test func onlyTheFirstPromiseCallCountsAndLateResolutionReachesWaitingSubscribers() {
        var promise: Future<Int, TestingError>.Promise?
        let future = Future<Int, TestingError> { promise = $0 }
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        future.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Future")])
        promise?(.success(3))
        promise?(.success(4))
        promise?(.failure(.oops))
        #expect(subscriber.history == [.subscription("Future"), .value(3), .completion(.finished)])
    }

    @Test func cancelledSubscriberReceivesNothing() {
        var promise: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { promise = $0 }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        future.subscribe(subscriber)
        subscriber.cancel()
        promise?(.success(1))
        #expect(subscriber.history == [.subscription("Future")])
    }

    @Test func promiseReenteredFromReceiveValueIsIgnored() {
        var promise: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { promise = $0 }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { _ in promise?(.success(99)) })
        future.subscribe(subscriber)
        promise?(.success(1))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func asyncOperationFulfilsTheFuture() async throws {
        let future = Future<Int, any Error> { try await Task.sleep(nanoseconds: 0); return 42 }
        var values: [Int] = []
        for try await value in future.values { values.append(value) }
        #expect(values == [42])
        let never = Future<String, Never> { "done" }
        var strings: [String] = []
        for await value in never.values { strings.append(value) }
        #expect(strings == ["done"])
    }

    @Test func asyncOperationFailureFailsTheFuture() async {
        let future = Future<Int, any Error> { throw TestingError.oops }
        await #expect(throws: TestingError.oops) {
            for try await _ in future.values {}
        }
    }
}
