/// A publisher that starts producing only when `connect()` is called, so
/// several subscribers can attach first (as Combine's `ConnectablePublisher`).
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts upstream; cancel the result to stop it.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Connects when the first subscriber arrives and disconnects when the
    /// last one cancels.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}
