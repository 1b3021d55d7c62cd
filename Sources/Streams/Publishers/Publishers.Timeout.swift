extension Publisher {
    /// Ends the stream when upstream goes `interval` without sending anything.
    ///
    /// The clock starts at subscription and restarts with every value. On a
    /// timeout, upstream is cancelled and downstream receives `customError()`
    /// as a failure, or `.finished` when there is no `customError`.
    ///
    ///     request.timeout(.seconds(10), scheduler: queue, customError: { .timedOut })
    ///
    /// - Parameters:
    ///   - interval: The longest upstream may stay silent.
    ///   - scheduler: Where the clock runs and events are delivered.
    ///   - options: Options passed to `scheduler`.
    ///   - customError: Makes the failure sent on a timeout; nil finishes instead.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers {
    /// Ends the stream when upstream stays silent too long.
    ///
    /// Values and the completion are delivered through `scheduler.schedule(options:)`
    /// in the order they arrived, as Combine does. Deliberate difference from
    /// OpenCombine (which asks upstream for `.unlimited`): downstream's demand is
    /// passed upstream and the demand returned from a delivered value is
    /// requested upstream, so back-pressure holds. A timeout cancels upstream and
    /// delivers the timeout completion from the timer's action; a value still
    /// waiting in the scheduler at that moment is dropped.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public let customError: (() -> Upstream.Failure)?

        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?,
            customError: (() -> Upstream.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, timeout: self))
        }
    }
}

extension Publishers.Timeout {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
            /// Upstream completed or timed out; scheduled events are still to run.
            case completing
            case terminal
        }

        private let lock = UnfairLock()
        private let downstreamLock = RecursiveLock()
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private var customError: (() -> Upstream.Failure)?
        private var downstream: Downstream?
        private var state = State.awaitingSubscription
        private var timer: Cancellable?
        /// Bumped by every restart of the clock, so a stale timer does nothing.
        private var clock: UInt64 = 0

        init(downstream: Downstream, timeout: Publishers.Timeout<Upstream, Context>) {
            self.downstream = downstream
            self.interval = timeout.interval
            self.scheduler = timeout.scheduler
            self.options = timeout.options
            self.customError = timeout.customError
        }

        var description: String { "Timeout" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state, let downstream else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            lock.unlock()
            restartClock()
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        private func restartClock() {
            lock.lock()
            clock &+= 1
            let current = clock
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()

            let newTimer = scheduler.schedule(
                after: scheduler.now.advanced(by: interval),
                interval: interval,
                tolerance: scheduler.minimumTolerance,
                options: options
            ) { [weak self] in self?.timedOut(clock: current) }

            lock.lock()
            if clock == current, case .subscribed = state {
                timer = newTimer
                lock.unlock()
            } else {
                lock.unlock()
                newTimer.cancel()
            }
        }

        private func timedOut(clock fired: UInt64) {
            lock.lock()
            guard clock == fired, case .subscribed(let upstream) = state, let downstream else {
                lock.unlock()
                return
            }
            state = .terminal
            let firedTimer = timer
            timer = nil
            let makeError = customError
            self.downstream = nil
            customError = nil
            lock.unlock()
            firedTimer?.cancel()
            upstream.cancel()
            let completion: Subscribers.Completion<Failure> = makeError.map { .failure($0()) } ?? .finished
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            restartClock()
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
            guard case .subscribed = state else {
                lock.unlock()
                return
            }
            state = .completing
            let pendingTimer = timer
            timer = nil
            lock.unlock()
            pendingTimer?.cancel()
            scheduler.schedule(options: options) { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .completing = state, let downstream else {
                lock.unlock()
                return
            }
            state = .terminal
            self.downstream = nil
            customError = nil
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
            customError = nil
            let pendingTimer = timer
            timer = nil
            lock.unlock()
            pendingTimer?.cancel()
            upstream?.cancel()
        }
    }
}
