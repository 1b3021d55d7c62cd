/// A subscriber that hides the type of the subscriber (or the closures) it wraps.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable {
    @usableFromInline let box: SubscriberBoxBase<Input, Failure>
    @usableFromInline let descriptionThunk: () -> String
    @usableFromInline let mirrorThunk: () -> Mirror

    public let combineIdentifier: CombineIdentifier

    /// Wraps `subscriber`. Wrapping an `AnySubscriber` again reuses its box.
    @inlinable
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber<Input, Failure> {
            self = erased
            return
        }
        box = SubscriberBox(subscriber)
        combineIdentifier = subscriber.combineIdentifier
        if let described = subscriber as? CustomStringConvertible {
            descriptionThunk = { described.description }
        } else {
            let name = String(describing: S.self)
            descriptionThunk = { name }
        }
        if let reflectable = subscriber as? CustomReflectable {
            mirrorThunk = { reflectable.customMirror }
        } else {
            mirrorThunk = { Mirror(subscriber, children: EmptyCollection()) }
        }
    }

    /// Wraps a subject: values and completions received are sent into it.
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(
            receiveSubscription: { subscription in
                subject.send(subscription: subscription)
            },
            receiveValue: { value in
                subject.send(value)
                return .none
            },
            receiveCompletion: { completion in
                subject.send(completion: completion)
            }
        )
    }

    /// A subscriber made of closures; a missing closure does nothing (and a
    /// missing `receiveValue` asks for no more values).
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        box = ClosureSubscriberBox(
            receiveSubscription: receiveSubscription,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        combineIdentifier = CombineIdentifier()
        descriptionThunk = { "Anonymous AnySubscriber" }
        mirrorThunk = { Mirror(reflecting: "Anonymous AnySubscriber") }
    }

    public var description: String { descriptionThunk() }
    public var customMirror: Mirror { mirrorThunk() }

    @inlinable
    public func receive(subscription: Subscription) {
        box.receive(subscription: subscription)
    }

    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
        box.receive(input)
    }

    @inlinable
    public func receive(completion: Subscribers.Completion<Failure>) {
        box.receive(completion: completion)
    }
}

extension AnySubscriber: @unchecked Sendable {}

@usableFromInline
class SubscriberBoxBase<Input, Failure: Error> {
    @inlinable init() {}
    @usableFromInline func receive(subscription: Subscription) { fatalError("abstract") }
    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand { fatalError("abstract") }
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
}

@usableFromInline
final class SubscriberBox<Base: Subscriber>: SubscriberBoxBase<Base.Input, Base.Failure> {
    @usableFromInline let base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
        super.init()
    }

    @inlinable override func receive(subscription: Subscription) { base.receive(subscription: subscription) }
    @inlinable override func receive(_ input: Base.Input) -> Subscribers.Demand { base.receive(input) }
    @inlinable override func receive(completion: Subscribers.Completion<Base.Failure>) {
        base.receive(completion: completion)
    }
}

final class ClosureSubscriberBox<Input, Failure: Error>: SubscriberBoxBase<Input, Failure> {
    private let receiveSubscriptionHandler: ((Subscription) -> Void)?
    private let receiveValueHandler: ((Input) -> Subscribers.Demand)?
    private let receiveCompletionHandler: ((Subscribers.Completion<Failure>) -> Void)?

    init(
        receiveSubscription: ((Subscription) -> Void)?,
        receiveValue: ((Input) -> Subscribers.Demand)?,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
    ) {
        receiveSubscriptionHandler = receiveSubscription
        receiveValueHandler = receiveValue
        receiveCompletionHandler = receiveCompletion
    }

    override func receive(subscription: Subscription) { receiveSubscriptionHandler?(subscription) }
    override func receive(_ input: Input) -> Subscribers.Demand { receiveValueHandler?(input) ?? .none }
    override func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionHandler?(completion) }
}
