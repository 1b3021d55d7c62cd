/// A value together with where it came from and what was substituted on the way.
public struct Sourced<Value> {
    public var value: Value
    public var origin: DataOrigin
    /// Why each fallback step happened, in order, each once.
    public var notices: [Notice]

    public init(_ value: Value, origin: DataOrigin, notices: [Notice] = []) {
        self.value = value
        self.origin = origin
        self.notices = notices
    }

    /// The same origin and notices around a transformed value.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> Sourced<Other> {
        Sourced<Other>(try transform(value), origin: origin, notices: notices)
    }
}

extension Sourced: Sendable where Value: Sendable {}
extension Sourced: Equatable where Value: Equatable {}
