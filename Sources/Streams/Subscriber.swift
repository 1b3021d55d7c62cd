/// A type that can receive values from a publisher.
///
/// As in Combine: first a subscription arrives, then values (never more than
/// requested), then at most one completion.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    /// The publisher has accepted the subscription; request values through it.
    func receive(subscription: Subscription)
    /// A value arrived. Return how many more values the subscriber wants.
    func receive(_ input: Input) -> Subscribers.Demand
    /// The publisher finished normally or with an error. Nothing follows.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that a `Void` value arrived.
    public func receive() -> Subscribers.Demand { receive(()) }
}

/// A namespace for types that serve as subscribers, as in Combine.
public enum Subscribers {}
