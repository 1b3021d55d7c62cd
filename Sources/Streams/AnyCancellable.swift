/// A type-erased cancellable that cancels when it is deinitialised.
///
/// Hashing and equality are by identity, so storing the same instance twice
/// in a set keeps one. `cancel()` runs the cancel action once.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = UnfairLock()
    private var cancelAction: (() -> Void)?

    /// Wraps a closure run on the first `cancel()` or on deinit.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Wraps another cancellable; cancelling this one cancels it.
    public init<C: Cancellable>(_ canceller: C) {
        cancelAction = canceller.cancel
    }

    deinit { cancel() }

    public func cancel() {
        lock.lock()
        let action = cancelAction
        cancelAction = nil
        lock.unlock()
        action?()
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Appends this cancellable to `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Inserts this cancellable into `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }
}
