import Testing
@testable import Streams

/// Golden traces from Apple's documentation of `combineLatest` (OpenCombine
/// 0.14 has none): nothing until every upstream has a value, then the latest
/// of each on every change; finished only when all have finished.
@Suite struct CombineLatestTests {
    @Test func sendsTheLatestPairOnEveryChangeOnceBothHaveAValue() {
        let numbers = PassthroughSubject<Int, TestingError>(), letters = PassthroughSubject<String, TestingError>()
        var pairs: [String] = []
        let subscriber = TrackingSubscriber<(Int, String), TestingError>(
            initialDemand: .unlimited, onValue: { pairs.append("\($0.0)\($0.1)") }
        )
        numbers.combineLatest(letters).subscribe(subscriber)
        numbers.send(1)
        numbers.send(2)
        #expect(pairs.isEmpty)
        letters.send("a")
        numbers.send(3)
        letters.send("b")
        #expect(pairs == ["2a", "3a", "3b"])
        #expect(subscriber.history.first?.description == "subscription(CombineLatest)")
    }

    @Test func keepsGoingAfterOneFinishesAndFinishesWhenAllHave() {
        let numbers = PassthroughSubject<Int, TestingError>(), letters = PassthroughSubject<String, TestingError>()
        let subscriber = TrackingSubscriber<String, TestingError>(initialDemand: .unlimited)
        numbers.combineLatest(letters) { "\($0)\($1)" }.subscribe(subscriber)
        numbers.send(1)
        letters.send("a")
        numbers.send(completion: .finished)
        letters.send("b")
        #expect(subscriber.completions.isEmpty)
        letters.send(completion: .finished)
        #expect(subscriber.values == ["1a", "1b"])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aFailureFailsAtOnceAndCancelsTheOthers() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        a.combineLatest(b) { $0 + $1 }.subscribe(subscriber)
        a.send(1)
        b.send(completion: .failure(.oops))
        a.send(2)
        #expect(a.subscription.isCancelled)
        #expect(!b.subscription.isCancelled)
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(subscriber.values.isEmpty)
    }

    @Test func requestsGoToEveryUpstreamAndChangesWithoutDemandAreCoalesced() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        a.combineLatest(b) { $0 * 10 + $1 }.subscribe(subscriber)
        #expect(a.subscription.history == [.requested(.max(1))])
        #expect(b.subscription.history == [.requested(.max(1))])
        a.send(1)
        b.send(1)
        a.send(2)
        a.send(3)
        #expect(subscriber.values == [11])
        subscriber.request(.max(1))
        #expect(subscriber.values == [11, 31])
        #expect(a.subscription.history == [.requested(.max(1)), .requested(.max(1))])
    }

    @Test func combinesThreePublishers() {
        let a = PassthroughSubject<Int, Never>(), b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        a.combineLatest(b, c) { $0 * 100 + $1 * 10 + $2 }.subscribe(subscriber)
        a.send(1)
        b.send(2)
        c.send(3)
        b.send(5)
        #expect(subscriber.values == [123, 153])
        let tuples = TrackingSubscriber<(Int, Int, Int), Never>(initialDemand: .unlimited)
        Just(1).combineLatest(Just(2), Just(3)).subscribe(tuples)
        #expect(tuples.values.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
        #expect(tuples.completions == [.finished])
    }

    @Test func cancelCancelsEveryUpstream() {
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .unlimited)
        a.combineLatest(b).subscribe(subscriber)
        subscriber.cancel()
        #expect(a.subscription.isCancelled)
        #expect(b.subscription.isCancelled)
        a.send(1)
        b.send(1)
        #expect(subscriber.values.isEmpty)
    }
}
