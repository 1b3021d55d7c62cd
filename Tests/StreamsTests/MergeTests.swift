import Testing
@testable import Streams

/// Golden traces from Apple's documentation of `merge(with:)` and
/// `Publishers.MergeMany` (OpenCombine 0.14 has no merge to compare with).
@Suite struct MergeTests {
    @Test func interleavesValuesInArrivalOrderAndFinishesWhenBothHaveFinished() {
        let a = PassthroughSubject<Int, TestingError>(), b = PassthroughSubject<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        a.send(1)
        b.send(2)
        a.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(subscriber.completions.isEmpty)
        b.send(completion: .finished)
        #expect(subscriber.history.map(\.description)
            == ["subscription(Merge)", "value(1)", "value(2)", "value(3)", "value(4)", "finished"])
    }

    @Test func aFailureFromEitherFailsAtOnceAndCancelsTheOther() {
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        a.send(1)
        b.send(completion: .failure(.oops))
        a.send(2)
        #expect(a.subscription.isCancelled)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func mergesThreePublishers() {
        let a = PassthroughSubject<String, Never>(), b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<String, Never>()
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .unlimited)
        a.merge(with: b, c).subscribe(subscriber)
        c.send("c")
        a.send("a")
        b.send("b")
        for subject in [a, b, c] { subject.send(completion: .finished) }
        #expect(subscriber.values == ["c", "a", "b"])
        #expect(subscriber.completions == [.finished])
    }

    @Test func mergeManyMergesAnyNumberAndFinishesAtOnceWithNone() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Publishers.MergeMany(Just(1), Just(2), Just(3)).merge(with: Just(4)).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completions == [.finished])

        let empty = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Publishers.MergeMany([Just<Int>]()).subscribe(empty)
        #expect(empty.completions == [.finished])
    }

    @Test func limitedDemandIsHonouredAcrossUpstreams() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        Publishers.MergeMany(Just(1), Just(2), Just(3)).subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    @Test func underLimitedDemandEachUpstreamIsAskedForOneValueAtATime() {
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(5))
        a.merge(with: b).subscribe(subscriber)
        #expect(a.subscription.history == [.requested(.max(1))])
        #expect(b.subscription.history == [.requested(.max(1))])
        #expect(a.send(1) == .max(1))
    }

    @Test func cancelCancelsEveryUpstream() {
        let a = TestPublisher<Int, Never>(), b = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        a.merge(with: b).subscribe(subscriber)
        subscriber.cancel()
        #expect(a.subscription.isCancelled)
        #expect(b.subscription.isCancelled)
        a.send(1)
        #expect(subscriber.values.isEmpty)
    }
}
