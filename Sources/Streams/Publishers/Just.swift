/// A publisher that emits one value to each subscriber, once it is asked
/// for, and then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value this publisher emits.
    public let output: Output

    @inlinable
    public init(_ output: Output) {
        self.output = output
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: Inner(value: output, downstream: subscriber))
    }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

extension Just {
    /// `map` on a `Just` is another `Just`: no subscription chain is built.
    @inlinable
    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }
}

extension Just {
    @usableFromInline
    final class Inner<Downstream: Subscriber>: Subscription,
        CustomStringConvertible, CustomReflectable, @unchecked Sendable
        where Downstream.Input == Output
    {
        @usableFromInline let lock = UnfairLock()
        @usableFromInline @exclusivity(unchecked) var downstream: Downstream?
        @usableFromInline let value: Output

        @inlinable
        init(value: Output, downstream: Downstream) {
            self.value = value
            self.downstream = downstream
        }

        @usableFromInline var description: String { "Just" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: ["value": value]) }

        @inlinable
        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return
            }
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        }

        @inlinable
        func cancel() {
            lock.lock()
            let released = downstream
            downstream = nil
            lock.unlock()
            withExtendedLifetime(released) {}
        }
    }
}
