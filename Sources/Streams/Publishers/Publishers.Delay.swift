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
    private final class Inner<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let tolerance: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, delay: Publishers.Delay<Upstream, Context>) {
            self.interval = delay.interval
            self.tolerance = delay.tolerance
            self.scheduler = delay.scheduler
            self.options = delay.options
            super.init(downstream: downstream)
        }

        var description: String { "Delay" }

        func receive(subscription: Subscription) {
            guard let downstream = accept(subscription) else { return }
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        private func schedule(_ action: @escaping () -> Void) {
            scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, action)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isSubscribed else { return .none }
            schedule { self.deliver(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard lock.withLock({ beginCompleting() }) else { return }
            schedule { self.deliver(completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            requestUpstream(demand)
        }

        func cancel() {
            lock.withLock { terminate() }?.cancel()
        }
    }
}
