extension Publisher {
    /// Subscribes to upstream, and sends it requests and cancellation, on `scheduler`.
    ///
    /// Use it to move the work a publisher does when subscribed (opening a
    /// file, starting a request) off the caller's thread. Values arrive on
    /// whatever thread upstream sends them; use `receive(on:)` to move those.
    ///
    ///     expensiveLoad.subscribe(on: DispatchQueue.global()).receive(on: DispatchQueue.main)
    ///
    /// - Parameters:
    ///   - scheduler: Where upstream is subscribed, asked for values and cancelled.
    ///   - options: Options passed to `scheduler`.
    public func subscribe<S: Scheduler>(
        on scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// Performs subscription, requests and cancellation on a scheduler.
    ///
    /// As in Combine: `upstream.subscribe`, every `request` and `cancel` are
    /// scheduled with `schedule(options:)`; the subscription and the events
    /// reach downstream directly from upstream. A `cancel()` stops events at
    /// once, before the scheduled upstream cancel runs.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
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
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publishers.SubscribeOn {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(Subscription)
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

        var description: String { "SubscribeOn" }

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
            guard case .subscribed = state, let downstream else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            downstreamLock.lock()
            let more = downstream.receive(input)
            downstreamLock.unlock()
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state, let downstream else {
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
            scheduler.schedule(options: options) { upstream.request(demand) }
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let upstream) = state else {
                state = .terminal
                downstream = nil
                lock.unlock()
                return
            }
            state = .terminal
            downstream = nil
            lock.unlock()
            scheduler.schedule(options: options) { upstream.cancel() }
        }
    }
}
