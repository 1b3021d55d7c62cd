/// Declares that a type can transmit a sequence of values over time.
///
/// The same contract as Combine's `Publisher`: a publisher delivers values to
/// its subscribers only after they have asked for them (`Subscribers.Demand`),
/// and at most one completion, after which nothing more is sent.
///
/// Streams' operators behave as Combine's do, event for event. Deliberate
/// differences are listed in the documentation's "Differences from Combine";
/// the two that concern every operator: an upstream that breaks this contract
/// (a value before the subscription or after the completion, a second
/// completion) is ignored rather than trapped on or passed along, and a
/// subscriber is let go as soon as its subscription ends, even while a
/// scheduled action is pending.
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output
    /// The kind of errors this publisher might publish; `Never` if it cannot fail.
    associatedtype Failure: Error

    /// Attaches the subscriber. Called by `subscribe(_:)`; implement, don't call.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches the subscriber to this publisher.
    @inline(__always)
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// A namespace for types that serve as publishers, as in Combine.
public enum Publishers {}
