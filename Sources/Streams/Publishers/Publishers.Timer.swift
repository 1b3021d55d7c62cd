extension Scheduler {
    /// Publishes the scheduler's time every `interval`, starting one interval
    /// after subscription, until cancelled.
    ///
    ///     DispatchQueue.main.timerPublisher(every: .seconds(1))
    ///         .sink { _ in redrawCountdowns() }
    ///
    /// - Parameters:
    ///   - interval: The time between two ticks.
    ///   - tolerance: How late a tick may be; the scheduler's minimum when nil.
    public func timerPublisher(
        every interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride? = nil,
        options: SchedulerOptions? = nil
    ) -> Publishers.Timer<Self> {
        Publishers.Timer(scheduler: self, interval: interval, tolerance: tolerance, options: options)
    }
}

extension Publishers {
    /// Ticks on a scheduler: the scheduler's `now` at each tick.
    ///
    /// As Foundation's `Timer.publish`, a tick that comes while downstream
    /// demand is zero is dropped (a late subscriber gets the next one, never a
    /// burst); the timer never completes. Deliberate difference: it is not a
    /// `ConnectablePublisher`: each subscription starts its own timer, as
    /// `Timer.publish(…).autoconnect()` does, and cancelling stops it. Ticks
    /// come from the scheduler's repeating `schedule(after:interval:…)`, so
    /// virtual time (`TestScheduler`) drives them exactly.
    public struct Timer<Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType
        public typealias Failure = Never

        public let scheduler: Context
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride?
        public let options: Context.SchedulerOptions?

        public init(scheduler: Context, interval: Context.SchedulerTimeType.Stride,
                    tolerance: Context.SchedulerTimeType.Stride? = nil, options: Context.SchedulerOptions? = nil) {
            self.scheduler = scheduler
            self.interval = interval
            self.tolerance = tolerance
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            let inner = Inner(downstream: subscriber, timer: self)
            subscriber.receive(subscription: inner)
            inner.start()
        }
    }
}

extension Publishers.Timer {
    private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Never {
        private enum State {
            /// Subscribed; the scheduler has not been asked yet.
            case starting
            case running(Cancellable)
            case cancelled
        }

        private let lock = UnfairLock()
        private let timer: Publishers.Timer<Context>
        // Guarded by `lock`.
        private var state = State.starting
        private var downstream: Downstream?
        private var demand = Subscribers.Demand.none

        init(downstream: Downstream, timer: Publishers.Timer<Context>) {
            self.downstream = downstream
            self.timer = timer
        }

        var description: String { "Timer" }

        /// Asks the scheduler for the ticks, once downstream holds its subscription.
        func start() {
            let scheduler = timer.scheduler
            let token = scheduler.schedule(
                after: scheduler.now.advanced(by: timer.interval),
                interval: timer.interval,
                tolerance: timer.tolerance ?? scheduler.minimumTolerance,
                options: timer.options
            ) { [weak self] in self?.tick() }
            lock.lock()
            guard case .starting = state else {
                // Cancelled before the scheduler answered.
                lock.unlock()
                token.cancel()
                return
            }
            state = .running(token)
            lock.unlock()
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.withLock { self.demand += demand }
        }

        func cancel() {
            lock.lock()
            let previous = state
            state = .cancelled
            let released = downstream
            downstream = nil
            lock.unlock()
            if case .running(let token) = previous { token.cancel() }
            withExtendedLifetime(released) {}
        }

        private func tick() {
            let now = timer.scheduler.now
            lock.lock()
            // A tick may come before `start` has stored the token: only a cancel stops it.
            if case .cancelled = state {
                lock.unlock()
                return
            }
            guard let downstream, demand > 0 else {
                // No demand: the tick is dropped.
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(now)
            guard more > 0 else { return }
            lock.withLock {
                if case .cancelled = state { return }
                demand += more
            }
        }
    }
}
