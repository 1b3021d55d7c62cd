import Testing
@testable import Streams

@Suite struct OutputTests {
    @Test func prefixSendsTheFirstValuesThenFinishesAndCancelsUpstream() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(5), receiveValueDemand: .max(1))
        upstream.prefix(2).subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .none)
        upstream.send(3)
        upstream.send(completion: .finished)
        #expect(subscriber.history == [.subscription("Prefix"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(5)), .cancelled])
    }

    @Test func prefixZeroFinishesAtOnce() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.prefix(0).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Empty"), .completion(.finished)])
        #expect(upstream.subscription.history == [.cancelled])
    }

    @Test func prefixPassesAnEarlierCompletion() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(1).prefix(3).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Prefix"), .value(1), .completion(.finished)])
    }

    @Test func outputInRangeSkipsEarlierValuesReplacingTheirDemand() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.output(in: 1..<3).subscribe(subscriber)
        #expect(upstream.send(10) == .max(1))
        upstream.send(11)
        upstream.send(12)
        upstream.send(13)
        #expect(subscriber.values == [11, 12])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        let single = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        let subject = PassthroughSubject<Int, Never>()
        subject.output(at: 2).subscribe(single)
        for value in 0..<5 { subject.send(value) }
        #expect(single.values == [2])
    }

    @Test func honoursDemandAndCancel() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.prefix(5).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.cancel()
        subject.send(3)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func cancelLetsGoOfASubscriberThatKeepsItsSubscription() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            subject.removeDuplicates().prefix(3).subscribe(subscriber)
            subject.send(1)
            subscriber.cancel()
        }
        #expect(weakSubscriber == nil)
    }
}
