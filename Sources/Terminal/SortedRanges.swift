/// The binary search the Unicode property tables share (`WideRanges`,
/// `ZeroWidthRanges`): `bounds` holds sorted, disjoint closed ranges as
/// consecutive pairs `low, high`.
enum SortedRanges {
    @inline(__always)
    static func contains(_ value: UInt32, in bounds: [UInt32]) -> Bool {
        var low = 0
        var high = bounds.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < bounds[2 * middle] {
                high = middle - 1
            } else if value > bounds[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
