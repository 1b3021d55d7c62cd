import Testing
@testable import Streams

@Suite struct CatchTests {
    @Test func aFailureSwitchesToTheHandlersPublisherWithTheRemainingDemand() {
        let upstream = TestPublisher<Int, TestingError>()
        let replacement = TestPublisher<Int, Never>()
        var handled: [TestingError] = []
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(12), receiveValueDemand: .max(3))
        upstream.catch { error -> TestPublisher<Int, Never> in
            handled.append(error)
            return replacement
        }.subscribe(subscriber)

        subscriber.request(.max(5))
        #expect(upstream.subscription.history == [.requested(.max(12)), .requested(.max(5))])
        for value in 1...8 { upstream.send(value) }
        upstream.send(completion: .failure(.oops))
        #expect(handled == [.oops])
        // 12 + 5 + 8 * 3 - 8
        #expect(replacement.subscription.history == [.requested(.max(33))])
        #expect(!upstream.subscription.isCancelled, "the failed upstream is not cancelled")
        replacement.send(9)
        replacement.send(completion: .finished)
        #expect(subscriber.values == Array(1...9))
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.history.first?.description == "subscription(Catch)")
    }

    @Test func withNoDemandLeftTheReplacementIsAskedForNothingUntilDownstreamAsks() {
        let upstream = TestPublisher<Int, TestingError>()
        let replacement = TestPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.catch { _ in replacement }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(replacement.subscription.history.isEmpty)
        subscriber.request(.max(2))
        #expect(replacement.subscription.history == [.requested(.max(2))])
    }

    @Test func finishedPassesThroughWithoutCallingTheHandler() {
        let subject = PassthroughSubject<Int, TestingError>()
        var handlerCalls = 0
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.catch { _ -> Just<Int> in
            handlerCalls += 1
            return Just(0)
        }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(handlerCalls == 0)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func recoversWithAJust() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Fail<Int, TestingError>(error: .oops).catch { _ in Just(-1) }.subscribe(subscriber)
        #expect(subscriber.values == [-1])
        #expect(subscriber.completions == [.finished])
    }

    @Test func cancelBeforeRecoveryCancelsUpstreamAndAfterRecoveryTheReplacement() {
        let upstream = TestPublisher<Int, TestingError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        upstream.catch { _ in Just(0) }.subscribe(subscriber)
        subscriber.cancel()
        #expect(upstream.subscription.isCancelled)

        let second = TestPublisher<Int, TestingError>()
        let replacement = TestPublisher<Int, Never>()
        let other = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        second.catch { _ in replacement }.subscribe(other)
        second.send(completion: .failure(.oops))
        other.cancel()
        #expect(replacement.subscription.isCancelled)
        #expect(!second.subscription.isCancelled)
    }

    @Test func tryCatchFailsWithTheErrorTheHandlerThrows() {
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        Fail<Int, TestingError>(error: .oops)
            .tryCatch { _ -> Just<Int> in throw TestingError.other }
            .subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
        if case .failure(let error) = subscriber.completions.first {
            #expect(error as? TestingError == .other)
        }
        #expect(subscriber.history.first?.description == "subscription(TryCatch)")
    }

    @Test func tryCatchRecoversAndPassesTheReplacementsFailureOn() {
        let subscriber = TrackingSubscriber<Int, any Error>(initialDemand: .unlimited)
        let replacement = PassthroughSubject<Int, TestingError>()
        Fail<Int, TestingError>(error: .oops)
            .tryCatch { _ in replacement }
            .subscribe(subscriber)
        replacement.send(3)
        replacement.send(completion: .failure(.other))
        #expect(subscriber.values == [3])
        if case .failure(let error) = subscriber.completions.first {
            #expect(error as? TestingError == .other)
        } else {
            Issue.record("expected a failure, got \(subscriber.completions)")
        }
    }
}
