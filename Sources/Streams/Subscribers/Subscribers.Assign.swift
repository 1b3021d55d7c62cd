extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath: keyPath]`, requesting an
    /// unlimited number of values. The object is held strongly until the
    /// subscription ends (completion or cancel).
    public func assign<Root>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>,
        on object: Root
    ) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

extension Subscribers {
    /// A subscriber that assigns each value to a property of an object.
    ///
    /// The subscription rules are sink's, except that a value received before
    /// any subscription is **not** assigned, and `cancel()` after the
    /// completion does not cancel upstream (as in Combine).
    public final class Assign<Root, Input>: Subscriber, Cancellable,
        CustomStringConvertible, CustomReflectable, @unchecked Sendable
    {
        public typealias Failure = Never

        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var status = SubscriptionStatus.awaitingSubscription
        private var target: Root?

        /// The key path written to.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        /// The object written to, until the subscription ends.
        public var object: Root? { lock.withLock { target } }

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            target = object
            self.keyPath = keyPath
        }

        /// Combine's name for it, which names the root type whether or not the
        /// object is still held.
        public var description: String { "Assign \(Root.self)." }
        public var customMirror: Mirror { Mirror(self, children: ["keyPath": keyPath]) }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status, target != nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status, let target else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            target[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let released = target
            target = nil
            lock.unlock()
            withExtendedLifetime(released) {}
        }

        public func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let released = target
            target = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            subscription.cancel()
        }
    }
}
