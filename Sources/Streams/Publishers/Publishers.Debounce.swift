extension Publisher {
    /// Publishes a value only after `dueTime` has passed with no newer value.
    ///
    /// Each value restarts the timer; when it fires, the latest value is sent
    /// downstream on `scheduler`. A completion drops the pending value and is
    /// delivered through `scheduler` at once.
    ///
    ///     query.debounce(for: .milliseconds(250), scheduler: DispatchQueue.main)
    ///
    /// - Parameters:
    ///   - dueTime: How long upstream must stay quiet before the latest value is sent.
    ///   - scheduler: Where the timer runs and values are delivered.
    ///   - options: Options passed to `scheduler`.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// Publishes a value only after a quiet period of `dueTime`.
    ///
    /// As in Combine: upstream is asked for `.unlimited`; downstream demand is
    /// only counted. A timer that fires while downstream demand is zero drops
    /// its value rather than buffering it. A completion cancels the timer, drops
    /// the pending value and is delivered through `scheduler.schedule(options:)`.
    /// Cancelling delivers nothing more, not even a scheduled completion.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(
            upstream: Upstream,
            dueTime: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.Debounce {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// Upstream completed; the completion is on its way through the scheduler.
            case completing
            case terminal
        }

        private let lock = UnfairLock()
        private let downstreamLock = RecursiveLock()
        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        private var downstream: Downstream?
        private var state = State.awaitingSubscription
        private var demand = Subscribers.Demand.none
        /// Bumped by every value, so a timer can tell whether it is still the latest.
        private var generation: UInt64 = 0
        private var pendingValue: Input?
        private var timer: Cancellable?

        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "Debounce" }

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
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            generation &+= 1
            let current = generation
            pendingValue = input
            let previousTimer = timer
            timer = nil
            lock.unlock()

            let due = scheduler.now.advanced(by: dueTime)
            // The repeating variant gives a token to cancel; the generation check
            // keeps a timer that outlives its cancel from emitting.
            let newTimer = scheduler.schedule(
                after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options
            ) { self.timerFired(generation: current) }

            lock.lock()
            if generation == current, pendingValue != nil, case .subscribed = state {
                timer = newTimer
                lock.unlock()
            } else {
                // Superseded, completed, cancelled, or already fired (ImmediateScheduler).
                lock.unlock()
                newTimer.cancel()
            }
            previousTimer?.cancel()
            return .none
        }

        private func timerFired(generation fired: UInt64) {
            lock.lock()
            guard case .subscribed = state, generation == fired, let value = pendingValue, let downstream else {
                lock.unlock()
                return
            }
            pendingValue = nil
            let firedTimer = timer
            timer = nil
            guard demand > 0 else {
                // No demand: the value is dropped, as Combine does.
                lock.unlock()
                firedTimer?.cancel()
                return
            }
            demand -= 1
            lock.unlock()
            firedTimer?.cancel()

            downstreamLock.lock()
            let more = downstream.receive(value)
            downstreamLock.unlock()
            if more > 0 {
                lock.withLock { demand += more }
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return
            }
            state = .completing
            pendingValue = nil
            let pendingTimer = timer
            timer = nil
            lock.unlock()
            pendingTimer?.cancel()
            scheduler.schedule(options: nil) { self.deliver(completion) }
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
            lock.withLock { self.demand += demand }
        }

        func cancel() {
            lock.lock()
            let upstream: Subscription?
            if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = nil }
            state = .terminal
            downstream = nil
            pendingValue = nil
            let pendingTimer = timer
            timer = nil
            lock.unlock()
            pendingTimer?.cancel()
            upstream?.cancel()
        }
    }
}
