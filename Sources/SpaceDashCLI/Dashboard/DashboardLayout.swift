import Terminal

/// Puts the two panels beside each other when the terminal is wide enough
/// for both at their natural width, else one above the other.
struct DashboardLayout: Sendable {
    /// Columns between the panels side by side.
    static let gutter = 4
    /// The narrowest the launches panel may be beside the weather: room for the date,
    /// the countdown, a launch name of 40 characters (most are shorter) and the status.
    /// Narrower, the panels stack, and the names get the whole width.
    static let minimumRightWidth = 72

    let width: Int

    /// Whether a left panel of `leftWidth` cells leaves the right one enough room.
    func isSideBySide(leftWidth: Int) -> Bool {
        width - leftWidth - Self.gutter >= Self.minimumRightWidth
    }

    /// The width the right panel gets beside a left one of `leftWidth`.
    func rightWidth(besideLeftWidth leftWidth: Int) -> Int {
        width - leftWidth - Self.gutter
    }

    /// The screen's lines: `left` padded to its widest line, then `right`;
    /// or `left`, a blank line, then `right`.
    func lines(left: [String], right: [String]) -> [String] {
        let leftWidth = left.map(Self.visibleWidth).max() ?? 0
        guard isSideBySide(leftWidth: leftWidth) else { return left + [""] + right }
        return (0..<max(left.count, right.count)).map { row in
            let leftLine = row < left.count ? left[row] : ""
            let rightLine = row < right.count ? right[row] : ""
            if rightLine.isEmpty { return leftLine }
            let padding = leftWidth - Self.visibleWidth(leftLine) + Self.gutter
            return leftLine + String(repeating: " ", count: padding) + rightLine
        }
    }

    /// Display width of a rendered line, its colour escapes (CSI … m) not counted.
    static func visibleWidth(_ line: String) -> Int {
        var plain = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // Skip `ESC [` parameters up to the final byte (a letter).
                while let next = scalars.next(), !next.properties.isAlphabetic {}
                continue
            }
            plain.unicodeScalars.append(scalar)
        }
        return DisplayWidth.of(plain)
    }
}
