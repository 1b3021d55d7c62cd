extension Publisher {
    /// Replaces a failure with one last value, then finishes.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that turns a failure into a final value and `.finished`.
    ///
    /// As in Combine: requests are forwarded upstream and demand is tracked.
    /// On failure, with demand left it sends the replacement and `.finished` at
    /// once; with none, it waits for the next `request` and then sends both.
    /// Downstream receives its subscription only when upstream supplies one.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(Inner(downstream: subscriber, replacement: output))
        }
    }
}

extension Publishers.ReplaceError {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
        where Downstream.Input == Upstream.Output, Downstream.Failure == Never
    {
        // Guarded by `lock`; let go when the subscription is cancelled or completes.
        private var downstreamSlot: Downstream?
        /// The subscriber, while the subscription lasts. Read outside the lock only.
        private var downstream: Downstream? { lock.withLock { downstreamSlot } }
        private let replacement: Output
        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription
        private var demand = Subscribers.Demand.none
        /// Upstream failed while there was no demand: the replacement waits for a request.
        private var replacementPending = false

        init(downstream: Downstream, replacement: Output) {
            self.downstreamSlot = downstream
            self.replacement = replacement
        }

        var description: String { "ReplaceError" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            downstream?.receive(subscription: self)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return .none
            }
            guard demand > 0 else {
                lock.unlock()
                apiViolationUnexpectedValue()
            }
            demand -= 1
            lock.unlock()
            let more = downstream?.receive(input) ?? .none
            if more > 0 {
                lock.withLock { demand += more }
            }
            return more
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            switch completion {
            case .finished:
                status = .terminal
                let downstream = downstreamSlot
                downstreamSlot = nil
                lock.unlock()
                downstream?.receive(completion: .finished)
            case .failure:
                guard demand > 0 else {
                    // Wait for demand; the status stays "subscribed" so a request can still arrive.
                    replacementPending = true
                    status = .pendingTerminal(Subscriptions.empty)
                    lock.unlock()
                    return
                }
                status = .terminal
                let downstream = downstreamSlot
                downstreamSlot = nil
                lock.unlock()
                _ = downstream?.receive(replacement)
                downstream?.receive(completion: .finished)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            switch status {
            case .subscribed(let subscription):
                self.demand += demand
                lock.unlock()
                subscription.request(demand)
            case .pendingTerminal where replacementPending:
                replacementPending = false
                status = .terminal
                let downstream = downstreamSlot
                downstreamSlot = nil
                lock.unlock()
                _ = downstream?.receive(replacement)
                downstream?.receive(completion: .finished)
            default:
                lock.unlock()
            }
        }

        func cancel() {
            lock.lock()
            let subscription = status.subscription
            status = .terminal
            let releasedDownstream = downstreamSlot
            downstreamSlot = nil
            replacementPending = false
            lock.unlock()
            subscription?.cancel()
            withExtendedLifetime(releasedDownstream) {}
        }
    }
}
