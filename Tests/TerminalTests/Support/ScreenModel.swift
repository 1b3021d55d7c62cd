@testable import Terminal

/// A tiny terminal emulator for tests: enough of VT100 to follow what `ScreenRenderer`
/// sends (cursor moves, erase line, clear screen, cursor visibility; SGR is skipped)
/// and to check what a user would see. Writing past the right edge is recorded as
/// an overflow instead of wrapping, so a test can assert it never happens.
struct ScreenModel {
    let columns: Int
    let rows: Int
    private(set) var cells: [[String]]
    private(set) var row = 0
    private(set) var column = 0
    private(set) var cursorVisible = true
    private(set) var overflows = 0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The text of each row, trailing blanks removed; a wide character's second cell is skipped.
    var lines: [String] {
        cells.map { row in
            var text = row.filter { $0 != "" }.joined()
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\u{1B}" {
                index = escape(text, from: text.index(after: index))
                continue
            }
            put(character)
            index = text.index(after: index)
        }
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard width > 0 else { return }
        guard row < rows, column + width <= columns else {
            overflows += 1
            return
        }
        cells[row][column] = String(character)
        if width == 2 { cells[row][column + 1] = "" }
        column += width
    }

    private mutating func escape(_ text: String, from start: String.Index) -> String.Index {
        guard start < text.endIndex, text[start] == "[" else { return start }
        var index = text.index(after: start)
        var parameters = ""
        while index < text.endIndex, let ascii = text[index].asciiValue, (0x20...0x3F).contains(ascii) {
            parameters.append(text[index])
            index = text.index(after: index)
        }
        guard index < text.endIndex else { return index }
        let final = text[index]
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
        switch (final, parameters) {
        case ("H", _):
            row = max((numbers.first ?? 1) - 1, 0)
            column = max((numbers.count > 1 ? numbers[1] : 1) - 1, 0)
        case ("K", ""):
            if row < rows { for cell in column..<columns { cells[row][cell] = " " } }
        case ("J", "2"):
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        case ("l", "?25"): cursorVisible = false
        case ("h", "?25"): cursorVisible = true
        default: break // SGR and modes: not part of what the text shows
        }
        return text.index(after: index)
    }
}
