import Synchronization

/// A thread-safe list that sinks on several threads can append to.
final class ValueCollector<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    func append(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    var values: [Value] { storage.withLock { $0 } }
}
