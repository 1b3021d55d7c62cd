/// Where a `ScheduledProducer` stands with upstream.
@usableFromInline
enum ScheduledProducerState {
    case awaitingSubscription
    case subscribed(Subscription)
    /// Upstream completed (or the operator ended it); events already handed
    /// to the scheduler are still to run. Upstream is no longer asked for anything.
    case completing
    case terminal
}

/// The shared body of the operators that hand upstream's events to a
/// scheduler and deliver them from its actions: `delay`, `timeout`,
/// `debounce` and `throttle`. (`receive(on:)` keeps its own state machine:
/// once upstream has completed, a cancel no longer stops its scheduled
/// events, as in Combine.)
///
/// It holds what their state machines have in common: the lock, the
/// recursive lock held around calls into downstream, the downstream
/// subscriber (let go when the subscription ends) and the
/// awaiting/subscribed/completing/terminal state. A subclass (the operator's
/// `Inner`) keeps its own state behind the same `lock` and calls the steps
/// below; methods marked "lock held" expect the caller to hold `lock`, the
/// others take it themselves. Nothing here calls downstream, upstream or a
/// scheduler with `lock` held.
///
/// The class itself puts no requirement on `Downstream` (its steps do, in the
/// extension below): the runtime builds a subclass's superclass from its
/// mangled name, and a `Downstream: Subscriber` requirement there costs a
/// search through every conformance in the binary for each new subscriber
/// type, the first time each operator is subscribed.
@usableFromInline
class ScheduledProducer<Downstream> {
    @usableFromInline final let lock = UnfairLock()
    @usableFromInline final let downstreamLock = RecursiveLock()
    /// Guarded by `lock`.
    @usableFromInline final var downstream: Downstream?
    /// Guarded by `lock`.
    @usableFromInline final var state = ScheduledProducerState.awaitingSubscription

    @inlinable
    init(downstream: Downstream) {
        self.downstream = downstream
    }
}

extension ScheduledProducer where Downstream: Subscriber {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// Takes the first subscription and returns the downstream subscriber to
    /// pass it on to; cancels any other subscription and returns nil.
    @inlinable
    final func accept(_ subscription: Subscription) -> Downstream? {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            lock.unlock()
            subscription.cancel()
            return nil
        }
        state = .subscribed(subscription)
        lock.unlock()
        return downstream
    }

    /// Whether upstream's events are still taken in.
    @usableFromInline final var isSubscribed: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .subscribed = state { return true }
        return false
    }

    /// Delivers a value from a scheduled action, one at a time, and requests
    /// upstream the demand downstream returns. While completing, the value is
    /// still delivered but nothing more is requested; after cancel it is dropped.
    @inlinable
    final func deliver(_ input: Input) {
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

    /// Lock held. Moves from subscribed to completing; false in any other
    /// state (a second completion, or one after cancel, is ignored).
    @inlinable
    final func beginCompleting() -> Bool {
        guard case .subscribed = state else { return false }
        state = .completing
        return true
    }

    /// Delivers the completion that `beginCompleting()` set on its way, from
    /// a scheduled action, and lets downstream go. After cancel it does nothing.
    @inlinable
    final func deliver(_ completion: Subscribers.Completion<Failure>) {
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

    /// Passes a downstream request straight upstream while subscribed.
    @inlinable
    final func requestUpstream(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let upstream) = state else {
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    /// Lock held. Ends the subscription and lets downstream go; returns the
    /// upstream subscription to cancel (once unlocked) if it was still subscribed.
    @inlinable
    final func terminate() -> Subscription? {
        let upstream: Subscription?
        if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = nil }
        state = .terminal
        downstream = nil
        return upstream
    }
}
