extension Publisher {
    /// Ends the stream when upstream goes `interval` without sending anything.
    ///
    /// As in Combine, the clock starts when upstream's subscription arrives,
    /// restarts at downstream's first request, and at every value. On a
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
    /// in the order they arrived, as Combine does. Downstream's demand is
    /// passed upstream and the demand returned from a delivered value is
    /// requested upstream. The clock is (re)started when upstream's
    /// subscription arrives, at downstream's first request and at every value,
    /// as in Combine: with a first request 200 ms late, a 300 ms timeout fires
    /// at 500 ms. A timeout cancels upstream and delivers the timeout
    /// completion from the timer's action; a value still waiting in the
    /// scheduler at that moment is dropped.
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
    private final class Inner<Downstream: Subscriber>: ScheduledProducer<Downstream>, Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        // Guarded by `lock`, as is the clock.
        private var customError: (() -> Upstream.Failure)?
        private var clock = RestartableTimer()
        private var hasBeenRequested = false

        init(downstream: Downstream, timeout: Publishers.Timeout<Upstream, Context>) {
            self.interval = timeout.interval
            self.scheduler = timeout.scheduler
            self.options = timeout.options
            self.customError = timeout.customError
            super.init(downstream: downstream)
        }

        var description: String { "Timeout" }

        func receive(subscription: Subscription) {
            guard let downstream = accept(subscription) else { return }
            restartClock()
            downstreamLock.withLock { downstream.receive(subscription: self) }
        }

        private func restartClock() {
            let (current, previous) = lock.withLock { clock.restart() }
            previous?.cancel()

            let newTimer = RestartableTimer.schedule(on: scheduler, after: interval, options: options) { [weak self] in
                self?.timedOut(clock: current)
            }

            lock.lock()
            let unwanted: Cancellable?
            if case .subscribed = state {
                unwanted = clock.keep(newTimer, for: current)
            } else {
                unwanted = newTimer
            }
            lock.unlock()
            unwanted?.cancel()
        }

        private func timedOut(clock fired: UInt64) {
            lock.lock()
            guard clock.isCurrent(fired), case .subscribed(let upstream) = state, let downstream else {
                lock.unlock()
                return
            }
            state = .terminal
            let firedTimer = clock.stop()
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
            guard isSubscribed else { return .none }
            restartClock()
            scheduler.schedule(options: options) { self.deliver(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard beginCompleting() else {
                lock.unlock()
                return
            }
            let pendingTimer = clock.stop()
            // Only a timeout, which can no longer happen, would call it.
            customError = nil
            lock.unlock()
            pendingTimer?.cancel()
            scheduler.schedule(options: options) { self.deliver(completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let upstream) = state else {
                lock.unlock()
                return
            }
            let isFirst = !hasBeenRequested
            hasBeenRequested = true
            lock.unlock()
            if isFirst { restartClock() }
            upstream.request(demand)
        }

        func cancel() {
            lock.lock()
            let upstream = terminate()
            customError = nil
            let pendingTimer = clock.stop()
            lock.unlock()
            pendingTimer?.cancel()
            upstream?.cancel()
        }
    }
}
