/// A type-erased cancellable that cancels when it is deinitialised.
///
/// Hashing and equality are by identity, so storing the same instance twice
/// in a set keeps one. `cancel()` runs the cancel action once.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    @usableFromInline let lock = UnfairLock()
    // Guarded by `lock` (so the dynamic exclusivity check is left out: it
    // was a tenth of a subscribe-and-cancel). At most one is set; `cancel()`
    // runs it once. A wrapped cancellable is kept as it is, with no closure
    // to allocate for it (`sink` makes one per subscription).
    @usableFromInline @exclusivity(unchecked) var cancelClosure: (() -> Void)?
    @usableFromInline @exclusivity(unchecked) var canceller: (any Cancellable)?

    /// Wraps a closure run on the first `cancel()` or on deinit.
    public init(_ cancel: @escaping () -> Void) {
        cancelClosure = cancel
    }

    /// Wraps another cancellable; cancelling this one cancels it.
    @inlinable
    public init<C: Cancellable>(_ canceller: C) {
        self.canceller = canceller
    }

    deinit { cancel() }

    public func cancel() {
        lock.lock()
        let closure = cancelClosure
        let wrapped = canceller
        cancelClosure = nil
        canceller = nil
        lock.unlock()
        closure?()
        wrapped?.cancel()
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
