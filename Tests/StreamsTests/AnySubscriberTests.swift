import Testing
@testable import Streams

@Suite struct AnySubscriberTests {
    @Test func forwardsEveryEventToTheWrappedSubscriber() {
        let tracking = TrackingSubscriber<Int, TestingError>(receiveValueDemand: .max(3))
        let erased = AnySubscriber(tracking)
        let subscription = TestSubscription()
        erased.receive(subscription: subscription)
        #expect(erased.receive(5) == .max(3))
        erased.receive(completion: .failure(.oops))
        #expect(tracking.history == [.subscription("TestSubscription"), .value(5), .completion(.failure(.oops))])
        #expect(erased.combineIdentifier == tracking.combineIdentifier)
        #expect(erased.description == "TrackingSubscriber")
    }

    @Test func wrappingAnAnySubscriberKeepsItsIdentity() {
        let erased = AnySubscriber(TrackingSubscriber<Int, Never>())
        let again = AnySubscriber(erased)
        #expect(again.combineIdentifier == erased.combineIdentifier)
        #expect(again.box === erased.box)
    }

    @Test func closuresReceiveTheEvents() {
        var events: [String] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { _ in events.append("subscription") },
            receiveValue: { events.append("value \($0)"); return .max(1) },
            receiveCompletion: { _ in events.append("finished") }
        )
        subscriber.receive(subscription: Subscriptions.empty)
        #expect(subscriber.receive(1) == .max(1))
        subscriber.receive(completion: .finished)
        #expect(events == ["subscription", "value 1", "finished"])
        #expect(subscriber.description == "Anonymous AnySubscriber")
        #expect(AnySubscriber<Int, Never>().receive(1) == .none)
    }

    @Test func aSubjectAsSubscriberRelaysEvents() {
        let subject = PassthroughSubject<Int, Never>()
        let downstream = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(downstream)
        let relay = AnySubscriber(subject)
        let upstream = TestSubscription()
        relay.receive(subscription: upstream)
        #expect(upstream.history == [.requested(.unlimited)])
        #expect(relay.receive(7) == .none)
        relay.receive(completion: .finished)
        #expect(downstream.history == [.subscription("PassthroughSubject"), .value(7), .completion(.finished)])
    }
}
