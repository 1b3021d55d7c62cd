/// Protocol violations that Combine traps on (and OpenCombine's tests assert
/// as crashes): asking for zero values, or sending more than was asked for.
extension Subscribers.Demand {
    @inlinable @inline(__always)
    func assertNonZero(file: StaticString = #fileID, line: UInt = #line) {
        if self == .none {
            fatalError("API Violation: demand must not be zero", file: file, line: line)
        }
    }
}

@inline(never) @usableFromInline
func apiViolationUnexpectedValue(file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("API Violation: received a value with no outstanding demand", file: file, line: line)
}
