import Dispatch
import Testing
@testable import Streams

@Suite struct TimeoutTests {
    @Test func silenceForTheIntervalFinishesAndCancelsUpstream() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(4))
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(subscriber.timeline == ["finished@5"])
        #expect(upstream.subscription.isCancelled)
        upstream.send(1)
        scheduler.run()
        #expect(subscriber.timeline == ["finished@5"])
    }

    // Combine re-arms the clock at the first downstream request: a 300 ms
    // timeout whose first request comes at 200 ms fires at 500 ms, not 300.
    @Test func theFirstRequestRestartsTheClock() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler, initialDemand: nil)
        upstream.timeout(.milliseconds(300), scheduler: scheduler, customError: { .oops }).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(200))
        subscriber.request(.max(1))
        scheduler.advance(by: .milliseconds(299))
        #expect(subscriber.timeline.isEmpty)
        #expect(upstream.subscription.history == [.requested(.max(1))])
        // A later request does not restart it.
        subscriber.request(.max(1))
        scheduler.advance(by: .milliseconds(1))
        #expect(subscriber.timeline == ["failure(oops)@500"])
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(1)), .cancelled])
    }

    // Combine arms the clock when upstream's subscription arrives, not when the
    // operator is subscribed: a late subscription starts it late.
    @Test func theClockStartsWhenUpstreamsSubscriptionArrives() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>(deliversSubscription: false)
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(7))
        #expect(subscriber.timeline.isEmpty)
        upstream.sendSubscription()
        scheduler.advance(by: .milliseconds(4))
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(subscriber.timeline == ["finished@12"])
    }

    // Regression (issue 17 item 3): `.seconds(.max)` wrapped to a negative
    // stride, and subscribing on a dispatch queue crashed.
    @Test func theLongestIntervalMeansAVeryLongTime() {
        let subject = PassthroughSubject<Int, TestingError>()
        let live = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.timeout(.seconds(.max), scheduler: DispatchQueue.global()).subscribe(live)
        #expect(live.history == [.subscription("Timeout")])
        live.cancel()

        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        subject.timeout(.seconds(.max), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(86_400 * 365 * 100))
        subject.send(1)
        scheduler.advance(by: .seconds(86_400 * 365 * 100))
        #expect(subscriber.timeline == ["value(1)@\(86_400_000 * 365 * 100)"])
    }

    @Test func aCustomErrorIsSentOnTimeout() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        subject.timeout(.milliseconds(5), scheduler: scheduler, customError: { .other }).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.timeline == ["failure(other)@5"])
    }

    @Test func everyValueRestartsTheClock() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        subject.timeout(.milliseconds(5), scheduler: scheduler, customError: { .oops }).subscribe(subscriber)

        for value in 1...3 {
            scheduler.advance(by: .milliseconds(3))
            subject.send(value)
        }
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@3", "value(2)@6", "value(3)@9", "failure(oops)@14"])
    }

    @Test func anUpstreamCompletionBeforeTheTimeoutIsDeliveredAndStopsTheClock() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        subject.timeout(.milliseconds(5), scheduler: scheduler, customError: { .oops }).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(2))
        subject.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline == ["finished@2"])
    }

    @Test func demandIsPassedUpstream() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), receiveValueDemand: .max(4))
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        #expect(subscriber.history.first?.description == "subscription(Timeout)")
        upstream.send(1)
        scheduler.advance()
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(4))])
    }

    @Test func cancelStopsTheClock() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        #expect(scheduler.pendingActionCount == 0)
        scheduler.run()
        #expect(subscriber.timeline.isEmpty)
    }

    @Test func aValueStillScheduledWhenUpstreamCompletesArrivesThenTheCompletion() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1), receiveValueDemand: .max(4))
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(1))
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@1", "finished@1"])
        #expect(upstream.subscription.history == [.requested(.max(1))], "neither more demand nor a timeout cancel")
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func aCancelFromInsideADeliveryStopsTheClock() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.timeout(.milliseconds(5), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(scheduler.pendingActionCount == 0)
        scheduler.run()
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
