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

    // Combine (OpenCombine's testFailsIfChildFails, testAllSubscriptionsReleasedOnChildFailure):
    // the other children are cancelled, not the failed one and not upstream,
    // and then downstream fails, without the buffered value.
    @Test func aChildFailureCancelsTheOtherChildrenThenFailsWithoutFlushing() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let a = TestPublisher<Int, TestingError>(), b = TestPublisher<Int, TestingError>()
        let c = TestPublisher<Int, TestingError>()
        var atFailure: [[TestSubscription.Event]] = []
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1), onCompletion: { _ in
            atFailure = [a.subscription.history, b.subscription.history, c.subscription.history]
        })
        upstream.flatMap { $0 }.subscribe(subscriber)
        upstream.send(a)
        upstream.send(b)
        upstream.send(c)
        #expect(a.send(1) == .max(1))
        a.send(2)
        b.send(completion: .failure(.oops))
        let expected: [[TestSubscription.Event]] = [
            [.requested(.max(1)), .cancelled], [.requested(.max(1))], [.requested(.max(1)), .cancelled],
        ]
        #expect(atFailure == expected)
        #expect([a.subscription.history, b.subscription.history, c.subscription.history] == expected)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        c.send(completion: .failure(.other))
        subscriber.request(.max(5))
        #expect(subscriber.history == [.subscription("FlatMap"), .value(1), .completion(.failure(.oops))])
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

    // Combine (OpenCombine's testFailsIfUpstreamFails): the children are
    // cancelled before the failure is sent; the failed upstream is not.
    @Test func upstreamFailureCancelsTheChildrenThenFails() {
        let upstream = TestPublisher<TestPublisher<Int, TestingError>, TestingError>()
        let child = TestPublisher<Int, TestingError>()
        var childAtFailure: [TestSubscription.Event] = []
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(4), onCompletion: { _ in
            childAtFailure = child.subscription.history
        })
        upstream.flatMap(maxPublishers: .max(3)) { $0 }.subscribe(subscriber)
        upstream.send(child)
        upstream.send(completion: .failure(.other))
        upstream.send(completion: .failure(.oops))
        child.send(5)
        #expect(childAtFailure == [.requested(.max(1)), .cancelled])
        #expect(upstream.subscription.history == [.requested(.max(3))])
        #expect(subscriber.history == [.subscription("FlatMap"), .completion(.failure(.other))])
    }

    // Combine: downstream gets its subscription before upstream is subscribed
    // (OpenCombine's testSendsSubscriptionDownstreamBeforeSubscribingToUpstream).
    @Test func downstreamGetsItsSubscriptionBeforeUpstreamIsSubscribed() {
        let upstream = TestPublisher<TestPublisher<Int, Never>, Never>()
        var upstreamSubscribedFirst: Bool?
        let subscriber = TrackingSubscriber<Int, Never>(onSubscription: { _ in
            upstreamSubscribedFirst = upstream.hasSubscriber
        })
        upstream.flatMap(maxPublishers: .max(2)) { $0 }.subscribe(subscriber)
        #expect(upstreamSubscribedFirst == false)
        #expect(subscriber.history == [.subscription("FlatMap")])
        #expect(upstream.subscription.history == [.requested(.max(2))])
    }

    @Test func aCancelBeforeUpstreamsSubscriptionArrivesCancelsIt() {
        let upstream = TestPublisher<TestPublisher<Int, Never>, Never>(deliversSubscription: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.flatMap { $0 }.subscribe(subscriber)
        subscriber.cancel()
        upstream.sendSubscription()
        #expect(upstream.subscription.history == [.cancelled])
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
