/// An activity or action that can be cancelled.
///
/// Cancelling frees what the activity holds (closures, subscribers).
/// `cancel()` may be called more than once; only the first call counts.
public protocol Cancellable {
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable, wrapped in a new `AnyCancellable`, in `collection`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable, wrapped in a new `AnyCancellable`, in `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
