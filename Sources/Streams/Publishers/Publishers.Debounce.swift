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
    @inlinable
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

        @inlinable
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

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.Debounce {
    // Internal and inlinable (not private), so that it is specialised in the
    // caller's module with its scheduler instead of going through generic
    // metadata lookups for every value.
    @usableFromInline
    final class Inner<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        @usableFromInline let dueTime: Context.SchedulerTimeType.Stride
        @usableFromInline let scheduler: Context
        @usableFromInline let options: Context.SchedulerOptions?
        // Guarded by `lock`.
        @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var pendingValue: Input?
        /// Restarted by every value; only the latest generation may emit.
        @usableFromInline var timer = RestartableTimer()

        @inlinable
        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        @usableFromInline var description: String { "Debounce" }

        @inlinable
        func receive(subscription: Subscription) {
            guard let downstream = accept(subscription) else { return }
            downstreamLock.withLock { downstream.receive(subscription: self) }
            subscription.request(.unlimited)
        }

        @inlinable
        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            let (current, previousTimer) = timer.restart()
            pendingValue = input
            lock.unlock()

            // The scheduled closure holds the subscription strongly, as Combine's does.
            let newTimer = RestartableTimer.schedule(on: scheduler, after: dueTime, options: options) {
                self.timerFired(generation: current)
            }

            lock.lock()
            let unwanted: Cancellable?
            if pendingValue != nil, case .subscribed = state {
                unwanted = timer.keep(newTimer, for: current)
            } else {
                // Completed, cancelled, or already fired (ImmediateScheduler).
                unwanted = newTimer
            }
            lock.unlock()
            // Superseded by a newer value, or not wanted at all.
            unwanted?.cancel()
            previousTimer?.cancel()
            return .none
        }

        @inlinable
        func timerFired(generation fired: UInt64) {
            lock.lock()
            guard case .subscribed = state, timer.isCurrent(fired), let value = pendingValue, let downstream else {
                lock.unlock()
                return
            }
            pendingValue = nil
            let firedTimer = timer.stop()
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

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard beginCompleting() else {
                lock.unlock()
                return
            }
            pendingValue = nil
            let pendingTimer = timer.stop()
            lock.unlock()
            pendingTimer?.cancel()
            scheduler.schedule(options: nil) { self.deliver(completion) }
        }

        @inlinable
        func request(_ demand: Subscribers.Demand) {
            lock.withLock { self.demand += demand }
        }

        @inlinable
        func cancel() {
            lock.lock()
            let upstream = terminate()
            pendingValue = nil
            let pendingTimer = timer.stop()
            lock.unlock()
            pendingTimer?.cancel()
            upstream?.cancel()
        }
    }
}
