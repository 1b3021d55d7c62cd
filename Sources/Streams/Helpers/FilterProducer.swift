/// What a `FilterProducer` subclass decides for one value: pass on this
/// (optional) value, or end the stream.
@usableFromInline
enum PartialCompletion<Value, Failure: Error> {
    case `continue`(Value)
    case finished
    case failure(Failure)
}

/// The shared body of operators that turn each upstream value into at most
/// one downstream value and may end the stream early (`tryMap`, `tryFilter`,
/// `tryCompactMap`, `removeDuplicates`, `prefix`, `first(where:)`, …).
///
/// A dropped value returns `.max(1)` upstream, to replace the demand it used.
/// Cancel and completion let the downstream subscriber go. Subclass state
/// touched only by `receive(newValue:)` needs no lock: upstream delivers
/// values one at a time (the Subscriber contract).
@usableFromInline
class FilterProducer<Downstream: Subscriber, Input, Output, UpstreamFailure: Error, Filter>:
    Subscriber, Subscription, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Output
{
    @usableFromInline final let filter: Filter
    @usableFromInline final let lock = UnfairLock()
    // Guarded by `lock`. The subscriber is let go when the subscription ends.
    @usableFromInline @exclusivity(unchecked) final var downstream: Downstream?
    @usableFromInline @exclusivity(unchecked) final var status = SubscriptionStatus.awaitingSubscription

    @inlinable
    init(downstream: Downstream, filter: Filter) {
        self.downstream = downstream
        self.filter = filter
    }

    /// Decides what to do with one value. Subclasses override.
    @inlinable
    func receive(newValue: Input) -> PartialCompletion<Output?, Downstream.Failure> {
        fatalError("abstract")
    }

    @usableFromInline var description: String { "FilterProducer" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["downstream": downstream as Any]) }

    @inlinable
    final func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @inlinable
    final func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = status, let downstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        switch receive(newValue: input) {
        case .continue(let output?):
            return downstream.receive(output)
        case .continue(nil):
            return .max(1)
        case .finished:
            finishEarly(with: .finished)
            return .none
        case .failure(let error):
            finishEarly(with: .failure(error))
            return .none
        }
    }

    @inlinable
    final func finishEarly(with completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        guard case .subscribed(let subscription) = status, let downstream else {
            lock.unlock()
            return
        }
        status = .terminal
        self.downstream = nil
        lock.unlock()
        subscription.cancel()
        downstream.receive(completion: completion)
    }

    @inlinable
    final func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .subscribed = status, let downstream else {
            lock.unlock()
            return
        }
        status = .terminal
        self.downstream = nil
        lock.unlock()
        switch completion {
        case .finished:
            downstream.receive(completion: .finished)
        case .failure(let error):
            // Downstream's failure is either the upstream failure or `any Error`.
            downstream.receive(completion: .failure(error as! Downstream.Failure))
        }
    }

    @inlinable
    final func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    @inlinable
    final func cancel() {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        status = .terminal
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        subscription.cancel()
    }
}
