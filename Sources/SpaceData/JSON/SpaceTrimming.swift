extension StringProtocol {
    /// Without the leading and trailing characters of `CharacterSet.whitespaces`
    /// (tab and Unicode's space separators), as `trimmingCharacters(in: .whitespaces)`
    /// returns it, without that call's trip through `NSString` (a third of the
    /// cost of decoding a cached page of launches).
    public func trimmingSpaces() -> SubSequence {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        return self[first...last]
    }
}
