extension Publisher {
    /// Delivers values and the completion on `scheduler`.
    ///
    /// The subscription and downstream requests are passed on directly; only
    /// the events move to the scheduler, in the order they arrived.
    ///
    ///     service.launches()
    ///         .receive(on: DispatchQueue.main)
    ///         .sink { render($0) }
    ///
    /// - Parameters:
    ///   - scheduler: Where downstream receives values and the completion.
    ///   - options: Options passed to `scheduler` for every event.
    public func receive<S: Scheduler>(
        on scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// Delivers upstream's events on a scheduler.
    ///
    /// As in Combine: the subscription reaches downstream synchronously, and
    /// requests go upstream at once, on the caller's thread, unchanged. Each
    /// value and the completion is scheduled with `schedule(options:)`; the
    /// demand downstream returns from a value is requested upstream from inside
    /// that action. A cancel drops the values still scheduled, but once upstream
    /// has completed a cancel does nothing: the values scheduled before the
    /// completion and the completion itself are delivered.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.ReceiveOn {
    /// Subscribed, then completing (`pendingTerminal`: upstream has completed,
    /// its scheduled events are still to run and a cancel no longer stops
    /// them), then terminal (cancelled, or the completion delivered).
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = UnfairLock()
        /// Held around calls into downstream, so values reach it one at a time.
        private let downstreamLock = RecursiveLock()
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        /// Guarded by `lock`; let go at a cancel or with the completion.
        private var downstream: Downstream?
        /// Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "ReceiveOn" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        /// From a scheduled action: the value unless cancelled since, then the
        /// demand downstream returns, requested upstream (as in Combine, even
        /// once upstream has completed).
        private func deliver(_ input: Input) {
            lock.lock()
            guard status.subscription != nil, let downstream else {
                lock.unlock()
                return
            }
            lock.unlock()
            let more = downstreamLock.withLock { downstream.receive(input) }
            guard more > 0 else { return }
            // Read again: downstream may have cancelled from inside `receive`.
            lock.withLock { status.subscription }?.request(more)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .pendingTerminal(subscription)
            lock.unlock()
            scheduler.schedule(options: options) { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .pendingTerminal = status, let downstream else {
                lock.unlock()
                return
            }
            status = .terminal
            self.downstream = nil
            lock.unlock()
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }

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
                // Upstream has completed (what it sent is delivered), or this ended already.
                lock.unlock()
                return
            }
            status = .terminal
            downstream = nil
            lock.unlock()
            subscription.cancel()
        }
    }
}
