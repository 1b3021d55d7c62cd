import Foundation

/// A value behind a lock, for the subscriptions' state machines.
///
/// `Synchronization.Mutex` would do, but it hands values out as `sending`,
/// which a subscriber taken out of the state (to call it after unlocking)
/// cannot be.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
