import Testing
@testable import Streams

@Suite struct DeferredTests {
    @Test func makesAPublisherPerSubscriberAtSubscribeTime() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made)
        }
        #expect(made == 0)
        let first = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        let second = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(made == 2)
        #expect(first.values == [1])
        #expect(second.values == [2])
    }

    @Test func theSubscriberSeesTheInnerPublishersOwnSubscription() {
        let upstream = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        Deferred { upstream }.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("TestSubscription")])
    }
}
