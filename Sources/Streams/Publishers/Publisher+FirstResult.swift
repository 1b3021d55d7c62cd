extension Publisher {
    /// The first value, awaited without blocking a thread, for code that wants
    /// one answer from a publisher (a service's result):
    ///
    ///     let weather = try await service.weather(.standard).firstResult()
    ///
    /// Requests one value and cancels the subscription once it has it. Throws
    /// the publisher's failure, `FinishedWithoutValue` when it finishes empty,
    /// or `CancellationError` when the awaiting task is cancelled (the
    /// subscription is then cancelled too; a task cancelled before the call
    /// does not subscribe).
    ///
    /// It runs on its caller's executor, and a publisher that answers within
    /// the subscription (`Just`, a fresh cache) is answered without suspending:
    /// a command that needs nothing else starts none of the runtime's threads.
    nonisolated(nonsending) public func firstResult() async throws -> Output {
        try Task.checkCancellation()
        let first = FirstResultSubscriber<Output, Failure>()
        subscribe(first)
        return try await first.result()
    }
}

/// `firstResult()` met a publisher that finished without sending a value.
public struct FinishedWithoutValue: Error, Sendable, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "the publisher finished without a value" }
}

/// The subscriber behind `firstResult()`: requests one value on subscription and
/// settles once, with the value, the completion or the awaiting task's cancellation.
private final class FirstResultSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // The answer crosses from the publisher's thread to the awaiting task.
    private typealias Answer = Result<UncheckedSendableBox<Input>, any Error>
    private typealias Waiter = UnsafeContinuation<UncheckedSendableBox<Input>, any Error>

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case settled(Answer)
    }

    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var state = State.awaitingSubscription
    private var waiter: Waiter?

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .subscribed(subscription)
        lock.unlock()
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        settle(.success(UncheckedSendableBox(input)), cancellingUpstream: true)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: settle(.failure(FinishedWithoutValue()), cancellingUpstream: false)
        case .failure(let error): settle(.failure(error), cancellingUpstream: false)
        }
    }

    /// The answer, at once when it came within the subscription (no suspension,
    /// so the caller stays on its thread), else when it comes.
    nonisolated(nonsending) func result() async throws -> Input {
        if let answer = settledAnswer { return try answer.get().value }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (waiter: Waiter) in
                lock.lock()
                if case .settled(let answer) = state {
                    lock.unlock()
                    waiter.resume(with: answer)
                    return
                }
                self.waiter = waiter
                lock.unlock()
            }
        } onCancel: {
            settle(.failure(CancellationError()), cancellingUpstream: true)
        }.value
    }

    private var settledAnswer: Answer? {
        lock.withLock {
            guard case .settled(let answer) = state else { return nil }
            return answer
        }
    }

    /// The first answer wins; later values, completions and cancellations are ignored.
    private func settle(_ answer: Answer, cancellingUpstream: Bool) {
        lock.lock()
        let subscription: (any Subscription)?
        switch state {
        case .settled:
            lock.unlock()
            return
        case .subscribed(let current):
            subscription = current
        case .awaitingSubscription:
            subscription = nil
        }
        state = .settled(answer)
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        if cancellingUpstream { subscription?.cancel() }
        waiter?.resume(with: answer)
    }
}
