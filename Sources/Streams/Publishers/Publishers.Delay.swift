extension Publisher {
    /// Delivers every value and the completion `interval` later, on `scheduler`.
    ///
    ///     statusMessages.delay(for: .seconds(2), scheduler: DispatchQueue.main)
    ///
    /// - Parameters:
    ///   - interval: How long to hold each event.
    ///   - tolerance: How late the scheduler may be; its `minimumTolerance` when nil.
    ///   - scheduler: Where events are delivered.
    ///   - options: Options passed to `scheduler`.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self,
            interval: interval,
            tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler,
            options: options
        )
    }
}

extension Publishers {
    /// Delivers every event a fixed time later.
    ///
    /// The subscription reaches downstream directly and requests go upstream
    /// unchanged. Each value and the completion is scheduled at `now + interval`
    /// (so they keep their order); the demand downstream returns from a value is
    /// requested upstream when it is delivered. After `cancel()` nothing more
    /// is delivered.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, delay: self))
        }
    }
}

extension Publishers.Delay {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// Upstream completed; delayed values and the completion are still to run.
            case completing
            case terminal
        }

        private let lock = UnfairLock()
        private let downstreamLock = RecursiveLock()
        private let interval: Context.SchedulerTimeType.Stride
        private let tolerance: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private var downstream: Downstream?
        private var state = State.awaitingSubscription

        init(downstream: Downstream, delay: Publishers.Delay<Upstream, Context>) {
            self.downstream = downstream
            self.interval = delay.interval
            self.tolerance = delay.tolerance
            self.scheduler = delay.scheduler
            self.options = delay.options
        }

        var description: String { "Delay" }

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

        private func schedule(_ action: @escaping () -> Void) {
            scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            schedule { self.deliver(input) }
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
            guard case .subscribed = state else {
                lock.unlock()
                return
            }
            state = .completing
            lock.unlock()
            schedule { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .completing = state, let downstream else {
                lock.unlock()
                return
            }
            state = .terminal
            self.downstream = nil
            lock.unlock()
            downstreamLock.withLock { downstream.receive(completion: completion) }
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
