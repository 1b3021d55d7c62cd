import Testing
@testable import Streams

@Suite struct ReplaceErrorTests {
    @Test func replacesAFailureWithAValueAndFinishes() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.replaceError(with: -1).subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [.subscription("ReplaceError"), .value(1), .value(-1), .completion(.finished)])
    }

    @Test func waitsForDemandWhenTheFailureComesWithNone() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.replaceError(with: -1).subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [.subscription("ReplaceError"), .value(1)])
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("ReplaceError"), .value(1), .value(-1), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    @Test func finishedIsForwardedOnce() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.replaceError(with: 0).subscribe(subscriber)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [.subscription("ReplaceError"), .completion(.finished)])
    }

    @Test func downstreamGetsItsSubscriptionOnlyWhenUpstreamSuppliesOne() {
        let upstream = TestPublisher<Int, TestingError>(deliversSubscription: false)
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.replaceError(with: 0).subscribe(subscriber)
        #expect(subscriber.history.isEmpty)
        upstream.sendSubscription()
        #expect(subscriber.history == [.subscription("ReplaceError")])
    }

    @Test func returnsDownstreamDemandUpstream() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(2))
        upstream.replaceError(with: 0).subscribe(subscriber)
        #expect(upstream.send(1) == .max(2))
        upstream.send(2)
        upstream.send(3)
        #expect(subscriber.values == [1, 2, 3])
    }
}
