extension Publisher {
    /// Passes on each step of a running accumulation: `nextPartialResult`
    /// combines the previous result (at first `initialResult`) with each value.
    public func scan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) -> T
    ) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Like `scan`, with a closure that may throw; a thrown error cancels
    /// upstream and fails downstream with it.
    public func tryScan<T>(
        _ initialResult: T,
        _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher of the running results of an accumulating closure.
    ///
    /// As in Combine, it adds no subscription of its own; each subscriber
    /// starts again from `initialResult`.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initialResult, reduce: nextPartialResult))
        }
    }

    /// A publisher of the running results of a throwing accumulating closure.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error

        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(
            upstream: Upstream,
            initialResult: Output,
            nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
        ) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, initial: initialResult, reduce: nextPartialResult))
        }
    }
}

extension Publishers.Scan {
    private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
    {
        private let downstream: Downstream
        private let reduce: (Output, Upstream.Output) -> Output
        /// Values arrive one at a time (the Subscriber contract), so no lock.
        private var result: Output

        init(downstream: Downstream, initial: Output, reduce: @escaping (Output, Upstream.Output) -> Output) {
            self.downstream = downstream
            self.reduce = reduce
            result = initial
        }

        var description: String { "Scan" }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            result = reduce(result, input)
            return downstream.receive(result)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion)
        }
    }
}

extension Publishers.TryScan {
    private final class Inner<Downstream: Subscriber>:
        FilterProducer<Downstream, Upstream.Output, Output, Upstream.Failure, (Output, Upstream.Output) throws -> Output>
        where Downstream.Input == Output, Downstream.Failure == any Error
    {
        private var result: Output

        init(downstream: Downstream, initial: Output, reduce: @escaping (Output, Upstream.Output) throws -> Output) {
            result = initial
            super.init(downstream: downstream, filter: reduce)
        }

        override func receive(newValue: Upstream.Output) -> PartialCompletion<Output?, any Error> {
            do {
                result = try filter(result, newValue)
                return .continue(result)
            } catch {
                return .failure(error)
            }
        }

        override var description: String { "TryScan" }
    }
}
