import Dispatch
import Testing
@testable import Streams

@Suite struct SubscribeOnTests {
    @Test func subscribingRequestingAndCancellingHappenOnTheScheduler() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.subscribe(on: scheduler).subscribe(subscriber)

        #expect(!upstream.hasSubscriber)
        scheduler.advance()
        #expect(upstream.hasSubscriber)
        #expect(subscriber.history.first?.description == "subscription(SubscribeOn)")
        // The initial request was scheduled during that advance, and ran in it.
        #expect(upstream.subscription.history == [.requested(.max(2))])
        subscriber.request(.max(3))
        #expect(upstream.subscription.history == [.requested(.max(2))], "the request waits for the scheduler")
        scheduler.advance()
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(3))])

        subscriber.cancel()
        #expect(!upstream.subscription.isCancelled)
        scheduler.advance()
        #expect(upstream.subscription.isCancelled)
    }

    @Test func valuesAndTheCompletionPassStraightThrough() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited, receiveValueDemand: .max(1))
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        #expect(upstream.send(1) == .max(1))
        upstream.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aCancelledSubscriberReceivesNothingMore() {
        let scheduler = DispatchQueue.test
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        subscriber.cancel()
        upstream.send(1)
        #expect(subscriber.values.isEmpty)
    }
}
