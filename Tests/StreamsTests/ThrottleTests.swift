import Dispatch
import Testing
@testable import Streams

@Suite struct ThrottleTests {
    @Test func theFirstValueGoesOutNowAndLaterOnesWaitForTheInterval() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.throttle(for: .milliseconds(60), scheduler: scheduler, latest: true).subscribe(subscriber)

        subject.send(1)
        #expect(subscriber.timeline.isEmpty, "even the first value goes through the scheduler")
        scheduler.advance(by: .milliseconds(45))
        subject.send(2)
        scheduler.advance(by: .milliseconds(76))
        subject.send(3)
        scheduler.advance()
        #expect(subscriber.timeline == ["value(1)@0", "value(2)@60", "value(3)@121"])
    }

    @Test func latestTrueSendsTheMostRecentValueOfTheInterval() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.throttle(for: .milliseconds(50), scheduler: scheduler, latest: true).subscribe(subscriber)

        subject.send(0)
        scheduler.advance(by: .milliseconds(10))
        for value in 1...3 {
            subject.send(value)
            scheduler.advance(by: .milliseconds(10))
        }
        scheduler.run()
        #expect(subscriber.timeline == ["value(0)@0", "value(3)@50"])
    }

    @Test func latestFalseSendsTheFirstValueOfTheInterval() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.throttle(for: .milliseconds(50), scheduler: scheduler, latest: false).subscribe(subscriber)

        subject.send(0)
        scheduler.advance(by: .milliseconds(10))
        for value in [1, 5, 6] {
            subject.send(value)
            scheduler.advance(by: .milliseconds(10))
        }
        scheduler.run()
        #expect(subscriber.timeline == ["value(0)@0", "value(1)@50"])
    }

    @Test func aValueArrivingWithoutDemandIsDropped() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: nil)
        subject.throttle(for: .milliseconds(10), scheduler: scheduler, latest: true).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(20))
        subscriber.request(.max(1))
        subject.send(2)
        scheduler.advance(by: .milliseconds(20))
        subject.send(3)
        scheduler.advance(by: .milliseconds(20))
        #expect(subscriber.timeline == ["value(2)@20"])
    }

    @Test func requestsUnlimitedUpstreamBeforeDownstreamGetsItsSubscription() {
        let scheduler = DispatchQueue.test
        let order = ValueCollector<String>()
        let upstream = TestPublisher<Int, Never>(subscription: TestSubscription(onRequest: { order.append("upstream \($0)") }))
        let subscriber = TrackingSubscriber<Int, Never>(onSubscription: { _ in order.append("downstream subscribed") })
        upstream.throttle(for: .milliseconds(1), scheduler: scheduler, latest: false).subscribe(subscriber)
        #expect(order.values == ["upstream unlimited", "downstream subscribed"])
        #expect(subscriber.history.first?.description == "subscription(Throttle)")
    }

    @Test func aCompletionWhileAValueWaitsIsDeliveredRightAfterIt() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        subject.throttle(for: .milliseconds(30), scheduler: scheduler, latest: true).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: .milliseconds(5))
        subject.send(1000)
        subject.send(completion: .finished)
        subject.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline == ["value(1)@0", "value(1000)@30", "finished@30"])
    }

    @Test func aCompletionWithNothingWaitingIsScheduledNow() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TimelineSubscriber<Int, TestingError>(scheduler: scheduler)
        upstream.throttle(for: .milliseconds(30), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(7))
        upstream.send(completion: .failure(.oops))
        upstream.send(1)
        #expect(subscriber.timeline.isEmpty)
        scheduler.run()
        #expect(subscriber.timeline == ["failure(oops)@7"])
    }

    @Test func cancelMakesScheduledEmissionsDoNothing() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .milliseconds(30), scheduler: scheduler, latest: true).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.timeline.isEmpty)
    }

    @Test func anImmediateSchedulerDeliversValuesSentReentrantly() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject
            .throttle(for: .seconds(1), scheduler: ImmediateScheduler.shared, latest: true)
            .sink { value in
                received.append(value)
                if value < 4 { subject.send(value + 1) }
            }
        subject.send(1)
        #expect(received == [1, 2, 3, 4])
        cancellable.cancel()
    }

    @Test func demandRequestedFromInsideADeliveryLetsTheNextValueThrough() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.requestingOnValue(.max(1), initialDemand: .max(1))
        subject.throttle(for: .milliseconds(10), scheduler: scheduler, latest: true).subscribe(subscriber)
        subject.send(1)
        scheduler.advance()
        subject.send(2)
        scheduler.run()
        #expect(subscriber.values == [1, 2])
    }

    @Test func aCancelFromInsideADeliveryStopsLaterEmissions() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>.cancellingOnValue()
        upstream.throttle(for: .milliseconds(10), scheduler: scheduler, latest: true).subscribe(subscriber)
        upstream.send(1)
        scheduler.advance()
        upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription.history == [.requested(.unlimited), .cancelled])
    }
}
