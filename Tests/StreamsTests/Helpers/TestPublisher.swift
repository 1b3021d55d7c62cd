@testable import Streams
import Synchronization

/// A subscription that records what is asked of it, for checking the demand
/// and cancellation an operator forwards upstream.
final class TestSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    enum Event: Equatable {
        case requested(Subscribers.Demand)
        case cancelled
    }

    private let state = Mutex<[Event]>([])
    private let onRequest: ((Subscribers.Demand) -> Void)?
    private let onCancel: (() -> Void)?

    init(onRequest: ((Subscribers.Demand) -> Void)? = nil, onCancel: (() -> Void)? = nil) {
        self.onRequest = onRequest
        self.onCancel = onCancel
    }

    var description: String { "TestSubscription" }

    /// Every request and cancel, in order.
    var history: [Event] { state.withLock { $0 } }

    /// The sum of every demand requested.
    var totalDemand: Subscribers.Demand {
        history.reduce(into: .none) { sum, event in
            if case .requested(let demand) = event { sum += demand }
        }
    }

    var isCancelled: Bool { history.contains(.cancelled) }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.append(.requested(demand)) }
        onRequest?(demand)
    }

    func cancel() {
        state.withLock { $0.append(.cancelled) }
        onCancel?()
    }
}

/// A publisher that a test drives by hand: it gives each subscriber a
/// `TestSubscription` and pushes values and completions straight to the most
/// recent subscriber, ignoring demand and cancellation, so tests can check how
/// an operator behaves when upstream misbehaves.
final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = UnfairLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    /// The subscription handed to subscribers.
    let subscription: TestSubscription
    private let deliversSubscription: Bool

    /// `deliversSubscription: false` keeps the subscription back until `sendSubscription()`.
    init(subscription: TestSubscription = TestSubscription(), deliversSubscription: Bool = true) {
        self.subscription = subscription
        self.deliversSubscription = deliversSubscription
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let erased = AnySubscriber(subscriber)
        lock.withLock { self.subscriber = erased }
        if deliversSubscription {
            erased.receive(subscription: subscription)
        }
    }

    /// Whether anything has subscribed.
    var hasSubscriber: Bool { lock.withLock { subscriber != nil } }

    /// Hands the subscription to the subscriber (when held back at init).
    func sendSubscription() {
        lock.withLock { subscriber }?.receive(subscription: subscription)
    }

    /// Pushes a value and returns the demand the subscriber answered with.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        guard let subscriber = lock.withLock({ self.subscriber }) else { return .none }
        return subscriber.receive(value)
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscriber }?.receive(completion: completion)
    }
}
