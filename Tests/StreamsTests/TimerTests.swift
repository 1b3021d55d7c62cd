import Dispatch
import Testing
@testable import Streams

@Suite struct TimerTests {
    @Test func ticksEveryIntervalStartingOneIntervalAfterSubscription() {
        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<String, Never>(scheduler: scheduler)
        scheduler.advance(by: .milliseconds(5))
        let start = scheduler.now
        scheduler.timerPublisher(every: .seconds(1))
            .map { "\(start.distance(to: $0).magnitude / 1_000_000)ms" }
            .subscribe(subscriber)

        scheduler.advance(by: .milliseconds(999))
        #expect(subscriber.timeline.isEmpty)
        scheduler.advance(by: .milliseconds(2_001))
        #expect(subscriber.timeline == ["value(1000ms)@1005", "value(2000ms)@2005", "value(3000ms)@3005"])
    }

    @Test func aTickWithoutDemandIsDroppedNotDeliveredLater() {
        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: nil)
        scheduler.timerPublisher(every: .milliseconds(10)).map { _ in 1 }.subscribe(subscriber)

        scheduler.advance(by: .milliseconds(35))
        subscriber.request(.max(1))
        scheduler.advance(by: .milliseconds(30))
        #expect(subscriber.timeline == ["value(1)@40"], "three ticks came without demand; one was asked for")
    }

    @Test func demandReturnedFromReceiveKeepsItTicking() {
        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1), receiveValueDemand: .max(1))
        scheduler.timerPublisher(every: .milliseconds(10)).map { _ in 0 }.subscribe(subscriber)

        scheduler.advance(by: .milliseconds(30))
        #expect(subscriber.timeline == ["value(0)@10", "value(0)@20", "value(0)@30"])
    }

    @Test func cancellingStopsTheTicksAndFreesTheScheduler() {
        let scheduler = DispatchQueue.test
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        scheduler.timerPublisher(every: .milliseconds(10)).map { _ in 0 }.subscribe(subscriber)

        scheduler.advance(by: .milliseconds(15))
        subscriber.cancel()
        scheduler.advance(by: .milliseconds(50))
        #expect(subscriber.timeline == ["value(0)@10"])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test func eachSubscriptionHasItsOwnTimer() {
        let scheduler = DispatchQueue.test
        let timer = scheduler.timerPublisher(every: .milliseconds(10)).map { _ in 0 }
        let first = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        timer.subscribe(first)
        scheduler.advance(by: .milliseconds(5))
        let second = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        timer.subscribe(second)
        scheduler.advance(by: .milliseconds(20))
        #expect(first.timeline == ["value(0)@10", "value(0)@20"])
        #expect(second.timeline == ["value(0)@15", "value(0)@25"])
    }

    @Test func describesItselfAsTimer() {
        let scheduler = DispatchQueue.test
        let subscriber = TrackingSubscriber<DispatchQueue.SchedulerTimeType, Never>()
        scheduler.timerPublisher(every: .seconds(1)).subscribe(subscriber)
        #expect(subscriber.history.first?.description == "subscription(Timer)")
    }
}
