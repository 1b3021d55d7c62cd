import Testing
@testable import Streams

@Suite struct FilterTests {
    @Test func passesMatchingValuesAndReplacesDemandForDroppedOnes() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(2), receiveValueDemand: .max(5))
        upstream.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(5))
        upstream.send(completion: .finished)
        #expect(subscriber.history == [.subscription("TestSubscription"), .value(2), .completion(.finished)])
    }

    @Test func honoursDemandEndToEnd() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        subject.filter { $0 > 2 }.subscribe(subscriber)
        for value in 1...10 { subject.send(value) }
        #expect(subscriber.values == [3, 4])
    }

    @Test func consecutiveFiltersFuse() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 2 }.filter { $0 < 5 }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        fused.subscribe(subscriber)
        for value in 1...6 { subject.send(value) }
        #expect(subscriber.values == [3, 4])
    }

    @Test func tryFilterFailsAndCancelsUpstreamWhenThePredicateThrows() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryFilter { value in
            if value == 3 { throw TestingError.oops }
            return value != 1
        }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.subscription.map { "\($0)" } == "TryFilter")
    }

    @Test func tryFilterIgnoresEventsAfterCancel() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryFilter { _ in true }.subscribe(subscriber)
        subscriber.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(subscriber.history.count == 1)
    }
}
