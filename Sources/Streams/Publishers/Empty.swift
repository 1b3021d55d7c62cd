/// A publisher that never emits a value, and either finishes at once or
/// never completes.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether it finishes as soon as a subscriber attaches.
    public let completeImmediately: Bool

    /// An empty publisher that finishes at once, or never when `completeImmediately` is false.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// The same, with the types given explicitly.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.init(completeImmediately: completeImmediately)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}

extension Empty: Sendable {}
