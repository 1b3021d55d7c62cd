/// A value together with where it came from and what was substituted on the way.
public struct Sourced<Value> {
    public var value: Value
    public var origin: DataOrigin
    /// Why each fallback step happened, in order, each once.
    public var notices: [Notice]
    /// Why live data is not shown when the chain stepped down to the cache or
    /// the sample: the first reason (the request failed, was refused or came
    /// back empty; no request under `offline`). Nil for live data and a fresh cache.
    public var fallbackReason: Notice?

    public init(_ value: Value, origin: DataOrigin, notices: [Notice] = [], fallbackReason: Notice? = nil) {
        self.value = value
        self.origin = origin
        self.notices = notices
        self.fallbackReason = fallbackReason
    }

    /// The same origin and notices around a transformed value.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Sourced<Other> {
        Sourced<Other>(try transform(value), origin: origin, notices: notices, fallbackReason: fallbackReason)
    }
}

extension Sourced: Sendable where Value: Sendable {}
extension Sourced: Equatable where Value: Equatable {}
