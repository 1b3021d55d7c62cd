/// A publisher that makes a new publisher, with `createPublisher`, for each
/// subscriber, at the moment it subscribes.
///
/// The subscriber is attached directly to the publisher made, so the
/// subscription it receives is that publisher's own.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure

    /// Makes the publisher for one subscriber.
    public let createPublisher: () -> DeferredPublisher

    @inlinable
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().subscribe(subscriber)
    }
}
