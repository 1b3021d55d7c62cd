import Testing
@testable import Streams

@Suite struct RemoveDuplicatesTests {
    @Test func dropsConsecutiveDuplicatesAndReplacesTheirDemand() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited, receiveValueDemand: .max(4))
        upstream.removeDuplicates().subscribe(subscriber)
        #expect(upstream.send(1) == .max(4))
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(4))
        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.history == [
            .subscription("RemoveDuplicates"), .value(1), .value(2), .value(1), .completion(.failure(.oops)),
        ])
    }

    @Test func previousIsTheLastReceivedValueIncludingDroppedOnes() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        var comparisons: [(Int, Int)] = []
        upstream.removeDuplicates { previous, current in
            comparisons.append((previous, current))
            return previous >= current
        }.subscribe(subscriber)
        upstream.send(50)
        upstream.send(30)
        upstream.send(10)
        upstream.send(20)
        #expect(subscriber.values == [50, 20])
        #expect(comparisons.map { "\($0.0)>=\($0.1)" } == ["50>=30", "30>=10", "10>=20"])
    }

    @Test func forwardsRequestsAndCancelOnce() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.removeDuplicates().subscribe(subscriber)
        subscriber.request(.max(3))
        subscriber.cancel()
        subscriber.cancel()
        upstream.send(1)
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(3)), .cancelled])
        #expect(subscriber.values.isEmpty)
    }

    @Test func passesCompletionOnce() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.removeDuplicates().subscribe(subscriber)
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        upstream.send(1)
        #expect(subscriber.history == [.subscription("RemoveDuplicates"), .completion(.finished)])
    }

    @Test func tryRemoveDuplicatesFailsWhenThePredicateThrows() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        upstream.tryRemoveDuplicates { previous, current in
            if current == 3 { throw TestingError.oops }
            return previous == current
        }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(1)
        upstream.send(3)
        upstream.send(4)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func endToEndWithASubjectAndLimitedDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        subject.removeDuplicates().subscribe(subscriber)
        for value in [1, 1, 1, 2, 2, 3, 4] { subject.send(value) }
        #expect(subscriber.values == [1, 2])
    }
}
