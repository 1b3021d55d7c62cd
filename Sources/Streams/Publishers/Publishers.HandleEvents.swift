extension Publisher {
    /// Calls the given closures as events pass, without changing them: for
    /// logging and debugging. Each closure runs before the event is passed on.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self,
            receiveSubscription: receiveSubscription,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel,
            receiveRequest: receiveRequest
        )
    }
}

extension Publishers {
    /// A publisher that calls closures as events pass through it.
    /// The closures are released when the subscription ends.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public var upstream: Upstream
        public var receiveSubscription: ((Subscription) -> Void)?
        public var receiveOutput: ((Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream,
            receiveSubscription: ((Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, handlers: self))
        }
    }
}

extension Publishers.HandleEvents {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        // Guarded by `lock`; let go when the subscription is cancelled or completes.
        private var downstreamSlot: Downstream?
        /// The subscriber, while the subscription lasts. Read outside the lock only.
        private var downstream: Downstream? { lock.withLock { downstreamSlot } }
        private let lock = UnfairLock()
        // Guarded by `lock`; dropped when the subscription ends.
        private var handlers: Publishers.HandleEvents<Upstream>?
        private var status = SubscriptionStatus.awaitingSubscription

        init(downstream: Downstream, handlers: Publishers.HandleEvents<Upstream>) {
            self.downstreamSlot = downstream
            self.handlers = handlers
        }

        var description: String { "HandleEvents" }

        private var currentHandlers: Publishers.HandleEvents<Upstream>? {
            lock.withLock { handlers }
        }

        func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            let handlers = self.handlers
            lock.unlock()
            handlers?.receiveSubscription?(subscription)
            downstream?.receive(subscription: self)
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            guard let handlers = currentHandlers else { return .none }
            handlers.receiveOutput?(input)
            let demand = downstream?.receive(input) ?? .none
            if demand > 0 {
                handlers.receiveRequest?(demand)
            }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let handlers = self.handlers
            self.handlers = nil
            let downstream = downstreamSlot
            downstreamSlot = nil
            lock.unlock()
            handlers?.receiveCompletion?(completion)
            downstream?.receive(completion: completion)
        }

        // `.none` is passed through (to the handler and upstream), as in Combine.
        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            let handlers = self.handlers
            let subscription = status.subscription
            lock.unlock()
            handlers?.receiveRequest?(demand)
            subscription?.request(demand)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            let releasedDownstream = downstreamSlot
            downstreamSlot = nil
            let handlers = self.handlers
            self.handlers = nil
            lock.unlock()
            handlers?.receiveCancel?()
            subscription.cancel()
            withExtendedLifetime(releasedDownstream) {}
        }
    }
}
