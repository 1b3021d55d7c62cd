import Testing
@testable import Streams

@Suite struct OutputTests {
    // Combine (OpenCombine's OutputTests.testBasicBehavior): the last value in
    // range returns downstream's demand; the next value cancels upstream and
    // then finishes, returning `.none`.
    @Test func prefixFinishesOnTheValueAfterItsLastOne() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(5), receiveValueDemand: .max(1))
        upstream.prefix(2).subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(subscriber.history == [.subscription("Output"), .value(1), .value(2)])
        #expect(upstream.subscription.history == [.requested(.max(5))])
        #expect(upstream.send(3) == .none)
        #expect(upstream.send(4) == .none)
        upstream.send(completion: .finished)
        subscriber.request(.max(1))
        #expect(subscriber.history == [.subscription("Output"), .value(1), .value(2), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.max(5)), .cancelled])
    }

    @Test func outputInRangeFollowsCombinesTimelineEventForEvent() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(receiveValueDemand: .max(42))
        upstream.output(in: 3..<7).subscribe(subscriber)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        #expect(upstream.send(3) == .max(1))
        subscriber.request(.max(31))
        subscriber.request(.max(32))
        #expect([4, 5, 6, 7].map { upstream.send($0) } == [.max(42), .max(42), .max(42), .max(42)])
        #expect(upstream.subscription.history == [.requested(.max(31)), .requested(.max(32))])
        #expect(upstream.send(8) == .none)
        #expect(upstream.send(9) == .none)
        subscriber.request(.max(33))
        subscriber.cancel()
        #expect(subscriber.history == [
            .subscription("Output"), .value(4), .value(5), .value(6), .value(7), .completion(.finished),
        ])
        #expect(upstream.subscription.history == [.requested(.max(31)), .requested(.max(32)), .cancelled])
    }

    // Combine cancels upstream before it finishes downstream.
    @Test func upstreamIsCancelledBeforeDownstreamFinishes() {
        let upstream = TestPublisher<Int, Never>()
        var cancelledAtFinish: Bool?
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited, onCompletion: { _ in
            cancelledAtFinish = upstream.subscription.isCancelled
        })
        upstream.output(at: 0).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        #expect(cancelledAtFinish == true)
    }

    @Test func prefixZeroFinishesOnUpstreamsFirstValue() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.prefix(0).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Output")])
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(upstream.send(1) == .none)
        #expect(subscriber.history == [.subscription("Output"), .completion(.finished)])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }

    @Test func prefixPassesAnEarlierCompletion() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(1).prefix(3).subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Output"), .value(1), .completion(.finished)])
        let exact = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(1).prefix(1).subscribe(exact)
        #expect(exact.history == [.subscription("Output"), .value(1), .completion(.finished)])
    }

    @Test func outputInRangeSkipsEarlierValuesReplacingTheirDemand() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.output(in: 1..<3).subscribe(subscriber)
        #expect(upstream.send(10) == .max(1))
        upstream.send(11)
        upstream.send(12)
        #expect(subscriber.completions.isEmpty)
        upstream.send(13)
        #expect(subscriber.values == [11, 12])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        let single = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        let subject = PassthroughSubject<Int, Never>()
        subject.output(at: 2).subscribe(single)
        for value in 0..<5 { subject.send(value) }
        #expect(single.history == [.subscription("Output"), .value(2), .completion(.finished)])
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
