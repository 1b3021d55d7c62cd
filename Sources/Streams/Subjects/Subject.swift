/// A publisher that exposes a way for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to every subscriber that has demand for it.
    func send(_ value: Output)
    /// Sends a completion to every subscriber; later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Attaches an upstream subscription, so the subject can relay a publisher.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a `Void` value.
    public func send() { send(()) }
}
