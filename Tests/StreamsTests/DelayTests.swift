import Dispatch
import Testing
@testable import Streams

@Suite struct DelayTests {
    @Test func everyValueAndTheCompletionArriveOneIntervalLater() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(5))
        subject.send(2)
        scheduler.advance(by: .milliseconds(2))
        subject.send(completion: .finished)
        scheduler.advance(by: .milliseconds(9))
        #expect(subscriber.timeline == ["value(1)@10", "value(2)@15"])
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@10", "value(2)@15", "finished@17"])
    }

    @Test func aFailureIsDelayedToo() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.delay(for: .milliseconds(3), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .failure(.oops))
        upstream.send(1)
        scheduler.run()
        #expect(subscriber.timeline == ["failure(oops)@3"])
    }

    @Test func requestsGoUpstreamAndReturnedDemandIsRequestedOnDelivery() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2), receiveValueDemand: .max(1))
        upstream.delay(for: .milliseconds(3), scheduler: scheduler).subscribe(subscriber)
        #expect(subscriber.history.first?.description == "subscription(Delay)")
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        scheduler.run()
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(1))])
    }

    @Test func cancelDropsWhatIsStillDelayed() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.delay(for: .milliseconds(3), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline.isEmpty)
    }

    @Test func aValueStillDelayedWhenUpstreamCompletesArrivesButRequestsNothingMore() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1), receiveValueDemand: .max(3))
        upstream.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance(by: .milliseconds(5))
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@10", "finished@15"])
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    @Test func aCancelFromInsideADeliveryDropsWhatIsStillDelayed() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.delay(for: .milliseconds(3), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        scheduler.advance(by: .milliseconds(3))
        #expect(subscriber.values == [1])
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
    }

    @Test func aRequestFromInsideADeliveryGoesUpstreamAtOnce() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.requestingOnValue(.max(2), initialDemand: .max(1))
        upstream.delay(for: .milliseconds(3), scheduler: scheduler).subscribe(subscriber)
        upstream.send(1)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
    }

    // Regression (issue 17 item 3): `.seconds(.max)` wrapped to a negative
    // stride, and the value was delivered at once.
    @Test func theLongestIntervalMeansAVeryLongTime() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.delay(for: .seconds(.max), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.advance()
        scheduler.advance(by: .seconds(86_400 * 365 * 100))
        #expect(subscriber.timeline.isEmpty)
        #expect(scheduler.pendingActionCount == 1)
    }
}
