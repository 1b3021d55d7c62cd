extension Publisher {
    /// Hides this publisher's type behind `AnyPublisher`, so an API can
    /// return a pipeline without exposing its operators.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// A publisher that hides the type of the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    @usableFromInline
    let box: PublisherBoxBase<Output, Failure>

    /// Wraps `publisher`. Wrapping an `AnyPublisher` again reuses its box.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }

    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }

    /// Returns itself: erasing an `AnyPublisher` again is free.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

extension AnyPublisher: @unchecked Sendable {}

@usableFromInline
class PublisherBoxBase<Output, Failure: Error>: Publisher {
    @inlinable init() {}

    @inlinable
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

@usableFromInline
final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
    @usableFromInline let base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
        super.init()
    }

    @inlinable
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}
