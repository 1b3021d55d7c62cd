import Streams

extension Publisher where Failure == HTTPError {
    /// Subscribes again, after a short backoff on `scheduler`, when the
    /// publisher fails with a transient error (`HTTPError.isTransient`:
    /// connect failures, timeouts, dropped connections, 502/503/504), at most
    /// `maxRetries` times. Other failures, and 4xx (429 included), pass at once.
    ///
    /// The backoff doubles: `initialBackoff`, then twice that, and so on.
    /// Put it after `validateStatus()` so 5xx responses count as failures.
    /// `Retry-After` is not waited for: a server asking for patience gets it
    /// from the user, not from a loop.
    public func retryTransientFailures<S: Scheduler>(
        maxRetries: Int = 2,
        initialBackoff: S.SchedulerTimeType.Stride = .milliseconds(500),
        scheduler: S
    ) -> Publishers.RetryTransientFailures<Self, S> {
        Publishers.RetryTransientFailures(upstream: self, maxRetries: maxRetries, initialBackoff: initialBackoff, scheduler: scheduler)
    }
}

extension Publishers {
    /// The publisher of `retryTransientFailures(maxRetries:initialBackoff:scheduler:)`.
    public struct RetryTransientFailures<Upstream: Publisher, Context: Scheduler>: Publisher where Upstream.Failure == HTTPError {
        public typealias Output = Upstream.Output
        public typealias Failure = HTTPError

        public let upstream: Upstream
        public let maxRetries: Int
        public let initialBackoff: Context.SchedulerTimeType.Stride
        public let scheduler: Context

        public init(upstream: Upstream, maxRetries: Int, initialBackoff: Context.SchedulerTimeType.Stride, scheduler: Context) {
            self.upstream = upstream
            self.maxRetries = max(0, maxRetries)
            self.initialBackoff = initialBackoff
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == HTTPError {
            let inner = Inner(parent: self, downstream: subscriber)
            subscriber.receive(subscription: inner)
            inner.subscribeUpstream()
        }
    }
}

extension Publishers.RetryTransientFailures {
    /// Owns the downstream side; each attempt gets its own `Attempt`
    /// subscriber, so a late event from an abandoned attempt is ignored.
    private final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == HTTPError {
        private struct State {
            var downstream: Downstream?
            var upstream: Subscription?
            var attempt = 0
            var demand = Subscribers.Demand.none
        }

        private enum Next {
            case ignore
            case forward(Downstream)
            case retry(after: Context.SchedulerTimeType.Stride)
        }

        private let parent: Publishers.RetryTransientFailures<Upstream, Context>
        private let state: Locked<State>

        init(parent: Publishers.RetryTransientFailures<Upstream, Context>, downstream: Downstream) {
            self.parent = parent
            state = Locked(State(downstream: downstream))
        }

        var description: String { "RetryTransientFailures" }

        func subscribeUpstream() {
            let attempt: Int? = state.withLock { state in
                state.downstream == nil ? nil : state.attempt
            }
            guard let attempt else { return }
            parent.upstream.subscribe(Attempt(inner: self, number: attempt))
        }

        func attemptSubscribed(_ subscription: Subscription, number: Int) {
            let demand: Subscribers.Demand? = state.withLock { state in
                guard state.downstream != nil, state.attempt == number, state.upstream == nil else { return nil }
                state.upstream = subscription
                return state.demand
            }
            guard let demand else {
                subscription.cancel()
                return
            }
            if demand > 0 { subscription.request(demand) }
        }

        func attemptReceived(_ value: Output, number: Int) -> Subscribers.Demand {
            let downstream: Downstream? = state.withLock { state in
                guard state.attempt == number, let downstream = state.downstream else { return nil }
                state.demand -= 1
                return downstream
            }
            guard let downstream else { return .none }
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
            return more
        }

        func attemptCompleted(_ completion: Subscribers.Completion<HTTPError>, number: Int) {
            let next: Next = state.withLock { state in
                guard state.attempt == number, let downstream = state.downstream else { return .ignore }
                if case .failure(let error) = completion, error.isTransient, state.attempt < parent.maxRetries {
                    state.attempt += 1
                    state.upstream = nil
                    var backoff = parent.initialBackoff
                    // Doubled by adding: a Stride's integer literal means seconds
                    // for DispatchQueue, so `* 2` would multiply by 2 s.
                    for _ in 1..<state.attempt { backoff = backoff + backoff }
                    return .retry(after: backoff)
                }
                state.downstream = nil
                state.upstream = nil
                return .forward(downstream)
            }
            switch next {
            case .ignore:
                break
            case .forward(let downstream):
                downstream.receive(completion: completion)
            case .retry(let backoff):
                parent.scheduler.schedule(after: parent.scheduler.now.advanced(by: backoff)) { [self] in
                    subscribeUpstream()
                }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream: Subscription? = state.withLock { state in
                guard state.downstream != nil else { return nil }
                state.demand += demand
                return state.upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            let upstream: Subscription? = state.withLock { state in
                defer {
                    state.downstream = nil
                    state.upstream = nil
                }
                return state.upstream
            }
            upstream?.cancel()
        }
    }

    private final class Attempt<Downstream: Subscriber>: Subscriber, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == HTTPError {
        typealias Input = Output
        typealias Failure = HTTPError

        private let inner: Inner<Downstream>
        private let number: Int

        init(inner: Inner<Downstream>, number: Int) {
            self.inner = inner
            self.number = number
        }

        func receive(subscription: Subscription) { inner.attemptSubscribed(subscription, number: number) }
        func receive(_ input: Output) -> Subscribers.Demand { inner.attemptReceived(input, number: number) }
        func receive(completion: Subscribers.Completion<HTTPError>) { inner.attemptCompleted(completion, number: number) }
    }
}
