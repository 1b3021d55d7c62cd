extension Publisher {
    /// Turns every value into a publisher and republishes the values of all of
    /// them, with at most `maxPublishers` subscribed at once.
    ///
    ///     launchIDs.flatMap(maxPublishers: .max(4)) { id in service.launch(id) }
    ///
    /// - Parameters:
    ///   - maxPublishers: How many inner publishers may run at once; upstream
    ///     is asked for one more value each time one of them finishes.
    ///   - transform: Makes a publisher from a value.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` for an upstream that cannot fail and inner publishers that can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// `flatMap` when neither upstream nor the inner publishers can fail.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` for inner publishers that cannot fail under an upstream that can.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}

extension Publishers {
    /// Republishes the values of the publishers made from each upstream value.
    ///
    /// As OpenCombine: upstream is asked for `maxPublishers` values, and for
    /// one more whenever an inner publisher finishes (when limited). With
    /// unlimited downstream demand inner publishers are asked for `.unlimited`;
    /// otherwise each is asked for one value at a time and may have one
    /// value waiting. It finishes when upstream and every inner publisher have
    /// finished and nothing waits. As in Combine, downstream gets its
    /// subscription before upstream is subscribed; an inner failure cancels
    /// the other inner publishers (not the failed one, not upstream), an
    /// upstream failure cancels the inner ones, and the failure is then sent
    /// at once, dropping waiting values. Deliberate difference: with
    /// `maxPublishers` of zero nothing is requested upstream, where Combine
    /// sends `request(.max(0))` (which most publishers treat as a violation).
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // As Combine: downstream gets its subscription first, then upstream is subscribed.
            let merging = MergingSubscription(downstream: subscriber, description: "FlatMap", moreChildrenExpected: true)
            merging.start()
            upstream.subscribe(Inner(merging: merging, maxPublishers: maxPublishers, transform: transform))
        }
    }
}

extension Publishers.FlatMap {
    /// Subscribes to upstream and starts an inner publisher for each value.
    private final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == NewPublisher.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = UnfairLock()
        private let merging: MergingSubscription<Downstream>
        private let maxPublishers: Subscribers.Demand
        private var transform: ((Upstream.Output) -> NewPublisher)?
        private var subscribed = false

        init(merging: MergingSubscription<Downstream>, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.merging = merging
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        var description: String { "FlatMap" }

        func receive(subscription: Subscription) {
            lock.lock()
            guard !subscribed else {
                lock.unlock()
                subscription.cancel()
                return
            }
            subscribed = true
            lock.unlock()
            guard merging.sourceSubscribed(subscription, replenish: maxPublishers != .unlimited) else {
                // Downstream cancelled before upstream's subscription arrived.
                subscription.cancel()
                return
            }
            if maxPublishers > 0 { subscription.request(maxPublishers) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard let transform else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let child = merging.makeChild()
            transform(input).subscribe(child)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.withLock { transform = nil }
            switch completion {
            case .finished: merging.sourceFinished()
            case .failure(let error): merging.sourceFailed(error)
            }
        }
    }
}
