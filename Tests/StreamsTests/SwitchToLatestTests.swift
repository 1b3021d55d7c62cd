import Dispatch
import Synchronization
import Testing
@testable import Streams

@Suite struct SwitchToLatestTests {
    typealias Inner = PassthroughSubject<Int, TestingError>

    @Test func sendsOnlyTheValuesOfTheLatestInnerPublisher() {
        let outer = PassthroughSubject<Inner, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)

        let first = Inner(), second = Inner()
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        first.send(completion: .failure(.oops))
        second.send(3)
        #expect(subscriber.history.map(\.description) == ["subscription(SwitchToLatest)", "value(1)", "value(3)"])
    }

    @Test func requestsUnlimitedFromTheOuterAndTheOutstandingDemandFromEachInner() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(43))
        outer.switchToLatest().subscribe(subscriber)
        #expect(outer.subscription.history == [.requested(.unlimited)])

        let first = TestPublisher<Int, TestingError>()
        outer.send(first)
        #expect(first.subscription.history == [.requested(.max(43))])
        first.send(1)
        first.send(2)
        subscriber.request(.max(10))
        #expect(first.subscription.history == [.requested(.max(43)), .requested(.max(10))])

        let second = TestPublisher<Int, TestingError>()
        outer.send(second)
        #expect(first.subscription.isCancelled, "the previous inner is cancelled first")
        #expect(second.subscription.history == [.requested(.max(51))])
        subscriber.request(.max(9))
        #expect(second.subscription.history == [.requested(.max(51)), .requested(.max(9))])
    }

    @Test func downstreamsReturnedDemandIsCountedAndReturnedToTheInner() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1), receiveValueDemand: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        let first = TestPublisher<Int, TestingError>()
        outer.send(first)
        #expect(first.send(1) == .max(2))

        let second = TestPublisher<Int, TestingError>()
        outer.send(second)
        #expect(second.subscription.history == [.requested(.max(2))])
    }

    @Test func anInnerWithNoDemandIsNotAskedForAnything() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>()
        outer.switchToLatest().subscribe(subscriber)
        let inner = TestPublisher<Int, TestingError>()
        outer.send(inner)
        #expect(inner.subscription.history.isEmpty)
    }

    @Test func whenTheOuterFinishesFirstTheInnerKeepsDeliveringAndEndsTheStream() {
        let outer = PassthroughSubject<Inner, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        outer.send(inner)
        outer.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        inner.send(1)
        inner.send(completion: .finished)
        #expect(subscriber.history.map(\.description) == ["subscription(SwitchToLatest)", "value(1)", "finished"])
    }

    @Test func theOuterFinishingWithNoInnerFinishesAtOnce() {
        let outer = PassthroughSubject<Inner, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        outer.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }

    @Test func theOuterFinishingWhileTheInnerIsNotYetSubscribedWaitsForIt() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = TestPublisher<Int, TestingError>(deliversSubscription: false)
        outer.send(inner)
        outer.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        inner.sendSubscription()
        #expect(inner.subscription.history == [.requested(.unlimited)])
        inner.send(5)
        inner.send(completion: .finished)
        #expect(subscriber.values == [5])
        #expect(subscriber.completions == [.finished])
    }

    @Test func anInnerFinishingWhileTheOuterIsAliveSendsNothing() {
        let outer = PassthroughSubject<Inner, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        outer.send(inner)
        inner.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        let next = Inner()
        outer.send(next)
        next.send(7)
        #expect(subscriber.values == [7])
    }

    @Test func anInnerFailureCancelsTheOuterAndFails() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = TestPublisher<Int, TestingError>()
        outer.send(inner)
        inner.send(completion: .failure(.oops))
        #expect(outer.subscription.isCancelled)
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func anOuterFailureCancelsTheInnerAndFails() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = TestPublisher<Int, TestingError>()
        outer.send(inner)
        outer.send(completion: .failure(.other))
        #expect(inner.subscription.isCancelled)
        #expect(subscriber.completions == [.failure(.other)])
        // Quirk kept from Combine: an inner that ignores its cancel still gets through.
        inner.send(1)
        #expect(subscriber.history.map(\.description).suffix(2) == ["failure(other)", "value(1)"])
    }

    @Test func cancelCancelsTheOuterAndTheInnerAndLaterOuterValuesSubscribeNothing() {
        let outer = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = TestPublisher<Int, TestingError>()
        outer.send(inner)
        subscriber.cancel()
        #expect(outer.subscription.isCancelled)
        #expect(inner.subscription.isCancelled)
        let late = TestPublisher<Int, TestingError>()
        outer.send(late)
        #expect(!late.hasSubscriber)
    }

    // OpenCombine's testCancelCancels, checked against Combine: the current
    // inner is cancelled first, then the outer; nothing arrives afterwards.
    @Test func aCancelCancelsTheCurrentInnerBeforeTheOuter() {
        let scheduler = DispatchQueue.test
        let cancels = Mutex<[String]>([])
        let outer = PassthroughSubject<Int, Never>()
        let subscriber = TimelineSubscriber<Int, Never>(scheduler: scheduler)
        outer
            .handleEvents(receiveCancel: { cancels.withLock { $0.append("outer") } })
            .map { value in
                Just(value)
                    .delay(for: .milliseconds(10), scheduler: scheduler)
                    .handleEvents(receiveCancel: { cancels.withLock { $0.append("inner \(value)") } })
            }
            .switchToLatest()
            .subscribe(subscriber)

        outer.send(1)
        scheduler.advance(by: .milliseconds(10))
        outer.send(2)
        scheduler.advance(by: .milliseconds(5))
        subscriber.cancel()
        subscriber.cancel()
        scheduler.advance(by: .milliseconds(20))
        #expect(subscriber.timeline == ["value(1)@10"])
        // Inner 1 had finished; inner 2 was waiting for its delay.
        #expect(cancels.withLock { $0 } == ["inner 2", "outer"])
    }

    // Combine: downstream gets its subscription before the outer publisher is subscribed.
    @Test func downstreamGetsItsSubscriptionBeforeTheOuterIsSubscribed() {
        let outer = TestPublisher<TestPublisher<Int, Never>, Never>()
        var outerSubscribedFirst: Bool?
        let subscriber = TrackingSubscriber<Int, Never>(onSubscription: { _ in
            outerSubscribedFirst = outer.hasSubscriber
        })
        outer.switchToLatest().subscribe(subscriber)
        #expect(outerSubscribedFirst == false)
        #expect(subscriber.history.map(\.description) == ["subscription(SwitchToLatest)"])
        #expect(outer.subscription.history == [.requested(.unlimited)])
    }

    @Test func aCancelBeforeTheOutersSubscriptionArrivesCancelsIt() {
        let outer = TestPublisher<TestPublisher<Int, Never>, Never>(deliversSubscription: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        subscriber.cancel()
        outer.sendSubscription()
        #expect(outer.subscription.history == [.cancelled])
    }

    @Test func justInnersUnderANeverFailingOuter() {
        let outer = PassthroughSubject<Just<Int>, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        for value in 1...3 { outer.send(Just(value)) }
        outer.send(completion: .finished)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aNeverFailingOuterTakesOnTheInnersFailureType() {
        let outer = PassthroughSubject<Inner, Never>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = Inner()
        outer.send(inner)
        inner.send(completion: .failure(.oops))
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func neverFailingInnersTakeOnTheOutersFailureType() {
        let outer = PassthroughSubject<Just<Int>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        outer.send(Just(4))
        outer.send(completion: .failure(.oops))
        #expect(subscriber.values == [4])
        #expect(subscriber.completions == [.failure(.oops)])
    }
}
