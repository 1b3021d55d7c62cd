import Synchronization

/// A unique identifier for a subscription or subscriber.
public struct CombineIdentifier: Hashable, Sendable, CustomStringConvertible {
    private static let counter = Atomic<UInt64>(0)
    private let rawValue: UInt64

    /// A new identifier, distinct from every other made this way.
    public init() {
        rawValue = CombineIdentifier.counter.add(1, ordering: .relaxed).newValue
    }

    /// The identifier of an object: equal for the same instance.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj))) | (1 << 63)
    }

    public var description: String { "0x" + String(rawValue, radix: 16) }
}

/// A type that can be identified in a stream's subscriber graph.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
