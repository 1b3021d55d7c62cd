import Testing
@testable import Streams

@Suite struct FirstTests {
    @Test func requestsUnlimitedAndSendsTheFirstValueOnceAsked() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        upstream.first().subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        upstream.send(1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.history == [.subscription("First")])
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("First"), .value(1), .completion(.finished)])
        upstream.send(2)
        #expect(subscriber.values == [1])
    }

    @Test func finishesWithoutAValueWhenUpstreamIsEmpty() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Empty<Int, Never>().first().subscribe(subscriber)
        #expect(subscriber.history == [.subscription("First"), .completion(.finished)])
    }

    @Test func failureIsForwardedWithoutDemand() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        upstream.first().subscribe(subscriber)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.completions == [.failure(.oops)])
    }

    // Combine names first(where:)'s subscription "TryFirst" (OpenCombine's FirstTests).
    @Test func firstWhereSkipsValuesUntilThePredicateMatches() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.first { $0 > 2 }.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.history == [.subscription("TryFirst"), .value(3), .completion(.finished)])
    }

    @Test func tryFirstWhereFailsWhenThePredicateThrows() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryFirst { value in
            if value == 2 { throw TestingError.oops }
            return false
        }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func cancelCancelsUpstreamAndDeliversNothing() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.first().subscribe(subscriber)
        subscriber.cancel()
        upstream.send(1)
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("First")])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
