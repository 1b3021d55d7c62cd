extension Publisher {
    /// At most the first `maxLength` values, then `.finished`. As in Combine,
    /// the operator finishes (and cancels upstream) when the value after the
    /// last one arrives, or when upstream completes.
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
    /// returns `.max(1)` to replace the demand it used, and a value in it
    /// returns downstream's demand. As in Combine, the subscription outlives
    /// the last value in range: the next upstream value cancels upstream and
    /// then finishes downstream (so an empty range, `prefix(0)`, finishes on
    /// upstream's first value, or with upstream). Its subscription is named
    /// "Output", as Combine names it.
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
        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription
        private var remainingUntilStart: Int
        private var remainingCount: Int

        init(downstream: Downstream, range: Range<Int>) {
            self.downstreamSlot = downstream
            self.remainingUntilStart = range.lowerBound
            self.remainingCount = range.count
        }

        var description: String { "Output" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status, let downstream = downstreamSlot else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return .none
            }
            if remainingUntilStart > 0 {
                remainingUntilStart -= 1
                lock.unlock()
                return .max(1)
            }
            if remainingCount > 0 {
                remainingCount -= 1
                let downstream = downstreamSlot
                lock.unlock()
                // As Combine: the last value in range keeps the subscription
                // and returns downstream's demand; the next value ends it.
                return downstream?.receive(input) ?? .none
            }
            // Past the range: cancel upstream first, then finish.
            status = .terminal
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
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

        // Passed upstream as it is, `.none` included, as Combine's does.
        func request(_ demand: Subscribers.Demand) {
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
