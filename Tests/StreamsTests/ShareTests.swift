import Testing
@testable import Streams

/// A subject that counts how many times something subscribed to it.
private final class CountingSubject: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestingError

    let subject = PassthroughSubject<Int, TestingError>()
    private let lock = UnfairLock()
    private var count = 0
    var subscriptionCount: Int { lock.withLock { count } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestingError {
        lock.withLock { count += 1 }
        subject.subscribe(subscriber)
    }
}

@Suite struct ShareTests {
    @Test func connectsOnceOnTheFirstSubscriberAndRequestsUnlimited() {
        let upstream = TestPublisher<Int, TestingError>()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        let second = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        shared.subscribe(first)
        shared.subscribe(second)
        #expect(upstream.subscription.history == [.requested(.unlimited)])
        #expect(first.history.first?.description == "subscription(Multicast)")
    }

    @Test func demandIsPerSubscriberWithNoBufferingAndNoReplay() {
        let upstream = CountingSubject()
        let shared = upstream.share()
        let limited = TrackingSubscriber<Int, TestingError>(initialDemand: .max(3))
        let unlimited = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(limited)
        shared.subscribe(unlimited)
        for value in 1...4 { upstream.subject.send(value) }
        let late = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(late)
        upstream.subject.send(5)
        limited.request(.max(1))
        #expect(limited.values == [1, 2, 3])
        #expect(unlimited.values == [1, 2, 3, 4, 5])
        #expect(late.values == [5])
        #expect(upstream.subscriptionCount == 1)
    }

    @Test func aSubscriberArrivingAfterCompletionGetsItAtOnceWithoutDemand() {
        let upstream = CountingSubject()
        let shared = upstream.share()
        let first = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(first)
        upstream.subject.send(completion: .failure(.oops))
        let late = TrackingSubscriber<Int, TestingError>()
        shared.subscribe(late)
        #expect(first.completions == [.failure(.oops)])
        #expect(late.completions == [.failure(.oops)])
        #expect(upstream.subscriptionCount == 1, "completion does not decrement the count")
    }

    @Test func cancellingTheLastSubscriberDisconnects() {
        let upstream = TestPublisher<Int, TestingError>()
        let shared = upstream.share()
        let a = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        let b = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(a)
        shared.subscribe(b)
        a.cancel()
        #expect(!upstream.subscription.isCancelled)
        b.cancel()
        #expect(upstream.subscription.isCancelled)
    }

    @Test func theNextSubscriberAfterTheLastCancelConnectsAgain() {
        let counting = CountingSubject()
        let shared = counting.share()
        let first = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(first)
        first.cancel()
        let again = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        shared.subscribe(again)
        counting.subject.send(9)
        #expect(counting.subscriptionCount == 2)
        #expect(again.values == [9])
        #expect(first.values.isEmpty)
    }

    @Test func equalityIsIdentity() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        #expect(shared == shared)
        #expect(shared != subject.share())
    }

    @Test func multicastWaitsForConnect() {
        let subject = PassthroughSubject<Int, Never>()
        let multicast = subject.multicast { PassthroughSubject<Int, Never>() }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        multicast.subscribe(subscriber)
        subject.send(1)
        let connection = multicast.connect()
        subject.send(2)
        connection.cancel()
        subject.send(3)
        #expect(subscriber.values == [2])
    }
}
