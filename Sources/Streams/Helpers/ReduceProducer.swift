/// The shared body of operators that consume upstream and send at most one
/// value at the end (`first`, `first(where:)`, `collect()`).
///
/// It requests `.unlimited` upstream as soon as it is subscribed, whatever
/// downstream asks for, and sends its result (then `.finished`) once upstream
/// is done *and* downstream has requested something. A subclass may end early
/// (`first` cancels upstream on its first value). An upstream failure is
/// forwarded at once, without waiting for demand. Once the result or a
/// failure has been sent, the downstream subscriber and the reducer are let
/// go, so a subscriber that keeps its subscription does not keep itself alive.
class ReduceProducer<Downstream: Subscriber, Input, Output, UpstreamFailure: Error, Reducer>:
    Subscriber, Subscription, CustomStringConvertible
    where Downstream.Input == Output
{
    // Guarded by `lock`; let go when the subscription is cancelled or completes.
    private var downstreamSlot: Downstream?
    /// The subscriber, while the subscription lasts. Read outside the lock only.
    private var downstream: Downstream? { lock.withLock { downstreamSlot } }
    /// Called by the subclass from `receive(newValue:)` only. Upstream's
    /// events are serial, so it is cleared without the lock, and only from
    /// upstream's completion paths (never from `cancel`).
    final private(set) var reduce: Reducer?
    /// The result so far; upstream delivers one value at a time, so the
    /// subclass updates it without the lock.
    final var result: Output?

    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var status = SubscriptionStatus.awaitingSubscription
    private var downstreamRequested = false
    private var upstreamDone = false
    private var delivered = false

    init(downstream: Downstream, initialResult: Output?, reduce: Reducer) {
        self.downstreamSlot = downstream
        self.reduce = reduce
        result = initialResult
    }

    /// Folds one value into `result`; `.finished` ends early, `.failure` fails.
    func receive(newValue: Input) -> PartialCompletion<Void, Downstream.Failure> {
        fatalError("abstract")
    }

    var description: String { "Reduce" }

    final func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.unlock()
        downstream?.receive(subscription: self)
        subscription.request(.unlimited)
    }

    final func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        switch receive(newValue: input) {
        case .continue:
            return .none
        case .finished:
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return .none
            }
            status = .terminal
            upstreamDone = true
            let send = downstreamRequested
            lock.unlock()
            reduce = nil
            subscription.cancel()
            if send { sendResult() }
        case .failure(let error):
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return .none
            }
            status = .terminal
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
            reduce = nil
            subscription.cancel()
            downstream?.receive(completion: .failure(error))
        }
        return .none
    }

    final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .subscribed = status else {
            lock.unlock()
            return
        }
        status = .terminal
        switch completion {
        case .finished:
            upstreamDone = true
            let send = downstreamRequested
            lock.unlock()
            reduce = nil
            if send { sendResult() }
        case .failure(let error):
            delivered = true
            result = nil
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
            reduce = nil
            // Downstream's failure is either the upstream failure or `any Error`.
            downstream?.receive(completion: .failure(error as! Downstream.Failure))
        }
    }

    final func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard !downstreamRequested else {
            lock.unlock()
            return
        }
        downstreamRequested = true
        let send = upstreamDone
        lock.unlock()
        if send { sendResult() }
    }

    private func sendResult() {
        lock.lock()
        guard !delivered else {
            lock.unlock()
            return
        }
        delivered = true
        let result = self.result
        self.result = nil
        let downstream = downstreamSlot
        downstreamSlot = nil
        lock.unlock()
        if let result {
            _ = downstream?.receive(result)
        }
        downstream?.receive(completion: .finished)
    }

    final func cancel() {
        lock.lock()
        let subscription = status.subscription
        status = .terminal
        let releasedDownstream = downstreamSlot
        downstreamSlot = nil
        delivered = true
        lock.unlock()
        subscription?.cancel()
        withExtendedLifetime(releasedDownstream) {}
    }
}
