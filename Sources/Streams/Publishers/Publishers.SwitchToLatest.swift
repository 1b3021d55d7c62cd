extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes the values of the most recent inner publisher.
    ///
    /// Each new inner publisher cancels the previous one. The result finishes
    /// when upstream has finished and the current inner publisher has finished;
    /// a failure from either fails it at once.
    ///
    ///     searchTerms
    ///         .map { term in service.search(term) }
    ///         .switchToLatest()
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Failure == Never {
    /// Republishes the values of the most recent inner publisher, for an
    /// upstream that cannot fail.
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
    }
}

extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
    /// Republishes the values of the most recent inner publisher, when neither
    /// upstream nor the inner publishers can fail.
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Republishes the values of the most recent inner publisher, when the
    /// inner publishers cannot fail but upstream can.
    @inlinable
    public func switchToLatest() -> Publishers.SwitchToLatest<Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>> {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publishers {
    /// Republishes the values of the most recent inner publisher.
    ///
    /// As in Combine: downstream receives its subscription before upstream is
    /// subscribed; upstream is asked for `.unlimited`; downstream demand is
    /// counted, a new inner publisher is asked for the outstanding demand when
    /// it subscribes, and later requests go to the current inner. A new inner
    /// cancels the previous one first; stale inners are ignored. A cancel
    /// cancels the current inner, then upstream. When upstream
    /// finishes while an inner is active, the result finishes when that inner
    /// does. Like Combine, after upstream fails an inner that ignores its
    /// cancellation may still deliver a value, and repeated upstream
    /// completions with no active inner are each forwarded.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        public let upstream: Upstream

        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // As Combine: downstream gets its subscription first, then upstream is subscribed.
            let outer = Outer(downstream: subscriber)
            outer.downstreamLock.withLock { subscriber.receive(subscription: outer) }
            upstream.subscribe(outer)
        }
    }
}

extension Publishers.SwitchToLatest {
    // Internal and inlinable (not private) so that the whole hot path,
    // one Child per inner publisher, is specialised in the caller's module
    // instead of going through generic metadata lookups.
    @usableFromInline
    final class Outer<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == P.Output, Downstream.Failure == P.Failure {
        @usableFromInline typealias Input = P
        @usableFromInline typealias Failure = P.Failure

        @usableFromInline let lock = UnfairLock()
        @usableFromInline let downstreamLock = RecursiveLock()
        @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
        @usableFromInline @exclusivity(unchecked) var outerSubscription: Subscription?
        @usableFromInline @exclusivity(unchecked) var awaitingOuterSubscription = true
        @usableFromInline @exclusivity(unchecked) var outerFinished = false
        @usableFromInline @exclusivity(unchecked) var cancelled = false
        @usableFromInline @exclusivity(unchecked) var demand = Subscribers.Demand.none
        /// Identifies the current inner publisher; events from older ones are ignored.
        @usableFromInline @exclusivity(unchecked) var currentInner: UInt64 = 0
        @usableFromInline @exclusivity(unchecked) var innerActive = false
        @usableFromInline @exclusivity(unchecked) var innerSubscription: Subscription?

        @inlinable
        init(downstream: Downstream) {
            self.downstream = downstream
        }

        @usableFromInline var description: String { "SwitchToLatest" }

        @inlinable
        func receive(subscription: Subscription) {
            lock.lock()
            guard awaitingOuterSubscription, !cancelled else {
                lock.unlock()
                subscription.cancel()
                return
            }
            awaitingOuterSubscription = false
            outerSubscription = subscription
            lock.unlock()
            subscription.request(.unlimited)
        }

        @inlinable
        func receive(_ input: P) -> Subscribers.Demand {
            lock.lock()
            guard !cancelled, !outerFinished, outerSubscription != nil else {
                lock.unlock()
                return .none
            }
            let previous = innerSubscription
            innerSubscription = nil
            currentInner &+= 1
            innerActive = true
            let child = Child(parent: self, id: currentInner)
            lock.unlock()
            previous?.cancel()
            input.subscribe(child)
            return .none
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !cancelled, let downstream else {
                lock.unlock()
                return
            }
            switch completion {
            case .finished:
                outerFinished = true
                outerSubscription = nil
                if innerActive {
                    // The downstream finishes when the current inner does.
                    lock.unlock()
                    return
                }
                lock.unlock()
            case .failure:
                outerFinished = true
                outerSubscription = nil
                let inner = innerSubscription
                innerSubscription = nil
                innerActive = false
                lock.unlock()
                inner?.cancel()
            }
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }

        @inlinable
        func request(_ demand: Subscribers.Demand) {
            precondition(demand > 0, "request(.none) is a protocol violation")
            lock.lock()
            self.demand += demand
            let inner = innerSubscription
            lock.unlock()
            inner?.request(demand)
        }

        @inlinable
        func cancel() {
            lock.lock()
            cancelled = true
            let outer = outerSubscription
            let inner = innerSubscription
            outerSubscription = nil
            innerSubscription = nil
            innerActive = false
            downstream = nil
            lock.unlock()
            // Combine's order: the current inner, then the outer.
            inner?.cancel()
            outer?.cancel()
        }

        // MARK: Inner publisher events

        @inlinable
        func childReceive(subscription: Subscription, id: UInt64) {
            lock.lock()
            guard id == currentInner, innerActive, !cancelled else {
                lock.unlock()
                subscription.cancel()
                return
            }
            innerSubscription = subscription
            let outstanding = demand
            lock.unlock()
            if outstanding > 0 { subscription.request(outstanding) }
        }

        @inlinable
        func childReceive(_ input: P.Output, id: UInt64) -> Subscribers.Demand {
            lock.lock()
            guard id == currentInner, let downstream else {
                lock.unlock()
                return .none
            }
            precondition(demand > 0, "an inner publisher sent a value without demand")
            demand -= 1
            lock.unlock()

            downstreamLock.lock()
            let more = downstream.receive(input)
            downstreamLock.unlock()
            if more > 0 {
                lock.withLock { demand += more }
            }
            return more
        }

        @inlinable
        func childReceive(completion: Subscribers.Completion<Failure>, id: UInt64) {
            lock.lock()
            guard id == currentInner, innerActive, !cancelled, let downstream else {
                lock.unlock()
                return
            }
            innerActive = false
            innerSubscription = nil
            switch completion {
            case .finished:
                guard outerFinished else {
                    lock.unlock()
                    return
                }
                self.downstream = nil
                lock.unlock()
            case .failure:
                let outer = outerSubscription
                outerSubscription = nil
                outerFinished = true
                self.downstream = nil
                lock.unlock()
                outer?.cancel()
            }
            downstreamLock.withLock { downstream.receive(completion: completion) }
        }
    }

    /// Subscribes to one inner publisher on behalf of `Outer`.
    @usableFromInline
    final class Child<Downstream: Subscriber>: Subscriber
    where Downstream.Input == P.Output, Downstream.Failure == P.Failure {
        @usableFromInline typealias Input = P.Output
        @usableFromInline typealias Failure = P.Failure

        @usableFromInline let parent: Outer<Downstream>
        @usableFromInline let id: UInt64

        @inlinable
        init(parent: Outer<Downstream>, id: UInt64) {
            self.parent = parent
            self.id = id
        }

        @inlinable
        func receive(subscription: Subscription) {
            parent.childReceive(subscription: subscription, id: id)
        }

        @inlinable
        func receive(_ input: Input) -> Subscribers.Demand {
            parent.childReceive(input, id: id)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            parent.childReceive(completion: completion, id: id)
        }
    }
}
