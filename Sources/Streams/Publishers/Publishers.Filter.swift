extension Publisher {
    /// Passes on only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }

    /// Passes on only the values for which `isIncluded` returns true; a thrown
    /// error cancels upstream and fails downstream with it.
    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

extension Publishers {
    /// A publisher that passes on only the values that satisfy a predicate.
    ///
    /// Like `Map`, it adds no subscription of its own (a deliberate difference
    /// from OpenCombine, whose subscription is named "Filter"): downstream
    /// receives upstream's subscription. A dropped value returns `.max(1)`
    /// upstream, to replace the demand it used.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, isIncluded: isIncluded))
        }
    }

    /// A publisher that passes on only the values that satisfy a throwing predicate.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool

        @inlinable
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(TryFilterInner(downstream: subscriber, filter: isIncluded))
        }
    }
}

extension Publishers.Filter {
    /// Two filters in a row become one filter testing both predicates.
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    @usableFromInline
    struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        @usableFromInline let downstream: Downstream
        @usableFromInline let isIncluded: (Upstream.Output) -> Bool
        @usableFromInline let combineIdentifier = CombineIdentifier()

        @inlinable
        init(downstream: Downstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.downstream = downstream
            self.isIncluded = isIncluded
        }

        @usableFromInline var description: String { "Filter" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

        @inlinable
        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            isIncluded(input) ? downstream.receive(input) : .max(1)
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }
    }
}

extension Publishers.TryFilter {
    @inlinable
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    @inlinable
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    @usableFromInline
    final class TryFilterInner<Downstream: Subscriber>:
        FilterProducer<Downstream, Output, Output, Upstream.Failure, (Output) throws -> Bool>
        where Downstream.Input == Output, Downstream.Failure == any Error
    {
        @inlinable
        override init(downstream: Downstream, filter: @escaping (Output) throws -> Bool) {
            super.init(downstream: downstream, filter: filter)
        }

        @inlinable
        override func receive(newValue: Output) -> PartialCompletion<Output?, any Error> {
            do {
                return try filter(newValue) ? .continue(newValue) : .continue(nil)
            } catch {
                return .failure(error)
            }
        }

        @usableFromInline override var description: String { "TryFilter" }
    }
}
