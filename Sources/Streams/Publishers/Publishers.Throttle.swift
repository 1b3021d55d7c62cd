extension Publisher {
    /// Publishes at most one value per `interval`: the most recent or the
    /// first one received in it.
    ///
    /// The first value goes out at once (through the scheduler); values that
    /// arrive while one is waiting to go out replace it (`latest: true`) or are
    /// dropped (`latest: false`).
    ///
    ///     keyPresses.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true)
    ///
    /// - Parameters:
    ///   - interval: The minimum time between two values sent downstream.
    ///   - scheduler: Where values are delivered.
    ///   - latest: Whether to send the most recent value of an interval (`true`) or the first.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// Publishes at most one value per interval.
    ///
    /// As in Combine: upstream is asked for `.unlimited` before downstream gets
    /// its subscription. A value that arrives while downstream demand is zero
    /// is dropped, even one that would replace a waiting value; demand is taken when the
    /// emission is scheduled. The first emission is scheduled "now" with
    /// `schedule(options:)`; later ones at `max(now, lastEmission + interval)`.
    /// A completion that arrives while a value waits is delivered right after
    /// it, in the same scheduled action. Cancelled scheduled actions do nothing.
    /// Deliberate difference: `scheduler.now` is read only when a value
    /// arrives and when an emission runs (Combine also reads it at creation and
    /// subscription); the events and their times are the same.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publishers.Throttle {
    private final class Inner<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        // Guarded by `lock`.
        private var demand = Subscribers.Demand.none
        private var lastEmission: Context.SchedulerTimeType?
        /// An emission is scheduled; it sends `pendingValue` then `pendingCompletion`.
        private var emissionScheduled = false
        private var pendingValue: Input?
        private var pendingCompletion: Subscribers.Completion<Failure>?

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            super.init(downstream: downstream)
        }

        var description: String { "Throttle" }

        func receive(subscription: Subscription) {
            guard let downstream = accept(subscription) else { return }
            subscription.request(.unlimited)
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let now = scheduler.now
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            guard demand > 0 else {
                // No demand: dropped, as Combine does (even while a value waits).
                lock.unlock()
                return .none
            }
            if emissionScheduled {
                if latest { pendingValue = input }
                lock.unlock()
                return .none
            }
            demand -= 1
            emissionScheduled = true
            pendingValue = input
            let earliest = lastEmission.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
            lock.unlock()

            let action: () -> Void = { [weak self] in self?.emit() }
            if earliest == now {
                scheduler.schedule(options: nil, action)
            } else {
                scheduler.schedule(after: earliest, tolerance: scheduler.minimumTolerance, options: nil, action)
            }
            return .none
        }

        // Not the shared `deliver(_ completion:)`: a waiting value and the
        // completion go out together, from the one scheduled emission.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard beginCompleting() else {
                lock.unlock()
                return
            }
            pendingCompletion = completion
            if emissionScheduled {
                // Delivered right after the waiting value.
                lock.unlock()
                return
            }
            emissionScheduled = true
            lock.unlock()
            scheduler.schedule(options: nil) { [weak self] in self?.emit() }
        }

        private func emit() {
            let now = scheduler.now
            lock.lock()
            guard emissionScheduled, let downstream else {
                lock.unlock()
                return
            }
            switch state {
            case .subscribed, .completing: break
            case .awaitingSubscription, .terminal:
                lock.unlock()
                return
            }
            emissionScheduled = false
            let value = pendingValue
            pendingValue = nil
            let completion = pendingCompletion
            pendingCompletion = nil
            if value != nil { lastEmission = now }
            if completion != nil {
                state = .terminal
                self.downstream = nil
            }
            lock.unlock()

            downstreamLock.lock()
            var more = Subscribers.Demand.none
            if let value { more = downstream.receive(value) }
            if let completion { downstream.receive(completion: completion) }
            downstreamLock.unlock()
            if more > 0 {
                lock.withLock { demand += more }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > 0 else { return }
            lock.withLock { self.demand += demand }
        }

        func cancel() {
            lock.lock()
            let upstream = terminate()
            pendingValue = nil
            pendingCompletion = nil
            lock.unlock()
            upstream?.cancel()
        }
    }
}
