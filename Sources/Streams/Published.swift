/// A property wrapper for class properties that publishes every change
/// through its projected value, `$property`, as in Combine:
///
///     final class ViewModel {
///         @Published var query = ""
///     }
///     viewModel.$query.sink { print($0) }   // the current value, then each change
///
/// `$property` delivers the current value on the subscriber's first request,
/// then every assigned value (equal ones included). As in Combine,
/// subscribers are told in `willSet`, before the property changes: a sink
/// that reads the property sees the old value (use the value it is given).
/// The subscription is named "PublishedSubject", as Combine names it.
@propertyWrapper
public struct Published<Value> {
    private let subject: CurrentValueSubject<Value, Never>
    private let keeper = AssignmentKeeper()

    public init(wrappedValue: Value) {
        subject = CurrentValueSubject(publishedValue: wrappedValue)
    }

    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// Only classes can hold a `@Published` property.
    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        // swiftlint:disable:next unused_setter_value
        set { fatalError("@Published is only available on properties of classes") }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].subject.value }
        set { object[keyPath: storageKeyPath].subject.send(newValue) }
    }

    /// The publisher of this property's values: `$property`.
    public var projectedValue: Publisher {
        get { Publisher(subject: subject, keeper: keeper) }
        // Needed for `assign(to: &$property)`, which takes it `inout`.
        set {}
    }

    /// The publisher of a `@Published` property: the current value, then each change.
    public struct Publisher: Streams.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        fileprivate let subject: CurrentValueSubject<Value, Never>
        fileprivate let keeper: AssignmentKeeper

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            subject.subscribe(subscriber)
        }
    }
}

extension Publisher where Failure == Never {
    /// Republishes every value through a `@Published` property:
    /// `publisher.assign(to: &$property)`. The subscription lasts as long as
    /// the property (its object), and needs no `AnyCancellable`.
    public func assign(to published: inout Published<Output>.Publisher) {
        let subject = published.subject
        // The subject is held weakly, so the object can go away; its keeper
        // then cancels this subscription.
        let cancellable = sink { [weak subject] value in subject?.send(value) }
        published.keeper.keep(cancellable)
    }
}

/// Holds the subscriptions made by `assign(to: &$property)`; releasing it
/// (with the object that owns the property) cancels them.
private final class AssignmentKeeper: @unchecked Sendable {
    private let lock = UnfairLock()
    private var cancellables: [AnyCancellable] = []

    func keep(_ cancellable: AnyCancellable) {
        lock.withLock { cancellables.append(cancellable) }
    }
}
