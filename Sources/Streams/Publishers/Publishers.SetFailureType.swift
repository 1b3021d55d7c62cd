extension Publisher where Failure == Never {
    /// The same values, typed as able to fail with `E` (they never do), so the
    /// publisher can be combined with ones that fail with `E`.
    @inlinable
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// A never-failing publisher typed with another failure. It adds no
    /// subscription of its own.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        public let upstream: Upstream

        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        /// Setting the failure type again just changes the type.
        @inlinable
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        @usableFromInline let downstream: Downstream
        @usableFromInline let combineIdentifier = CombineIdentifier()

        @inlinable init(downstream: Downstream) { self.downstream = downstream }

        @usableFromInline var description: String { "SetFailureType" }

        @inlinable func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
        @inlinable func receive(_ input: Output) -> Subscribers.Demand { downstream.receive(input) }
        @inlinable func receive(completion: Subscribers.Completion<Never>) { downstream.receive(completion: .finished) }
    }
}
