import Testing
@testable import Streams

@Suite struct PublisherFirstResultTests {
    @Test func returnsTheFirstValueAndCancelsTheSubscription() async throws {
        let upstream = TestPublisher<Int, TestingError>()
        async let first = upstream.firstResult()
        // The request arrives once `firstResult()` is waiting.
        while upstream.subscription.history.isEmpty { await Task.yield() }
        #expect(upstream.subscription.history == [.requested(.max(1))])
        upstream.send(7)
        #expect(try await first == 7)
        #expect(upstream.subscription.history == [.requested(.max(1)), .cancelled])
    }

    @Test func answersAtOnceFromAPublisherThatSendsOnSubscription() async throws {
        #expect(try await Just("sol 675").firstResult() == "sol 675")
    }

    @Test func throwsThePublishersFailure() async {
        await #expect(throws: TestingError.oops) {
            try await Fail<Int, TestingError>(error: .oops).firstResult()
        }
    }

    @Test func throwsWhenThePublisherFinishesEmpty() async {
        await #expect(throws: FinishedWithoutValue()) {
            try await Empty<Int, Never>().firstResult()
        }
    }

    @Test func aTaskCancelledBeforeTheCallStartsNothing() async {
        let upstream = TestPublisher<Int, Never>()
        let task = Task { () async throws -> Int in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await upstream.firstResult()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(!upstream.hasSubscriber)
    }

    @Test func cancellingTheTaskCancelsTheSubscriptionAndThrowsCancellation() async {
        let upstream = TestPublisher<Int, Never>()
        let task = Task { try await upstream.firstResult() }
        while upstream.subscription.history.isEmpty { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(upstream.subscription.isCancelled)
    }
}
