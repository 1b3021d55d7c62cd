import Testing
@testable import Streams

/// A publisher that fails `failures` times and then finishes: each
/// subscription gets a `TestSubscription` (kept for inspection) and, once
/// subscribed, the value of its attempt number and then its completion.
private final class FlakyPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = AttemptError

    private let lock = UnfairLock()
    private let failures: Int
    private var attempts: [TestSubscription] = []

    init(failures: Int) { self.failures = failures }

    var subscriptions: [TestSubscription] { lock.withLock { attempts } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == AttemptError {
        let subscription = TestSubscription()
        let attempt = lock.withLock {
            attempts.append(subscription)
            return attempts.count
        }
        subscriber.receive(subscription: subscription)
        _ = subscriber.receive(attempt)
        subscriber.receive(completion: attempt <= failures ? .failure(AttemptError(attempt: attempt)) : .finished)
    }
}

private struct AttemptError: Error, Equatable {
    let attempt: Int
}

@Suite struct RetryTests {
    @Test func resubscribesUpToTheLimitThenPassesTheFailureOn() {
        let upstream = FlakyPublisher(failures: 10)
        let subscriber = TrackingSubscriber<Int, AttemptError>(initialDemand: .max(5))
        upstream.retry(3).subscribe(subscriber)
        #expect(subscriber.history.first?.description == "subscription(Retry)")
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completions == [.failure(AttemptError(attempt: 4))])
        // The outstanding demand carries over to each new subscription.
        #expect(upstream.subscriptions.map(\.history) == [
            [.requested(.max(5))], [.requested(.max(4))], [.requested(.max(3))], [.requested(.max(2))],
        ])
        #expect(upstream.subscriptions.allSatisfy { !$0.isCancelled }, "failed upstreams are not cancelled")
    }

    @Test func finishesOnceUpstreamSucceeds() {
        let upstream = FlakyPublisher(failures: 2)
        let subscriber = TrackingSubscriber<Int, AttemptError>(initialDemand: .unlimited)
        upstream.retry(5).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscriptions.count == 3)
    }

    @Test func aNegativeCountRetriesWithoutLimit() {
        let upstream = FlakyPublisher(failures: 50)
        let subscriber = TrackingSubscriber<Int, AttemptError>(initialDemand: .unlimited)
        upstream.retry(-1).subscribe(subscriber)
        #expect(subscriber.values.count == 51)
        #expect(subscriber.completions == [.finished])
    }

    @Test func zeroRetriesPassesTheFirstFailureOn() {
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        Fail<Int, TestingError>(error: .oops).retry(0).subscribe(subscriber)
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func failuresDuringSubscribingLoopRatherThanRecurse() {
        // Deep recursion here would overflow the stack.
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        Fail<Int, TestingError>(error: .oops).retry(200_000).subscribe(subscriber)
        #expect(subscriber.completions == [.failure(.oops)])
    }

    @Test func demandReturnedFromAValueIsRequestedUpstream() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1), receiveValueDemand: .max(2))
        upstream.retry(1).subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription.history == [.requested(.max(1)), .requested(.max(2))])
    }

    @Test func afterTheFinalCompletionRequestsAreNotForwarded() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .max(1))
        upstream.retry(0).subscribe(subscriber)
        upstream.send(completion: .finished)
        subscriber.request(.max(3))
        #expect(upstream.subscription.history == [.requested(.max(1))])
    }

    @Test func cancelCancelsTheCurrentUpstream() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, TestingError>(initialDemand: .unlimited)
        upstream.retry(2).subscribe(subscriber)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)
        upstream.send(1)
        #expect(subscriber.values.isEmpty)
    }
}
