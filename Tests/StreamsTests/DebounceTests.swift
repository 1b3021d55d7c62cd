import Dispatch
import Testing
@testable import Streams

@Suite struct DebounceTests {
    @Test func onlyTheLastValueOfABurstIsSentOnceTheDueTimePasses() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.debounce(for: .milliseconds(13), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(4))
        subject.send(2)
        scheduler.advance(by: .milliseconds(5))
        subject.send(3)
        scheduler.advance(by: .milliseconds(12))
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(subscriber.timeline == ["value(3)@22"])
        scheduler.advance(by: .milliseconds(100))
        #expect(subscriber.timeline == ["value(3)@22"])
    }

    @Test func separateQuietPeriodsEachSendTheirValue() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(15))
        subject.send(2)
        scheduler.advance(by: .milliseconds(3))
        subject.send(3)
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@10", "value(3)@28"])
    }

    @Test func requestsUnlimitedUpstreamAndOnlyCountsDownstreamDemand() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.debounce(for: .milliseconds(1), scheduler: scheduler).subscribe(subscriber)

        subscriber.request(.max(5))
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(subscriber.history.first?.description == "subscription(Debounce)")
    }

    @Test func aValueThatFallsDueWithoutDemandIsDroppedNotBuffered() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: nil)
        subject.debounce(for: .milliseconds(5), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(5))
        #expect(subscriber.timeline.isEmpty)
        subscriber.request(.max(3))
        scheduler.advance(by: .milliseconds(5))
        #expect(subscriber.timeline.isEmpty, "value 1 was dropped, not kept for the request")

        for value in 2...5 {
            subject.send(value)
            scheduler.advance(by: .milliseconds(5))
        }
        #expect(subscriber.timeline == ["value(2)@15", "value(3)@20", "value(4)@25"])
    }

    @Test func finishingDropsThePendingValueAndDeliversThroughTheScheduler() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(3))
        subject.send(completion: .finished)
        #expect(subscriber.timeline.isEmpty, "the completion is scheduled, not sent synchronously")
        scheduler.advance()
        #expect(subscriber.timeline == ["finished@3"])
        scheduler.run()
        #expect(subscriber.timeline == ["finished@3"])
    }

    @Test func failingDropsThePendingValueAndIgnoresLaterEvents() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance(by: .milliseconds(2))
        upstream.send(completion: .failure(.oops))
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline == ["failure(oops)@2"])
    }

    @Test func cancelStopsThePendingValueAndCancelsUpstream() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        #expect(scheduler.pendingActionCount == 0, "the timer is cancelled")
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline.isEmpty)
    }

    @Test func cancelBeforeAScheduledCompletionDeliversNothing() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        upstream.send(completion: .finished)
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.timeline.isEmpty)
    }

    @Test func anImmediateSchedulerDeliversSynchronously() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.debounce(for: .seconds(1), scheduler: ImmediateScheduler.shared).subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [1, 2])
    }

    @Test func demandRequestedFromInsideADeliveryLetsTheNextValueThrough() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.requestingOnValue(.max(1), initialDemand: .max(1))
        subject.debounce(for: .milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(5))
        subject.send(2)
        scheduler.advance(by: .milliseconds(5))
        #expect(subscriber.values == [1, 2])
    }

    @Test func aCompletionJustBeforeTheTimerFiresDropsThePendingValue() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        // Scheduled first, so it runs before the timer due at the same moment.
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(10)), tolerance: .zero, options: nil) {
            subject.send(completion: .finished)
        }
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.run()
        #expect(subscriber.timeline == ["finished@10"])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func aCancelFromInsideADeliveryStopsEverything() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.debounce(for: .milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(5))
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(scheduler.pendingActionCount == 0)
    }

    // Regression (issue 17 item 3): `.seconds(.max)` wrapped to a negative
    // stride, and the first value crashed on a dispatch queue.
    @Test func theLongestDueTimeMeansAVeryLongTime() {
        let subject = PassthroughSubject<Int, Never>()
        let live = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.debounce(for: .seconds(.max), scheduler: DispatchQueue.global()).subscribe(live)
        subject.send(1)
        live.cancel()
        #expect(live.history == [.subscription("Debounce")])

        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.debounce(for: .seconds(.max), scheduler: scheduler).subscribe(subscriber)
        subject.send(2)
        scheduler.advance(by: .seconds(86_400 * 365 * 100))
        #expect(subscriber.timeline.isEmpty)
        subject.send(completion: .finished)
        scheduler.advance()
        #expect(subscriber.timeline == ["finished@\(86_400_000 * 365 * 100)"])
    }
}
