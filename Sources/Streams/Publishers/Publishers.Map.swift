extension Publisher {
    /// Transforms each value with `transform`.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Transforms each value with a closure that may throw; a thrown error
    /// cancels upstream and fails downstream with it.
    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms every value from upstream.
    ///
    /// As in Combine, it adds no subscription of its own: downstream receives
    /// upstream's subscription, and demand and cancellation go straight to it.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }

    /// A publisher that transforms every value with a closure that may throw.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output

        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(TryMapInner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.Map {
    /// Two maps in a row become one map of the composed closures.
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
        let first = self.transform
        return Publishers.Map(upstream: upstream) { transform(first($0)) }
    }

    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
    }
}

extension Publishers.TryMap {
    @inlinable
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    @inlinable
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}

extension Publishers.Map {
    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
    {
        @usableFromInline let downstream: Downstream
        @usableFromInline let transform: (Upstream.Output) -> Output
        @usableFromInline let combineIdentifier = CombineIdentifier()

        @inlinable
        init(downstream: Downstream, transform: @escaping (Upstream.Output) -> Output) {
            self.downstream = downstream
            self.transform = transform
        }

        @usableFromInline var description: String { "Map" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            downstream.receive(transform(input))
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }
    }
}

extension Publishers.TryMap {
    @usableFromInline
    final class TryMapInner<Downstream: Subscriber>:
        FilterProducer<Downstream, Upstream.Output, Output, Upstream.Failure, (Upstream.Output) throws -> Output>
        where Downstream.Input == Output, Downstream.Failure == any Error
    {
        @inlinable
        init(downstream: Downstream, transform: @escaping (Upstream.Output) throws -> Output) {
            super.init(downstream: downstream, filter: transform)
        }

        @inlinable
        override func receive(newValue: Upstream.Output) -> PartialCompletion<Output?, any Error> {
            do {
                return .continue(try filter(newValue))
            } catch {
                return .failure(error)
            }
        }

        @usableFromInline override var description: String { "TryMap" }
    }
}
