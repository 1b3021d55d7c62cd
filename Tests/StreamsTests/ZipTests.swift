import Testing
@testable import Streams

@Suite struct ZipTests {
    @Test func pairsValuesInOrder() {
        let numbers = PassthroughSubject<Int, TestingError>(), letters = PassthroughSubject<String, TestingError>()
        let subscriber = TrackingSubscriber<String, TestingError>(initialDemand: .unlimited)
        numbers.zip(letters) { "\($0)\($1)" }.subscribe(subscriber)
        numbers.send(1)
        numbers.send(2)
        letters.send("a")
        letters.send("b")
        letters.send("c")
        #expect(subscriber.values == ["1a", "2b"])
    }

    @Test func requestsGoToEveryUpstreamAndTheCompletingOneGetsTheDemandBack() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestingError>(initialDemand: .max(2), receiveValueDemand: .max(3))
        a.zip(b).subscribe(subscriber)
        #expect(subscriber.history.first.map { "\($0)" } == "subscription(Zip)")
        #expect(a.subscription.history == [.requested(.max(2))])
        #expect(b.subscription.history == [.requested(.max(2))])
        #expect(a.send(1) == .none)
        #expect(b.send(1) == .max(3))
    }

    @Test func aRequestDuringDeliveryIsReturnedToTheDeliveringUpstream() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        var subscription: Subscription?
        let subscriber = TrackingSubscriber<(Int, Int), TestingError>(
            initialDemand: .max(1),
            onSubscription: { subscription = $0 },
            onValue: { _ in subscription?.request(.max(4)) }
        )
        a.zip(b).subscribe(subscriber)
        a.send(1)
        #expect(b.send(2) == .max(4))
        #expect(a.subscription.history == [.requested(.max(1)), .requested(.max(4))])
        #expect(b.subscription.history == [.requested(.max(1))])
    }

    // Combine: the failure is sent first, then every upstream is cancelled,
    // the failed one included.
    @Test func aFailureIsSentThenEveryUpstreamIsCancelledIncludingTheFailedOne() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        var cancelledAtFailure: [Bool] = []
        let subscriber = TrackingSubscriber<(Int, Int), TestingError>(initialDemand: .unlimited, onCompletion: { _ in
            cancelledAtFailure = [a.subscription.isCancelled, b.subscription.isCancelled]
        })
        a.zip(b).subscribe(subscriber)
        a.send(1)
        b.send(completion: .failure(.oops))
        #expect(cancelledAtFailure == [false, false])
        #expect(a.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(b.subscription.history == [.requested(.unlimited), .cancelled])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    // Combine: the completion is sent first, then the other upstream is cancelled.
    @Test func finishingWithNothingQueuedFinishesAtOnceThenCancelsTheOthers() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        var cancelledAtFinish: Bool?
        let subscriber = TrackingSubscriber<(Int, Int), TestingError>(initialDemand: .unlimited, onCompletion: { _ in
            cancelledAtFinish = b.subscription.isCancelled
        })
        a.zip(b).subscribe(subscriber)
        b.send(1)
        a.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
        #expect(cancelledAtFinish == false)
        #expect(a.subscription.history == [.requested(.unlimited)])
        #expect(b.subscription.history == [.requested(.unlimited), .cancelled])
    }

    // Combine: every upstream is subscribed first; downstream gets its
    // subscription when the last upstream's subscription arrives.
    @Test func downstreamGetsItsSubscriptionOnceEveryUpstreamHasSentItsOwn() {
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>(deliversSubscription: false)
        var subscribedWhenDownstreamWasTold: [Bool] = []
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .max(2), onSubscription: { _ in
            subscribedWhenDownstreamWasTold = [a.hasSubscriber, b.hasSubscriber]
        })
        a.zip(b).subscribe(subscriber)
        #expect(subscriber.history.isEmpty)
        #expect(a.hasSubscriber && b.hasSubscriber)
        b.sendSubscription()
        #expect(subscribedWhenDownstreamWasTold == [true, true])
        #expect(subscriber.history.map(\.description) == ["subscription(Zip)"])
        #expect(a.subscription.history == [.requested(.max(2))])
        #expect(b.subscription.history == [.requested(.max(2))])
    }

    @Test func queuedValuesStillPairUpBeforeFinishing() {
        let a = PassthroughSubject<Int, TestingError>(), b = PassthroughSubject<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        a.zip(b) { $0 + $1 }.subscribe(subscriber)
        for value in [1, 2, 3] { a.send(value) }
        a.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        for value in [100, 200, 300] { b.send(value) }
        #expect(subscriber.values == [101, 202, 303])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aTupleIsEmittedEvenWithoutDemandAsCombineDoes() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestingError>()
        a.zip(b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        #expect(subscriber.values.count == 1)
    }

    @Test func zipsThreeAndFourPublishers() {
        let three = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(1).zip(Just(2), Just(3)) { $0 + $1 + $2 }.subscribe(three)
        #expect(three.values == [6])
        #expect(three.completions == [.finished])

        let four = TrackingSubscriber<(Int, String, Bool, Double), Never>(initialDemand: .unlimited)
        Just(1).zip(Just("a"), Just(true), Just(2.5)).subscribe(four)
        #expect(four.values.map { "\($0.0)\($0.1)\($0.2)\($0.3)" } == ["1atrue2.5"])
        let summed = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(1).zip(Just(2), Just(3), Just(4)) { $0 + $1 + $2 + $3 }.subscribe(summed)
        #expect(summed.values == [10])
    }

    @Test func cancelCancelsEveryUpstream() {
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .unlimited)
        a.zip(b).subscribe(subscriber)
        subscriber.cancel()
        #expect(a.subscription.isCancelled)
        #expect(b.subscription.isCancelled)
    }
}
