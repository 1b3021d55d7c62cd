extension Subscribers {
    /// How a publisher ended: normally, or with an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// The same completion with its error erased to `any Error`.
    @inlinable
    public var eraseError: Subscribers.Completion<any Error> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(error)
        }
    }

    /// Whether this completion is a failure.
    @inlinable
    public var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
