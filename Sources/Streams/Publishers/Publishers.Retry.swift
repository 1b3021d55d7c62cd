extension Publisher {
    /// Subscribes to upstream again when it fails, up to `retries` times.
    ///
    ///     service.launches().retry(2)   // three attempts in all
    ///
    /// Values received before a failure stay delivered. After the last
    /// attempt the failure is passed on.
    ///
    /// - Parameter retries: How many times to re-subscribe; nil or a negative
    ///   number means without limit.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// Re-subscribes to upstream on failure.
    ///
    /// As in Combine: each re-subscription happens synchronously on failure
    /// (failures during subscribing are handled by a loop, not recursion) and
    /// asks the new upstream for the outstanding demand. The failed upstream is
    /// not cancelled. The demand downstream returns from a value is requested
    /// upstream with `request(_:)`.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// How many times to re-subscribe; nil means without limit.
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries.flatMap { $0 < 0 ? nil : $0 }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Inner(upstream: upstream, downstream: subscriber, retries: retries).start()
        }
    }
}

extension Publishers.Retry {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// Upstream failed; a new subscription is on its way.
            case resubscribing
            case terminal
        }

        private let lock = UnfairLock()
        private let downstreamLock = RecursiveLock()
        private let upstream: Upstream
        private var downstream: Downstream?
        private var remaining: Int?
        private var state = State.awaitingSubscription
        private var demand = Subscribers.Demand.none
        private var downstreamHasSubscription = false
        /// Set by a failure while `start` is subscribing, so its loop subscribes again.
        private var needsSubscribe = false
        private var subscribing = false

        init(upstream: Upstream, downstream: Downstream, retries: Int?) {
            self.upstream = upstream
            self.downstream = downstream
            self.remaining = retries
        }

        var description: String { "Retry" }

        /// Subscribes to upstream, again and again while it fails during subscribing.
        func start() {
            lock.lock()
            subscribing = true
            needsSubscribe = true
            while needsSubscribe {
                needsSubscribe = false
                lock.unlock()
                upstream.subscribe(self)
                lock.lock()
            }
            subscribing = false
            lock.unlock()
        }

        func receive(subscription: Subscription) {
            lock.lock()
            switch state {
            case .awaitingSubscription, .resubscribing: break
            case .subscribed, .terminal:
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            let outstanding = demand
            let firstTime = !downstreamHasSubscription
            downstreamHasSubscription = true
            let downstream = self.downstream
            lock.unlock()
            if firstTime, let downstream {
                downstreamLock.withLock { downstream.receive(subscription: self) }
            } else if outstanding > 0 {
                subscription.request(outstanding)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed(let subscription) = state, let downstream else {
                lock.unlock()
                return .none
            }
            precondition(demand > 0, "upstream sent a value without demand")
            demand -= 1
            lock.unlock()
            downstreamLock.lock()
            let more = downstream.receive(input)
            downstreamLock.unlock()
            if more > 0 {
                lock.withLock { demand += more }
                subscription.request(more)
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state, let downstream else {
                lock.unlock()
                return
            }
            if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
                remaining = remaining.map { $0 - 1 }
                state = .resubscribing
                if subscribing {
                    // Inside `start`'s loop: let it subscribe again.
                    needsSubscribe = true
                    lock.unlock()
                } else {
                    lock.unlock()
                    start()
                }
                return
            }
            state = .terminal
            self.downstream = nil
            lock.unlock()
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "request(.none) is a protocol violation")
            lock.lock()
            guard case .subscribed(let subscription) = state else {
                if case .resubscribing = state { self.demand += demand }
                lock.unlock()
                return
            }
            self.demand += demand
            lock.unlock()
            subscription.request(demand)
        }

        func cancel() {
            lock.lock()
            let subscription: Subscription?
            if case .subscribed(let current) = state { subscription = current } else { subscription = nil }
            state = .terminal
            downstream = nil
            lock.unlock()
            subscription?.cancel()
        }
    }
}
