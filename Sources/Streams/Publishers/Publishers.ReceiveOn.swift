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
    private final class Inner<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        var description: String { "ReceiveOn" }

        func receive(subscription: Subscription) {
            guard let downstream = accept(subscription) else { return }
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isSubscribed else { return .none }
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard let downstream, beginCompleting() else {
                lock.unlock()
                return
            }
            lock.unlock()
            // Not the shared `deliver(_ completion:)`, which a cancel stops: this
            // captures the subscriber itself, so a cancel before it runs still
            // lets the completion through, as Combine does.
            scheduler.schedule(options: options) {
                _ = self.lock.withLock { self.terminate() }
                self.downstreamLock.withLock { downstream.receive(completion: completion) }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            requestUpstream(demand)
        }

        func cancel() {
            lock.withLock { terminate() }?.cancel()
        }
    }
}
