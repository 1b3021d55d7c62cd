/// The connection between a publisher and one subscriber.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells the publisher it may send `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for the subscriptions Streams provides, as in Combine.
public enum Subscriptions {}

extension Subscriptions {
    /// A subscription that does nothing: what a subscriber receives when the
    /// publisher completes before any value (a late subscriber of a finished
    /// subject, `Empty`, `Fail`).
    public static var empty: Subscription { EmptySubscription.shared }
}

final class EmptySubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    static let shared = EmptySubscription()
    private init() {}
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Empty" }
}
