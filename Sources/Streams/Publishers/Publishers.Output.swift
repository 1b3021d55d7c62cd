extension Publisher {
    /// At most the first `maxLength` values, then `.finished`; upstream is
    /// cancelled once they have been sent.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "prefix(_:) needs a length of zero or more")
        return output(in: 0..<maxLength)
    }

    /// Only the value at `index` (counting from zero), then `.finished`.
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index..<(index + 1))
    }

    /// Only the values whose positions fall in `range`, then `.finished`.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

extension Publishers {
    /// A publisher of the values at some positions of upstream's sequence:
    /// `prefix(_:)`, `output(at:)` and `output(in:)`.
    ///
    /// Requests are forwarded upstream as they are; a value before the range
    /// returns `.max(1)` to replace the demand it used. After the last value in
    /// the range, upstream is cancelled and downstream finishes. An empty
    /// range finishes as soon as the subscription arrives.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let range: Range<Int>

        public init(upstream: Upstream, range: Range<Int>) {
            precondition(range.lowerBound >= 0, "the range must not start below zero")
            self.upstream = upstream
            self.range = range
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, range: range))
        }
    }
}

extension Publishers.Output {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        // Guarded by `lock`; let go when the subscription is cancelled or completes.
        private var downstreamSlot: Downstream?
        /// The subscriber, while the subscription lasts. Read outside the lock only.
        private var downstream: Downstream? { lock.withLock { downstreamSlot } }
        private let range: Range<Int>
        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription
        private var position = 0

        init(downstream: Downstream, range: Range<Int>) {
            self.downstreamSlot = downstream
            self.range = range
        }

        var description: String { range.lowerBound == 0 ? "Prefix" : "Output" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            if range.isEmpty {
                status = .terminal
                let downstream = downstreamSlot
                downstreamSlot = nil
                lock.unlock()
                subscription.cancel()
                downstream?.receive(subscription: Subscriptions.empty)
                downstream?.receive(completion: .finished)
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            downstream?.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return .none
            }
            let index = position
            position += 1
            if index < range.lowerBound {
                lock.unlock()
                return .max(1)
            }
            guard index == range.upperBound - 1 else {
                lock.unlock()
                return downstream?.receive(input) ?? .none
            }
            // The last value: the subscriber is let go with it.
            status = .terminal
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
            _ = downstream?.receive(input)
            subscription.cancel()
            downstream?.receive(completion: .finished)
            return .none
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
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
            subscription.request(demand)
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
            lock.unlock()
            subscription.cancel()
            withExtendedLifetime(releasedDownstream) {}
        }
    }
}
