extension Publisher {
    /// All of upstream's values in one array, sent when upstream finishes
    /// (an empty array if it sent none). A failure is passed on instead.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Upstream's values in arrays of `count`; when upstream finishes, the
    /// values left over are sent as a last, shorter array. A failure drops
    /// them and is passed on.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher of one array holding every upstream value.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initialResult: [], reduce: ()))
        }
    }

    /// A publisher of upstream's values in arrays of a given size.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "collect(_:) needs a count above zero")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ByCountInner(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.Collect {
    private final class Inner<Downstream: Subscriber>:
        ReduceProducer<Downstream, Upstream.Output, [Upstream.Output], Upstream.Failure, Void>
        where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure
    {
        override var description: String { "Collect" }

        override func receive(newValue: Upstream.Output) -> PartialCompletion<Void, Upstream.Failure> {
            result?.append(newValue)
            return .continue(())
        }
    }
}

extension Publishers.CollectByCount {
    /// Downstream's demand counts arrays, so it is multiplied by `count` upstream.
    private final class ByCountInner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
        where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure
    {
        // Guarded by `lock`; let go when the subscription is cancelled or completes.
        private var downstreamSlot: Downstream?
        /// The subscriber, while the subscription lasts. Read outside the lock only.
        private var downstream: Downstream? { lock.withLock { downstreamSlot } }
        private let count: Int
        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription
        private var buffer: [Upstream.Output] = []

        init(downstream: Downstream, count: Int) {
            self.downstreamSlot = downstream
            self.count = count
        }

        var description: String { "CollectByCount" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            buffer.reserveCapacity(count)
            lock.unlock()
            downstream?.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return .none
            }
            buffer.append(input)
            guard buffer.count == count else {
                lock.unlock()
                return .none
            }
            let full = buffer
            buffer = []
            buffer.reserveCapacity(count)
            lock.unlock()
            return (downstream?.receive(full) ?? .none) * count
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let rest = buffer
            buffer = []
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
            if case .finished = completion, !rest.isEmpty {
                _ = downstream?.receive(rest)
            }
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand * count)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let releasedDownstream = downstreamSlot
            downstreamSlot = nil
            buffer = []
            lock.unlock()
            subscription.cancel()
            withExtendedLifetime(releasedDownstream) {}
        }
    }
}
