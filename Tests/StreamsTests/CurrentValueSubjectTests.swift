import Dispatch
import Testing
@testable import Streams

@Suite struct CurrentValueSubjectTests {
    @Test func deliversTheCurrentValueOnTheFirstRequestNotOnSubscribe() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("CurrentValueSubject")])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1])
        subject.send(2)
        #expect(subscriber.values == [1, 2])
    }

    @Test func lateSubscriberGetsTheLatestValue() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(2)
        subject.value = 3
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        #expect(subscriber.values == [3])
    }

    @Test func everySendAndAssignmentEmitsEqualValuesIncluded() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(1)
        subject.value = 1
        #expect(subscriber.values == [0, 1, 1, 1])
        #expect(subject.value == 1)
    }

    @Test func aSubscriberWithoutDemandGetsTheCurrentValueOnItsNextRequest() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [0])
        subscriber.request(.max(2))
        #expect(subscriber.values == [0, 2])
        subject.send(3)
        #expect(subscriber.values == [0, 2, 3])
    }

    @Test func afterCompletionSendIsIgnoredButAssignmentChangesTheValueSilently() {
        let subject = CurrentValueSubject<Int, TestingError>(1)
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        subject.send(completion: .failure(.oops))
        subject.send(2)
        #expect(subject.value == 1)
        subject.value = 3
        #expect(subject.value == 3)
        subject.send(completion: .finished)
        #expect(subscriber.history == [
            .subscription("CurrentValueSubject"), .value(1), .completion(.failure(.oops)),
        ])
    }

    @Test func lateSubscriberAfterCompletionGetsEmptyAndTheCompletion() {
        let subject = CurrentValueSubject<Int, TestingError>(1)
        subject.send(completion: .finished)
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        subject.subscribe(subscriber)
        #expect(subscriber.history == [.subscription("Empty"), .completion(.finished)])
    }

    @Test func sendSubscriptionRequestsUnlimitedAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = TestSubscription()
        subject.send(subscription: upstream)
        #expect(upstream.history == [.requested(.unlimited)])
    }

    @Test func currentValueIsDeliveredReentrantlyInsideRequest() {
        let subject = CurrentValueSubject<Int, Never>(7)
        var seenDuringRequest: [Int] = []
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subscriber.request(.max(1))
        seenDuringRequest = subscriber.values
        #expect(seenDuringRequest == [7])
    }

    @Test func cancelStopsDeliveryAndReleasesTheSubscriber() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        let subject = CurrentValueSubject<Int, Never>(0)
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
            subscriber.cancel()
            subject.send(1)
            #expect(subscriber.values == [0])
        }
        #expect(weakSubscriber == nil)
    }

    @Test func concurrentSendsAreAllDelivered() {
        let subject = CurrentValueSubject<Int, Never>(-1)
        let received = ValueCollector<Int>()
        let cancellable = subject.sink { received.append($0) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 { subject.send(thread * 2_000 + index) }
        }
        #expect(received.values.sorted() == [-1] + Array(0..<8_000))
        withExtendedLifetime(cancellable) {}
    }
}
