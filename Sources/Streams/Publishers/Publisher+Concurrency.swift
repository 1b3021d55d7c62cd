extension Publisher where Failure == Never {
    /// The values of this publisher as an `AsyncSequence`, one requested per
    /// iteration step:
    ///
    ///     for await value in subject.values { ... }
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
    /// The values of this publisher as a throwing `AsyncSequence`; a failure
    /// is thrown from the iteration step that meets it.
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

/// A publisher that cannot fail, seen as an `AsyncSequence`.
///
/// Each iterator subscribes once and requests one value per `next()`, so a
/// value sent while nobody is waiting in `next()` is not requested (a
/// `PassthroughSubject` drops it, as it would for any subscriber without
/// demand). Several tasks may wait in `next()` at once: each gets its own
/// value, and the completion returns every one still waiting. As in Combine,
/// a value that arrives before the subscription returns every waiting
/// `next()` with nil. Cancelling the iterating task cancels the subscription.
public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence where Upstream.Failure == Never {
    public typealias Element = Upstream.Output

    private let upstream: Upstream

    public init(_ publisher: Upstream) {
        upstream = publisher
    }

    public struct Iterator: AsyncIteratorProtocol {
        private let inner: AsyncSubscriberBridge<Upstream.Output, Never>

        fileprivate init(_ upstream: Upstream) {
            inner = AsyncSubscriberBridge()
            upstream.subscribe(inner)
        }

        public mutating func next() async -> Element? {
            // A `Never` failure cannot be thrown.
            try? await inner.next()
        }

        /// How many `next()` calls are parked, waiting (for tests).
        var waitingCount: Int { inner.waitingCount }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(upstream)
    }
}

/// A publisher seen as a throwing `AsyncSequence`.
public struct AsyncThrowingPublisher<Upstream: Publisher>: AsyncSequence {
    public typealias Element = Upstream.Output

    private let upstream: Upstream

    public init(_ publisher: Upstream) {
        upstream = publisher
    }

    public struct Iterator: AsyncIteratorProtocol {
        private let inner: AsyncSubscriberBridge<Upstream.Output, Upstream.Failure>

        fileprivate init(_ upstream: Upstream) {
            inner = AsyncSubscriberBridge()
            upstream.subscribe(inner)
        }

        public mutating func next() async throws -> Element? {
            try await inner.next()
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(upstream)
    }
}

/// The subscriber behind `values`: each `next()` parks a continuation and
/// requests one value; a value or the completion resumes it.
final class AsyncSubscriberBridge<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // Values cross from the publisher's thread to the awaiting task; the
    // iterator hands each to exactly one `next()` caller.
    private typealias Waiter = UnsafeContinuation<UncheckedSendableBox<Input>?, any Error>

    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var status = SubscriptionStatus.awaitingSubscription
    private var waiters: [Waiter] = []
    /// Requests made before the subscription arrived.
    private var pendingDemand = 0
    /// The completion, once received; later `next()` calls see it at once.
    private var ending: Subscribers.Completion<Failure>?
    private var endingDelivered = false

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status, ending == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        let demand = pendingDemand
        pendingDemand = 0
        lock.unlock()
        if demand > 0 {
            subscription.request(.max(demand))
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = status else {
            // A value before the subscription (a broken upstream): as in
            // Combine, every waiting `next()` returns nil, none is left hanging.
            let waiters = self.waiters
            self.waiters = []
            lock.unlock()
            for waiter in waiters { waiter.resume(returning: nil) }
            return .none
        }
        guard !waiters.isEmpty else {
            // More than was asked for: a misbehaving publisher. Drop it.
            lock.unlock()
            return .none
        }
        let waiter = waiters.removeFirst()
        lock.unlock()
        waiter.resume(returning: UncheckedSendableBox(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard ending == nil else {
            lock.unlock()
            return
        }
        ending = completion
        status = .terminal
        let waiters = self.waiters
        self.waiters = []
        lock.unlock()
        resumeAll(waiters)
    }

    func cancel() {
        lock.lock()
        let subscription = status.subscription
        status = .terminal
        if ending == nil {
            ending = .finished
        }
        let waiters = self.waiters
        self.waiters = []
        lock.unlock()
        subscription?.cancel()
        resumeAll(waiters)
    }

    /// Resumes waiters at the end: the first sees the failure (if any), the rest `nil`.
    private func resumeAll(_ waiters: [Waiter]) {
        for waiter in waiters {
            resumeAtEnd(waiter)
        }
    }

    private func resumeAtEnd(_ waiter: Waiter) {
        lock.lock()
        let throwFailure: Failure?
        if case .failure(let error) = ending, !endingDelivered {
            throwFailure = error
        } else {
            throwFailure = nil
        }
        endingDelivered = true
        lock.unlock()
        if let throwFailure {
            waiter.resume(throwing: throwFailure)
        } else {
            waiter.resume(returning: nil)
        }
    }

    var waitingCount: Int { lock.withLock { waiters.count } }

    func next() async throws -> Input? {
        try await nextBox()?.value
    }

    private func nextBox() async throws -> UncheckedSendableBox<Input>? {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (waiter: Waiter) in
                lock.lock()
                if ending != nil {
                    lock.unlock()
                    resumeAtEnd(waiter)
                    return
                }
                waiters.append(waiter)
                let subscription = status.subscription
                if subscription == nil {
                    pendingDemand += 1
                }
                lock.unlock()
                subscription?.request(.max(1))
            }
        } onCancel: {
            cancel()
        }
    }

    deinit {
        // The iterator went away mid-stream: stop the upstream.
        status.subscription?.cancel()
    }
}
