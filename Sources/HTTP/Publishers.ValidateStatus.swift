import Streams

extension Publisher where Output == HTTPResponse, Failure == HTTPError {
    /// Passes 2xx responses on and fails with `HTTPError.status` (status,
    /// body excerpt, `Retry-After`) for any other status.
    public func validateStatus() -> Publishers.ValidateStatus<Self> {
        Publishers.ValidateStatus(upstream: self)
    }
}

extension Publishers {
    /// The publisher of `validateStatus()`.
    public struct ValidateStatus<Upstream: Publisher>: Publisher
    where Upstream.Output == HTTPResponse, Upstream.Failure == HTTPError {
        public typealias Output = HTTPResponse
        public typealias Failure = HTTPError

        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == HTTPResponse, S.Failure == HTTPError {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publishers.ValidateStatus {
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == HTTPResponse, Downstream.Failure == HTTPError {
        typealias Input = HTTPResponse
        typealias Failure = HTTPError

        private enum State {
            case awaitingSubscription(Downstream)
            case subscribed(Downstream, Subscription)
            case terminal
        }

        private let state: Locked<State>

        init(downstream: Downstream) {
            state = Locked(.awaitingSubscription(downstream))
        }

        var description: String { "ValidateStatus" }

        func receive(subscription: Subscription) {
            let downstream: Downstream? = state.withLock { state in
                guard case .awaitingSubscription(let downstream) = state else { return nil }
                state = .subscribed(downstream, subscription)
                return downstream
            }
            guard let downstream else {
                subscription.cancel()
                return
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: HTTPResponse) -> Subscribers.Demand {
            if input.isSuccess {
                let downstream: Downstream? = state.withLock { state in
                    guard case .subscribed(let downstream, _) = state else { return nil }
                    return downstream
                }
                return downstream?.receive(input) ?? .none
            }
            let taken: (Downstream, Subscription)? = state.withLock { state in
                guard case .subscribed(let downstream, let upstream) = state else { return nil }
                state = .terminal
                return (downstream, upstream)
            }
            guard let (downstream, upstream) = taken else { return .none }
            upstream.cancel()
            downstream.receive(completion: .failure(.status(of: input)))
            return .none
        }

        func receive(completion: Subscribers.Completion<HTTPError>) {
            let downstream: Downstream? = state.withLock { state in
                guard case .subscribed(let downstream, _) = state else { return nil }
                state = .terminal
                return downstream
            }
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream: Subscription? = state.withLock { state in
                guard case .subscribed(_, let upstream) = state else { return nil }
                return upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            let upstream: Subscription? = state.withLock { state in
                defer { state = .terminal }
                guard case .subscribed(_, let upstream) = state else { return nil }
                return upstream
            }
            upstream?.cancel()
        }
    }
}
