extension Publisher {
    /// Replaces a failed upstream with the publisher `handler` makes from the error.
    ///
    /// The outstanding downstream demand carries over to the replacement.
    ///
    ///     liveLaunches()
    ///         .catch { _ in cachedLaunches() }
    ///
    /// - Parameter handler: Makes the replacement publisher from upstream's error.
    public func `catch`<P: Publisher>(
        _ handler: @escaping (Failure) -> P
    ) -> Publishers.Catch<Self, P> where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }

    /// Replaces a failed upstream with the publisher `handler` makes from the
    /// error; if `handler` throws, the result fails with the thrown error.
    public func tryCatch<P: Publisher>(
        _ handler: @escaping (Failure) throws -> P
    ) -> Publishers.TryCatch<Self, P> where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// Replaces a failed upstream with another publisher.
    ///
    /// As in Combine: before a failure, requests go straight upstream and the
    /// outstanding demand is tracked; on failure the handler's publisher is
    /// subscribed and asked for the remaining demand (nothing if it is zero,
    /// until downstream asks). The failed upstream is not cancelled, and
    /// `finished` passes through without calling the handler.
    /// Deliberate difference: `cancel()` releases the subscriber, so values an
    /// upstream pushes after being cancelled are dropped (Combine forwards them).
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let inner = CatchInner<Upstream, NewPublisher, S>(
                downstream: subscriber, description: "Catch", mapFailure: { $0 }
            ) { error in
                .success(handler(error))
            }
            upstream.subscribe(inner)
        }
    }

    /// Replaces a failed upstream with another publisher, failing with the
    /// handler's error if it throws. Otherwise the same as `Catch`.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error

        public let upstream: Upstream
        public let handler: (Upstream.Failure) throws -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let handler = self.handler
            let inner = CatchInner<Upstream, NewPublisher, S>(
                downstream: subscriber, description: "TryCatch", mapFailure: { $0 }
            ) { error in
                do {
                    return .success(try handler(error))
                } catch {
                    return .failure(error)
                }
            }
            upstream.subscribe(inner)
        }
    }
}

/// The state machine behind `catch` and `tryCatch`: first the upstream, then,
/// after a failure, the replacement publisher.
private final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>:
    Subscriber, Subscription, CustomStringConvertible
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
        case awaitingSubscription
        case upstream(Subscription)
        /// Upstream failed; waiting for the replacement's subscription.
        case recovering
        case replacement(Subscription)
        case terminal
    }

    private let lock = UnfairLock()
    private let downstreamLock = RecursiveLock()
    private var downstream: Downstream?
    private var handler: ((Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>)?
    /// The replacement's failure as downstream's (`tryCatch` erases it to `any Error`).
    private let mapFailure: (NewPublisher.Failure) -> Downstream.Failure
    private var state = State.awaitingSubscription
    private var demand = Subscribers.Demand.none
    let description: String

    init(
        downstream: Downstream,
        description: String,
        mapFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure,
        handler: @escaping (Upstream.Failure) -> Result<NewPublisher, Downstream.Failure>
    ) {
        self.downstream = downstream
        self.description = description
        self.mapFailure = mapFailure
        self.handler = handler
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state, let downstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .upstream(subscription)
        lock.unlock()
        downstreamLock.withLock { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input)
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard case .upstream = state, let downstream else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            state = .terminal
            release()
            lock.unlock()
            downstreamLock.withLock { downstream.receive(completion: .finished) }
        case .failure(let error):
            state = .recovering
            let handler = self.handler
            self.handler = nil
            lock.unlock()
            switch handler?(error) {
            case .success(let replacement):
                replacement.subscribe(ReplacementSubscriber(parent: self))
            case .failure(let thrown):
                lock.withLock {
                    state = .terminal
                    release()
                }
                downstreamLock.withLock { downstream.receive(completion: .failure(thrown)) }
            case nil:
                break
            }
        }
    }

    private func forward(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        downstreamLock.lock()
        let more = downstream.receive(input)
        downstreamLock.unlock()
        if more > 0 {
            lock.withLock { demand += more }
        }
        return more
    }

    /// Drops what the finished subscription held. Call with `lock` held.
    private func release() {
        downstream = nil
        handler = nil
    }

    fileprivate func replacementReceive(subscription: Subscription) {
        lock.lock()
        guard case .recovering = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .replacement(subscription)
        let outstanding = demand
        lock.unlock()
        if outstanding > 0 { subscription.request(outstanding) }
    }

    fileprivate func replacementReceive(_ input: Input) -> Subscribers.Demand {
        forward(input)
    }

    fileprivate func replacementReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
        lock.lock()
        guard case .replacement = state, let downstream else {
            lock.unlock()
            return
        }
        state = .terminal
        release()
        lock.unlock()
        let mapped: Subscribers.Completion<Downstream.Failure>
        switch completion {
        case .finished: mapped = .finished
        case .failure(let error): mapped = .failure(mapFailure(error))
        }
        downstreamLock.withLock { downstream.receive(completion: mapped) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        self.demand += demand
        let target: Subscription?
        switch state {
        case .upstream(let subscription), .replacement(let subscription): target = subscription
        case .awaitingSubscription, .recovering, .terminal: target = nil
        }
        lock.unlock()
        target?.request(demand)
    }

    func cancel() {
        lock.lock()
        let target: Subscription?
        switch state {
        case .upstream(let subscription), .replacement(let subscription): target = subscription
        case .awaitingSubscription, .recovering, .terminal: target = nil
        }
        state = .terminal
        release()
        lock.unlock()
        target?.cancel()
    }

    /// Subscribes to the replacement publisher on behalf of `CatchInner`.
    private final class ReplacementSubscriber: Subscriber {
        typealias Input = NewPublisher.Output
        typealias Failure = NewPublisher.Failure

        let parent: CatchInner

        init(parent: CatchInner) { self.parent = parent }

        func receive(subscription: Subscription) { parent.replacementReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { parent.replacementReceive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { parent.replacementReceive(completion: completion) }
    }
}
