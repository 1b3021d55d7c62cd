extension Publisher {
    /// Hides this publisher's type behind `AnyPublisher`, so an API can
    /// return a pipeline without exposing its operators.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// A publisher that hides the type of the publisher it wraps.
///
/// The wrapped publisher is held as a constrained existential rather than in
/// a generic box class (Combine's and OpenCombine's way): a box subclass
/// whose superclass is written over its base's associated types
/// (`Box<P>: BoxBase<P.Output, P.Failure>`) makes the runtime build class
/// metadata for every distinct erased type on first use, resolving that
/// superclass from its mangled name with associated-type and conformance
/// lookups, which cost more than the rest of a short-lived command's
/// pipeline. An existential needs only the wrapped type's own metadata.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    @usableFromInline
    let base: any Publisher<Output, Failure>

    /// Wraps `publisher`. Wrapping an `AnyPublisher` again keeps the
    /// publisher it wraps, not a second layer.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            base = publisher
        }
    }

    public var description: String { "AnyPublisher" }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        base.receive(subscriber: subscriber)
    }

    /// Returns itself: erasing an `AnyPublisher` again is free.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

extension AnyPublisher: @unchecked Sendable {}
