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
    /// As in Combine: the subscription reaches downstream synchronously and
    /// requests go upstream synchronously and unchanged. Each value and the
    /// completion is scheduled with `schedule(options:)`; the demand downstream
    /// returns from a value is requested upstream from inside that action.
    /// After `cancel()`, values already scheduled are dropped, but a completion
    /// already scheduled is still delivered (Combine's behaviour); the
    /// scheduled completion alone keeps the subscriber alive until it runs.
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
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// Upstream completed; scheduled values and the completion are still to run.
            case completing
            case terminal
        }

        private let lock = UnfairLock()
        private let downstreamLock = RecursiveLock()
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private var downstream: Downstream?
        private var state = State.awaitingSubscription

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "ReceiveOn" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            lock.unlock()
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        private func deliver(_ input: Input) {
            lock.lock()
            let upstream: Subscription?
            switch state {
            case .subscribed(let subscription): upstream = subscription
            case .completing: upstream = nil
            case .awaitingSubscription, .terminal:
                lock.unlock()
                return
            }
            guard let downstream else {
                lock.unlock()
                return
            }
            lock.unlock()

            downstreamLock.lock()
            let more = downstream.receive(input)
            downstreamLock.unlock()
            if more > 0 { upstream?.request(more) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state, let downstream else {
                lock.unlock()
                return
            }
            state = .completing
            lock.unlock()
            // Captures the subscriber itself, so a cancel before this runs still
            // lets the completion through, as Combine does.
            scheduler.schedule(options: options) {
                self.finish()
                self.downstreamLock.withLock { downstream.receive(completion: completion) }
            }
        }

        private func finish() {
            lock.withLock {
                state = .terminal
                downstream = nil
            }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let upstream) = state else {
                lock.unlock()
                return
            }
            lock.unlock()
            upstream.request(demand)
        }

        func cancel() {
            lock.lock()
            let upstream: Subscription?
            if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = nil }
            state = .terminal
            downstream = nil
            lock.unlock()
            upstream?.cancel()
        }
    }
}
