import Testing
@testable import Streams

@Suite struct MapTests {
    @Test func transformsValuesAndPassesTheSubscriptionThrough() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<String, TestingError>(initialDemand: .max(2), receiveValueDemand: .max(1))
        upstream.map { "#\($0)" }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("TestSubscription"), .value("#1"), .value("#2"), .completion(.failure(.oops)),
        ])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func demandAndCancelGoStraightUpstream() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.map { $0 * 2 }.subscribe(subscriber)
        subscriber.request(.max(3))
        subscriber.cancel()
        #expect(upstream.subscription.history == [.requested(.max(3)), .cancelled])
    }

    @Test func consecutiveMapsFuseIntoOne() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { $0 + 1 }.map { "\($0 * 10)" }
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .unlimited)
        fused.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == ["20"])
    }

    @Test func tryMapFailsAndCancelsUpstreamWhenTheTransformThrows() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryMap { value -> Int in
            if value == 2 { throw TestingError.other }
            return value * 10
        }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [10])
        #expect(subscriber.completions.count == 1)
        if case .failure(let error) = subscriber.completions.first {
            #expect(error as? TestingError == .other)
        } else {
            Issue.record("expected a failure")
        }
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func tryMapForwardsUpstreamFailureAsAnyError() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryMap { $0 }.subscribe(subscriber)
        upstream.send(completion: .failure(.oops))
        guard case .failure(let error) = subscriber.completions.first else {
            Issue.record("expected a failure")
            return
        }
        #expect(error as? TestingError == .oops)
        #expect(subscriber.completions.count == 1)
    }

    @Test func tryMapHasItsOwnSubscriptionAndForwardsDemand() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .max(2))
        upstream.tryMap { $0 }.subscribe(subscriber)
        #expect(subscriber.subscription.map { "\($0)" } == "TryMap")
        subscriber.request(.max(1))
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(1)), .cancelled])
    }

    @Test func mapThenTryMapFuses() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.map { $0 + 1 }.tryMap { $0 * 2 }
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        fused.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [4])
    }

    @Test func cancelReleasesTheTransform() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.map { value -> Int in _ = token; return value }.sink { _ in }
        }
        #expect(weakToken != nil)
        cancellable?.cancel()
        #expect(weakToken == nil)
    }
}
