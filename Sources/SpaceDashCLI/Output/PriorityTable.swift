import Terminal

/// A table that fits a narrow terminal by dropping whole columns, the least
/// useful first, so no cell is ever cut; the essential ones always stay. The
/// weather tables are lists of its columns.
struct PriorityTable<Row> {
    struct Column {
        var title: String
        var alignment: DisplayWidth.Alignment
        var priority: Priority
        var cell: (Row) -> String
    }

    /// Which columns go first when the table is wider than the terminal: the
    /// lowest first. Columns of equal priority go together: a pair (ground low
    /// and high, sunrise and sunset) is never split.
    struct Priority: Comparable, ExpressibleByIntegerLiteral {
        var rank: Int

        init(integerLiteral rank: Int) {
            self.rank = rank
        }

        /// Never dropped, however narrow the terminal.
        static var essential: Priority { Priority(integerLiteral: .max) }

        static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
    }

    /// Cells between two columns.
    static var gap: Int { 2 }

    var columns: [Column]
    /// The header is bold in it.
    var style: StyleMode

    /// The header and one line per row, each column as wide as its widest
    /// cell, within `width` cells (nil: no limit). The essential columns stay
    /// even when they alone are wider.
    func lines(_ rows: [Row], width: Int?) -> [String] {
        var columns = self.columns
        var cells = rows.map { row in columns.map { $0.cell(row) } }
        var widths = columns.indices.map { index in
            max(DisplayWidth.of(columns[index].title), cells.map { DisplayWidth.of($0[index]) }.max() ?? 0)
        }
        func total() -> Int { widths.reduce(0, +) + Self.gap * max(0, widths.count - 1) }
        if let width {
            while total() > width,
                  let lowest = columns.map(\.priority).filter({ $0 != .essential }).min() {
                let kept = columns.indices.filter { columns[$0].priority != lowest }
                columns = kept.map { columns[$0] }
                widths = kept.map { widths[$0] }
                cells = cells.map { row in kept.map { row[$0] } }
            }
        }
        func line(_ texts: [String]) -> String {
            texts.indices.map { index in
                let alignment = columns[index].alignment
                // The last column is not padded, so no line ends in spaces.
                let isLast = index == texts.count - 1
                return isLast && alignment == .left ? texts[index] : DisplayWidth.pad(texts[index], toWidth: widths[index], alignment: alignment)
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }
        let header = StyledText(line(columns.map(\.title)), style: .bold).rendered(style)
        return [header] + cells.map(line)
    }
}
