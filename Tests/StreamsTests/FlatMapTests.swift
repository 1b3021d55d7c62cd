import Testing
@testable import Streams

@Suite struct FlatMapTests {
    @Test func republishesTheValuesOfEveryInnerPublisher() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.flatMap { value in [value, value * 10].publisherForTests }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(subscriber.history.map(\.description)
            == ["subscription(FlatMap)", "value(1)", "value(10)", "value(2)", "value(20)", "finished"])
    }

    @Test func withUnlimitedDemandChildrenAreAskedForUnlimited() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        upstream.flatMap { $0 }.subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        let child = TestPublisher<Int, TestingError>()
        upstream.send(child)
        #expect(child.subscription.history == [.requested(.unlimited)])
    }

    @Test func withLimitedDemandEachChildIsAskedForOneAndAnExtraValueWaits() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        upstream.flatMap { $0 }.subscribe(subscriber)
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        upstream.send(a)
        upstream.send(b)
        #expect(a.subscription.history == [.requested(.max(1))])
        #expect(b.subscription.history == [.requested(.max(1))])

        #expect(a.send(1) == .max(1))
        #expect(b.send(2) == .none, "no downstream demand: it waits")
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(b.subscription.history == [.requested(.max(1)), .requested(.max(1))])
    }

    @Test func finishesOnlyWhenUpstreamAndEveryChildHaveFinishedAndNothingWaits() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        upstream.flatMap { $0 }.subscribe(subscriber)
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        upstream.send(a)
        upstream.send(b)
        a.send(1)
        b.send(2)
        upstream.send(completion: .finished)
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(subscriber.completions.isEmpty, "value 2 still waits for demand")
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished])
    }

    @Test func aChildFailureCancelsEverythingAndFailsWithoutFlushing() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        upstream.flatMap { $0 }.subscribe(subscriber)
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        upstream.send(a)
        upstream.send(b)
        a.send(1)
        a.send(2)
        b.send(completion: .failure(.oops))
        #expect(upstream.subscription.isCancelled)
        #expect(a.subscription.isCancelled)
        subscriber.request(.max(5))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func maxPublishersLimitsUpstreamAndReplenishesAsChildrenFinish() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        upstream.flatMap(maxPublishers: .max(2)) { $0 }.subscribe(subscriber)
        #expect(upstream.subscription.history == [.requested(.max(2))])
        let a = TestPublisher<Int, TestingError>()
        upstream.send(a)
        a.send(completion: .finished)
        #expect(upstream.subscription.history == [.requested(.max(2)), .requested(.max(1))])
    }

    @Test func cancelCancelsUpstreamAndEveryChild() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        upstream.flatMap { $0 }.subscribe(subscriber)
        let a = TestPublisher<Int, TestingError>()
        upstream.send(a)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        #expect(a.subscription.isCancelled)
        a.send(1)
        #expect(subscriber.values.isEmpty)
    }

    @Test func upstreamFailureFailsAtOnce() {
        let upstream = PassthroughSubject<Int, TestingError>()
        let inner = PassthroughSubject<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(completion: .failure(.other))
        inner.send(5)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.failure(.other)])
    }

    @Test func failureTypesAreBridgedAsInCombine() {
        let never = PassthroughSubject<Int, Never>()
        let failingInner = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        never.flatMap { _ in Fail<Int, TestingError>(error: .oops) }.subscribe(failingInner)
        never.send(1)
        #expect(failingInner.completions == [.failure(.oops)])

        let failing = PassthroughSubject<Int, TestingError>()
        let justInner = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        failing.flatMap { Just($0 + 1) }.subscribe(justInner)
        failing.send(1)
        #expect(justInner.values == [2])
    }
}

extension Array {
    /// A publisher of the array's elements, one per unit of demand (tests only).
    var publisherForTests: Publishers.MergeMany<Just<Element>> {
        Publishers.MergeMany(map { Just($0) })
    }
}
