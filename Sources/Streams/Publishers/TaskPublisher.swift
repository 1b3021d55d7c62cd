/// A publisher made from an `async` function: for each subscriber, the
/// function runs in a new task when the subscriber first asks for a value,
/// and its result is sent as one value and `.finished`, or as a failure.
/// Cancelling the subscription cancels the task (cooperatively: the function
/// sees `Task.isCancelled`), and nothing is delivered after that.
///
/// Unlike `Future`, nothing runs until someone subscribes and asks, and each
/// subscriber gets its own run.
///
///     TaskPublisher { try await client.fetch(url) }   // Failure == any Error
///     TaskPublisher { await compute() }               // Failure == Never
public struct TaskPublisher<Output, Failure: Error>: Publisher {
    /// The function run for each subscriber.
    public let operation: @Sendable () async throws(Failure) -> Output

    public init(_ operation: @escaping @Sendable () async throws(Failure) -> Output) {
        self.operation = operation
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Inner(operation: operation, downstream: subscriber))
    }
}

extension TaskPublisher {
    private final class Inner: Subscription, CustomStringConvertible, @unchecked Sendable {
        private enum State {
            case waitingForDemand
            case running(Task<Void, Never>)
            case done
        }

        private let lock = UnfairLock()
        // Guarded by `lock`.
        private var state = State.waitingForDemand
        private var operation: (@Sendable () async throws(Failure) -> Output)?
        private var receiveValue: ((Output) -> Subscribers.Demand)?
        private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

        init<Downstream: Subscriber>(
            operation: @escaping @Sendable () async throws(Failure) -> Output,
            downstream: Downstream
        ) where Downstream.Input == Output, Downstream.Failure == Failure {
            self.operation = operation
            receiveValue = { downstream.receive($0) }
            receiveCompletion = { downstream.receive(completion: $0) }
        }

        var description: String { "TaskPublisher" }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard case .waitingForDemand = state, let operation else {
                lock.unlock()
                return
            }
            self.operation = nil
            // The task starts only after `state` records it, under the lock.
            let task = Task { [self] in
                let result: Result<Output, Failure>
                do throws(Failure) {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                finish(with: result)
            }
            state = .running(task)
            lock.unlock()
        }

        private func finish(with result: Result<Output, Failure>) {
            lock.lock()
            guard case .running = state, let receiveValue, let receiveCompletion else {
                lock.unlock()
                return
            }
            state = .done
            self.receiveValue = nil
            self.receiveCompletion = nil
            lock.unlock()
            switch result {
            case .success(let value):
                _ = receiveValue(value)
                receiveCompletion(.finished)
            case .failure(let error):
                receiveCompletion(.failure(error))
            }
        }

        func cancel() {
            lock.lock()
            let previous = state
            state = .done
            let released = (operation, receiveValue, receiveCompletion)
            operation = nil
            receiveValue = nil
            receiveCompletion = nil
            lock.unlock()
            withExtendedLifetime(released) {}
            if case .running(let task) = previous {
                task.cancel()
            }
        }
    }
}
