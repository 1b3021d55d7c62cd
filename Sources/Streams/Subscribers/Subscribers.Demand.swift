extension Subscribers {
    /// How many values a subscriber still wants: a number, or `.unlimited`.
    ///
    /// Arithmetic saturates as in Combine: anything plus `.unlimited` is
    /// `.unlimited`, subtraction never goes below zero, and `.unlimited` minus a
    /// number stays `.unlimited`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
        @usableFromInline let rawValue: UInt

        @inline(__always) @usableFromInline
        init(rawValue: UInt) {
            self.rawValue = min(UInt(Int.max) + 1, rawValue)
        }

        /// As many values as the publisher can produce.
        public static let unlimited = Demand(rawValue: .max)
        /// No more values.
        public static let none = Demand(rawValue: 0)

        /// A limited number of values. Traps on a negative number, as Combine does.
        @inline(__always)
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        /// Combine's form: a single number, `.unlimited` as `Int.max + 1`. A
        /// larger number reads as `.unlimited`; a negative one is an error.
        public init(from decoder: Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// The number of values, or `nil` for `.unlimited`.
        @inlinable
        public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

        public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited || rhs == .unlimited { return .unlimited }
            let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(Int(rhs.rawValue))
            return overflow ? .unlimited : .max(sum)
        }

        @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            let (sum, overflow) = Int(lhs.rawValue).addingReportingOverflow(rhs)
            return overflow ? .unlimited : .max(Swift.max(0, sum))
        }
        @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            if lhs == .unlimited { return .unlimited }
            if rhs == .unlimited { return .none }
            return lhs.rawValue > rhs.rawValue ? Demand(rawValue: lhs.rawValue - rhs.rawValue) : .none
        }
        @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            let (difference, overflow) = Int(lhs.rawValue).subtractingReportingOverflow(rhs)
            return overflow ? .unlimited : .max(Swift.max(0, difference))
        }
        @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            if lhs == .unlimited { return .unlimited }
            let (product, overflow) = Int(lhs.rawValue).multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : .max(Swift.max(0, product))
        }
        @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }

        @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool {
            lhs != .unlimited && rhs >= 0 && lhs.rawValue == UInt(rhs)
        }
        @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
        @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs == lhs }
        @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { rhs != lhs }
        @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool {
            lhs != .unlimited && (rhs > 0 && lhs.rawValue < UInt(rhs))
        }
        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool {
            lhs == .unlimited || rhs < 0 || lhs.rawValue > UInt(rhs)
        }
        @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { !(lhs > rhs) }
        @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { !(lhs < rhs) }
        @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
        @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
        @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }
        @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
    }
}
