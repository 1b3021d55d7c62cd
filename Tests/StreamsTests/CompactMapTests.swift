import Testing
@testable import Streams

@Suite struct CompactMapTests {
    @Test func passesNonNilResultsAndReplacesDemandForNils() {
        let upstream = TestPublisher<String, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(2), receiveValueDemand: .max(3))
        upstream.compactMap { Int($0) }.subscribe(subscriber)
        #expect(upstream.send("x") == .max(1))
        #expect(upstream.send("4") == .max(3))
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [.subscription("TestSubscription"), .value(4), .completion(.failure(.oops))])
    }

    @Test func fusesWithFollowingCompactMapAndMap() {
        let subject = PassthroughSubject<String, Never>()
        let fused: Publishers.CompactMap<PassthroughSubject<String, Never>, String> = subject
            .compactMap { Int($0) }
            .compactMap { $0 > 0 ? $0 : nil }
            .map { "n\($0)" }
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .unlimited)
        fused.subscribe(subscriber)
        for text in ["1", "a", "-2", "3"] { subject.send(text) }
        #expect(subscriber.values == ["n1", "n3"])
    }

    @Test func tryCompactMapFailsWhenTheTransformThrows() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryCompactMap { value -> Int? in
            if value == 3 { throw TestingError.oops }
            return value == 1 ? nil : value
        }.subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
