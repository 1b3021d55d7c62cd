extension Publisher {
    /// The first value, awaited without blocking a thread, for code that wants
    /// one answer from a publisher (a service's result):
    ///
    ///     let weather = try await service.weather(.standard).firstResult()
    ///
    /// Requests one value and cancels the subscription once it has it. Throws
    /// the publisher's failure, `FinishedWithoutValue` when it finishes empty,
    /// or `CancellationError` when the awaiting task is cancelled (the
    /// subscription is then cancelled too).
    public func firstResult() async throws -> Output {
        let bridge = AsyncSubscriberBridge<Output, Failure>()
        subscribe(bridge)
        defer { bridge.cancel() }
        guard let value = try await bridge.next() else {
            try Task.checkCancellation()
            throw FinishedWithoutValue()
        }
        return value
    }
}

/// `firstResult()` met a publisher that finished without sending a value.
public struct FinishedWithoutValue: Error, Sendable, Equatable, CustomStringConvertible {
    public init() {}
    public var description: String { "the publisher finished without a value" }
}
