extension Publisher where Output: Equatable {
    /// Drops a value equal to the one received just before it.
    @inlinable
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Drops a value when `predicate(previous, current)` is true. `previous`
    /// is the last value *received*, dropped ones included, as in Combine.
    @inlinable
    public func removeDuplicates(
        by predicate: @escaping (Output, Output) -> Bool
    ) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }

    /// Like `removeDuplicates(by:)`, with a predicate that may throw; a thrown
    /// error cancels upstream and fails downstream with it.
    @inlinable
    public func tryRemoveDuplicates(
        by predicate: @escaping (Output, Output) throws -> Bool
    ) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that drops a value when it duplicates the previous one.
    ///
    /// The first value always passes; the predicate runs once per later value.
    /// A dropped value returns `.max(1)` upstream.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, filter: predicate))
        }
    }

    /// A publisher that drops duplicates according to a throwing predicate.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        public let upstream: Upstream
        public let predicate: (Output, Output) throws -> Bool

        @inlinable
        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, filter: predicate))
        }
    }
}

extension Publishers.RemoveDuplicates {
    @usableFromInline
    final class Inner<Downstream: Subscriber>:
        FilterProducer<Downstream, Output, Output, Failure, (Output, Output) -> Bool>
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        /// The last value received; values arrive one at a time, so no lock.
        @usableFromInline @exclusivity(unchecked) var previous: Output?

        @inlinable
        override init(downstream: Downstream, filter: @escaping (Output, Output) -> Bool) {
            super.init(downstream: downstream, filter: filter)
        }

        @inlinable
        override func receive(newValue: Output) -> PartialCompletion<Output?, Failure> {
            defer { previous = newValue }
            if let previous, filter(previous, newValue) {
                return .continue(nil)
            }
            return .continue(newValue)
        }

        @usableFromInline override var description: String { "RemoveDuplicates" }
    }
}

extension Publishers.TryRemoveDuplicates {
    @usableFromInline
    final class Inner<Downstream: Subscriber>:
        FilterProducer<Downstream, Output, Output, Upstream.Failure, (Output, Output) throws -> Bool>
        where Downstream.Input == Output, Downstream.Failure == any Error
    {
        @usableFromInline @exclusivity(unchecked) var previous: Output?

        @inlinable
        override init(downstream: Downstream, filter: @escaping (Output, Output) throws -> Bool) {
            super.init(downstream: downstream, filter: filter)
        }

        @inlinable
        override func receive(newValue: Output) -> PartialCompletion<Output?, any Error> {
            defer { previous = newValue }
            guard let previous else { return .continue(newValue) }
            do {
                return try filter(previous, newValue) ? .continue(nil) : .continue(newValue)
            } catch {
                return .failure(error)
            }
        }

        @usableFromInline override var description: String { "TryRemoveDuplicates" }
    }
}
