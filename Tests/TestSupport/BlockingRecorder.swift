import Foundation
import Streams

/// A subscriber for tests of real I/O: requests everything, records what
/// arrives, and lets the test block until the completion (with a bound).
public final class BlockingRecorder<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSLock()
    private var subscription: Subscription?
    private var receivedValues: [Input] = []
    private var receivedCompletion: Subscribers.Completion<Failure>?
    private let completed = DispatchSemaphore(value: 0)
    private let demand: Subscribers.Demand

    public init(demand: Subscribers.Demand = .unlimited) {
        self.demand = demand
    }

    public func receive(subscription: Subscription) {
        lock.lock()
        self.subscription = subscription
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        receivedValues.append(input)
        lock.unlock()
        return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        receivedCompletion = completion
        subscription = nil
        lock.unlock()
        completed.signal()
    }

    /// Cancels the subscription.
    public func cancel() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        lock.unlock()
        subscription?.cancel()
    }

    public var values: [Input] { lock.withLock { receivedValues } }
    public var completion: Subscribers.Completion<Failure>? { lock.withLock { receivedCompletion } }

    /// Blocks until the completion arrives or `timeout` seconds pass; true if it arrived.
    @discardableResult
    public func waitForCompletion(timeout: TimeInterval = 30) -> Bool {
        if completion != nil { return true }
        guard completed.wait(timeout: .now() + timeout) == .success else { return false }
        completed.signal() // later waits return at once
        return true
    }

    /// The first value, or the failure; nil if neither came within `timeout`.
    public func result(timeout: TimeInterval = 30) -> Result<Input, Failure>? {
        guard waitForCompletion(timeout: timeout) else { return nil }
        if let value = values.first { return .success(value) }
        if case .failure(let error) = completion { return .failure(error) }
        return nil
    }
}

extension Publisher {
    /// Subscribes, waits (at most `timeout` seconds) and returns the first
    /// value or the failure; nil on timeout or when it finished empty.
    public func waitForFirstResult(timeout: TimeInterval = 30) -> Result<Output, Failure>? {
        let recorder = BlockingRecorder<Output, Failure>()
        subscribe(recorder)
        defer { recorder.cancel() }
        return recorder.result(timeout: timeout)
    }
}
