@testable import Streams

/// A subscriber that records everything it receives, for asserting on the
/// exact sequence of events an operator produces.
///
/// By default it requests nothing, as OpenCombine's test double does: pass
/// `initialDemand` to request on subscription and `receiveValueDemand` for
/// what each `receive(_:)` returns. The hooks run after the event is recorded
/// and may call back into the publisher (re-entrancy tests).
final class TrackingSubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    enum Event {
        /// The subscription arrived; the payload is its `description`.
        case subscription(String)
        case value(Input)
        case completion(Subscribers.Completion<Failure>)
    }

    // Tests may deliver from several threads; the lock guards both lists.
    private let lock = UnfairLock()
    private var events: [Event] = []
    private var receivedSubscriptions: [Subscription] = []
    private let initialDemand: Subscribers.Demand?
    private let receiveValueDemand: (Input) -> Subscribers.Demand
    private let onSubscription: ((Subscription) -> Void)?
    private let onValue: ((Input) -> Void)?
    private let onCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    init(
        initialDemand: Subscribers.Demand? = nil,
        receiveValueDemand: Subscribers.Demand = .none,
        onSubscription: ((Subscription) -> Void)? = nil,
        onValue: ((Input) -> Void)? = nil,
        onCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.receiveValueDemand = { _ in receiveValueDemand }
        self.onSubscription = onSubscription
        self.onValue = onValue
        self.onCompletion = onCompletion
    }

    /// A subscriber whose per-value demand depends on the value.
    init(
        initialDemand: Subscribers.Demand? = nil,
        receiveValueDemand: @escaping (Input) -> Subscribers.Demand,
        onCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        self.initialDemand = initialDemand
        self.receiveValueDemand = receiveValueDemand
        self.onSubscription = nil
        self.onValue = nil
        self.onCompletion = onCompletion
    }

    var description: String { "TrackingSubscriber" }

    /// Every event so far, in order.
    var history: [Event] { lock.withLock { events } }

    /// The values received so far.
    var values: [Input] {
        history.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    /// The completions received so far (more than one is a bug in the publisher).
    var completions: [Subscribers.Completion<Failure>] {
        history.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
    }

    /// Every subscription received, oldest first.
    var subscriptions: [Subscription] { lock.withLock { receivedSubscriptions } }

    /// The most recent subscription.
    var subscription: Subscription? { subscriptions.last }

    /// Requests `demand` through the most recent subscription.
    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    /// Cancels the most recent subscription.
    func cancel() {
        subscription?.cancel()
    }

    func receive(subscription: Subscription) {
        let name = (subscription as? CustomStringConvertible)?.description ?? String(describing: type(of: subscription))
        lock.withLock {
            events.append(.subscription(name))
            receivedSubscriptions.append(subscription)
        }
        onSubscription?(subscription)
        if let initialDemand {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { events.append(.value(input)) }
        onValue?(input)
        return receiveValueDemand(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { events.append(.completion(completion)) }
        onCompletion?(completion)
    }
}

extension TrackingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

extension TrackingSubscriber.Event: CustomStringConvertible {
    var description: String {
        switch self {
        case .subscription(let name): return "subscription(\(name))"
        case .value(let value): return "value(\(value))"
        case .completion(.finished): return "finished"
        case .completion(.failure(let error)): return "failure(\(error))"
        }
    }
}

/// An error for tests, comparable so completions can be asserted on.
enum TestingError: Error, Equatable {
    case oops
    case other
}

extension TrackingSubscriber {
    /// A subscriber that cancels its subscription from inside `receive(_:)`.
    static func cancellingOnValue(initialDemand: Subscribers.Demand? = .unlimited) -> TrackingSubscriber {
        let received = ReceivedSubscription()
        return TrackingSubscriber(
            initialDemand: initialDemand,
            onSubscription: { received.subscription = $0 },
            onValue: { _ in received.subscription?.cancel() }
        )
    }

    /// A subscriber that requests `demand` through its subscription from
    /// inside `receive(_:)` (rather than returning it).
    static func requestingOnValue(_ demand: Subscribers.Demand, initialDemand: Subscribers.Demand? = nil) -> TrackingSubscriber {
        let received = ReceivedSubscription()
        return TrackingSubscriber(
            initialDemand: initialDemand,
            onSubscription: { received.subscription = $0 },
            onValue: { _ in received.subscription?.request(demand) }
        )
    }
}

/// The subscription a subscriber's hooks call back into.
private final class ReceivedSubscription: @unchecked Sendable {
    // Set once, on subscription, before any value can arrive.
    var subscription: Subscription?
}
