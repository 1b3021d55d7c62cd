/// A publisher that eventually produces one value and finishes, or fails.
///
/// As in Combine: the closure runs **at once**, in `init`; only the first
/// call of the promise counts, and its result is replayed to every
/// subscriber, including those that arrive later. A success is delivered as
/// the value then `.finished`, once the subscriber has asked for a value; a
/// failure is delivered without waiting for demand.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// The closure that fulfils the future.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = UnfairLock()
    // Guarded by `lock`.
    private var result: Result<Output, Failure>?
    private var downstreams = ConduitList<Conduit>.empty

    /// Runs `attemptToFulfill` now, with the promise to call when done.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [self] result in promise(result) }
    }

    private func promise(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let downstreams = self.downstreams
        self.downstreams = .empty
        lock.unlock()
        downstreams.forEach { $0.fulfill(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(parent: self, downstream: subscriber)
        lock.lock()
        let result = self.result
        if result == nil {
            downstreams.insert(conduit)
        }
        lock.unlock()
        subscriber.receive(subscription: conduit)
        if let result {
            conduit.fulfill(result)
        }
    }

    private func disassociate(_ conduit: Conduit) {
        lock.withLock { downstreams.remove(ObjectIdentifier(conduit)) }
    }
}

extension Future {
    private final class Conduit: Subscription, CustomStringConvertible, @unchecked Sendable {
        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var parent: Future?
        private var receiveValue: ((Output) -> Subscribers.Demand)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        private var hasDemand = false
        private var pendingValue: Output?

        init<Downstream: Subscriber>(parent: Future, downstream: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure
        {
            self.parent = parent
            receiveValue = { downstream.receive($0) }
            receiveCompletion = { downstream.receive(completion: $0) }
        }

        var description: String { "Future" }

        func fulfill(_ result: Result<Output, Failure>) {
            lock.lock()
            guard receiveValue != nil else {
                lock.unlock()
                return
            }
            switch result {
            case .success(let value):
                guard hasDemand else {
                    pendingValue = value
                    lock.unlock()
                    return
                }
                deliverLocked(value)
            case .failure(let error):
                let receiveCompletion = release()
                lock.unlock()
                receiveCompletion?(.failure(error))
            }
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard receiveValue != nil else {
                lock.unlock()
                return
            }
            hasDemand = true
            if let value = pendingValue {
                pendingValue = nil
                deliverLocked(value)
            } else {
                lock.unlock()
            }
        }

        /// Sends the value and `.finished`; called with the lock held, releases it.
        private func deliverLocked(_ value: Output) {
            let receiveValue = self.receiveValue
            let receiveCompletion = release()
            lock.unlock()
            _ = receiveValue?(value)
            receiveCompletion?(.finished)
        }

        /// Drops everything held; returns the completion closure to call. Lock held.
        private func release() -> ((Subscribers.Completion<Failure>) -> Void)? {
            let receiveCompletion = self.receiveCompletion
            receiveValue = nil
            self.receiveCompletion = nil
            pendingValue = nil
            parent = nil
            return receiveCompletion
        }

        func cancel() {
            lock.lock()
            guard receiveValue != nil else {
                lock.unlock()
                return
            }
            let parent = self.parent
            let released = (receiveValue, release())
            lock.unlock()
            withExtendedLifetime(released) {}
            parent?.disassociate(self)
        }
    }
}

extension Future where Failure == Never {
    /// A future fulfilled by an `async` operation, started at once in a new task.
    public convenience init(operation: @escaping @Sendable () async -> Output) where Output: Sendable {
        self.init { promise in
            let fulfil = UncheckedSendableBox(promise)
            Task {
                let value = await operation()
                fulfil.value(.success(value))
            }
        }
    }
}

extension Future where Failure == any Error {
    /// A future fulfilled by a throwing `async` operation, started at once in a new task.
    public convenience init(operation: @escaping @Sendable () async throws -> Output) where Output: Sendable {
        self.init { promise in
            let fulfil = UncheckedSendableBox(promise)
            Task {
                do {
                    fulfil.value(.success(try await operation()))
                } catch {
                    fulfil.value(.failure(error))
                }
            }
        }
    }
}

/// Carries a value into a task. Used only for values that are safe to use
/// from another thread because they lock internally (a Future's promise).
@usableFromInline
struct UncheckedSendableBox<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @inlinable init(_ value: Value) { self.value = value }
}
