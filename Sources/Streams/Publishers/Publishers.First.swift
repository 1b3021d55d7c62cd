extension Publisher {
    /// The first value, then `.finished` (upstream is cancelled after it).
    /// Finishes with no value when upstream finishes empty.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// The first value that satisfies `predicate`, then `.finished`.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Like `first(where:)`, with a predicate that may throw; a thrown error
    /// cancels upstream and fails downstream with it.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher of upstream's first value.
    ///
    /// It requests `.unlimited` upstream when subscribed, cancels upstream on
    /// the first value, and sends that value and `.finished` once downstream
    /// has asked for a value.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FirstWhereInner<S, Failure>(downstream: subscriber, reduce: { _ in true }, name: "First"))
        }
    }

    /// A publisher of upstream's first value that satisfies a predicate.
    /// Its subscription is named "TryFirst", as Combine names it.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let predicate: (Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FirstWhereInner<S, Failure>(downstream: subscriber, reduce: predicate, name: "TryFirst"))
        }
    }

    /// A publisher of upstream's first value that satisfies a throwing predicate.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        public let upstream: Upstream
        public let predicate: (Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FirstWhereInner<S, Upstream.Failure>(downstream: subscriber, reduce: predicate, name: "TryFirstWhere"))
        }
    }
}

/// `first`, `first(where:)` and `tryFirst(where:)`: keep the first value the
/// predicate accepts and end there.
private final class FirstWhereInner<Downstream: Subscriber, UpstreamFailure: Error>:
    ReduceProducer<Downstream, Downstream.Input, Downstream.Input, UpstreamFailure, (Downstream.Input) throws -> Bool>
{
    private let name: String

    init(downstream: Downstream, reduce: @escaping (Downstream.Input) throws -> Bool, name: String) {
        self.name = name
        super.init(downstream: downstream, initialResult: nil, reduce: reduce)
    }

    override var description: String { name }

    override func receive(newValue: Downstream.Input) -> PartialCompletion<Void, Downstream.Failure> {
        do {
            guard let reduce, try reduce(newValue) else { return .continue(()) }
            result = newValue
            return .finished
        } catch {
            // Only `tryFirst(where:)` has a throwing predicate, and its failure is `any Error`.
            return .failure(error as! Downstream.Failure)
        }
    }
}
