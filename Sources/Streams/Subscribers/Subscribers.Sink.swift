extension Publisher {
    /// Attaches a subscriber that requests an unlimited number of values and
    /// calls `receiveValue` for each and `receiveCompletion` once at the end.
    ///
    /// Keep the returned `AnyCancellable`: releasing it cancels the
    /// subscription (`_ = publisher.sink(...)` cancels at once).
    @inlinable
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber that requests an unlimited number of values and
    /// calls `receiveValue` for each.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

extension Subscribers {
    /// A subscriber that requests `.unlimited` on subscription and hands each
    /// value and the completion to closures.
    ///
    /// As in Combine: a second subscription (or one received after the end) is
    /// cancelled; a value received before any subscription is still delivered;
    /// after completion or `cancel()` nothing more is delivered and both
    /// closures are released.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
        CustomStringConvertible, CustomReflectable, @unchecked Sendable
    {
        @usableFromInline let lock = UnfairLock()
        // Guarded by `lock`. Optional so that they can be released on completion and cancel.
        @usableFromInline @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        @usableFromInline @exclusivity(unchecked) var valueHandler: ((Input) -> Void)?
        @usableFromInline @exclusivity(unchecked) var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?

        @inlinable
        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            valueHandler = receiveValue
            completionHandler = receiveCompletion
        }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

        @inlinable
        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        @inlinable
        public func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let handler = valueHandler
            lock.unlock()
            handler?(input)
            return .none
        }

        @inlinable
        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let handler = completionHandler
            status = .terminal
            completionHandler = nil
            let releasedValueHandler = valueHandler
            valueHandler = nil
            lock.unlock()
            // Closures are released outside the lock: their captures' deinits may call back.
            withExtendedLifetime(releasedValueHandler) {}
            handler?(completion)
        }

        @inlinable
        public func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let released = (valueHandler, completionHandler)
            valueHandler = nil
            completionHandler = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            subscription.cancel()
        }
    }
}
