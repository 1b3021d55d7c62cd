import Terminal

/// A tiny terminal emulator for tests: enough of VT100/xterm to follow what spacedash
/// sends (cursor moves, erase line, clear screen, cursor visibility, the alternate
/// screen, SGR attributes, CR/LF) so a test asserts on what a user would see, not on
/// escape bytes. Writing past the right edge is recorded as an overflow instead of
/// wrapping, so a test can assert it never happens.
public struct ScreenModel: Sendable {
    /// The attributes of a cell, as SGR set them.
    public struct Style: Sendable, Hashable {
        public var bold = false
        public var dim = false
        public var underline = false
        public var reverse = false
        /// The SGR foreground code (31 red, 33 yellow, 93 bright yellow, 1000 + n for palette n), nil for the default.
        public var foreground: Int?

        public init() {}

        /// Drawn in any way other than plain text.
        public var isStyled: Bool { self != Style() }
    }

    public struct Cell: Sendable, Hashable {
        /// The character, "" for the second cell of a wide character.
        public var text = " "
        public var style = Style()
    }

    public let columns: Int
    public let rows: Int
    public private(set) var cells: [[Cell]]
    public private(set) var row = 0
    public private(set) var column = 0
    public private(set) var cursorVisible = true
    public private(set) var overflows = 0
    /// Whether the alternate screen is shown (`ESC[?1049h` until `ESC[?1049l`).
    public private(set) var isAlternateScreen = false
    private var style = Style()
    private var mainScreen: [[Cell]]?
    /// Bytes of a sequence (or a UTF-8 character) cut at the end of the last `apply`.
    private var pending: [UInt8] = []

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Self.blank(columns: columns, rows: rows)
    }

    private static func blank(columns: Int, rows: Int) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The text of each row, trailing blanks removed; a wide character's second cell is skipped.
    public var lines: [String] { (0..<rows).map(line) }

    /// The text of row `index`, trailing blanks removed.
    public func line(_ index: Int) -> String {
        var text = cells[index].map(\.text).joined()
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The characters of row `index` drawn in a style `isIncluded` accepts, in order
    /// (e.g. `{ $0.foreground != nil }`: the highlighted matches of a row).
    public func text(ofRow index: Int, where isIncluded: (Style) -> Bool) -> String {
        cells[index].filter { isIncluded($0.style) }.map(\.text).joined()
    }

    /// The first row whose text contains `text`, nil when none does.
    public func row(containing text: String) -> Int? {
        lines.firstIndex { $0.contains(text) }
    }

    /// Whether every cell of row `index` holding text is in reverse video (a selected row).
    public func isReversed(row index: Int) -> Bool {
        let drawn = cells[index].filter { $0.text != " " && $0.text != "" }
        return !drawn.isEmpty && drawn.allSatisfy(\.style.reverse)
    }

    public mutating func apply(_ text: String) {
        apply(Array(text.utf8))
    }

    public mutating func apply(_ bytes: [UInt8]) {
        let input = pending + bytes
        pending = []
        var index = 0
        while index < input.count {
            let byte = input[index]
            switch byte {
            case 0x1B:
                guard let end = escape(input, from: index + 1) else {
                    pending = Array(input[index...])
                    return
                }
                index = end
            case 0x0D:
                column = 0
                index += 1
            case 0x0A:
                lineFeed()
                index += 1
            case 0x08:
                column = max(column - 1, 0)
                index += 1
            case 0x00 ..< 0x20, 0x7F:
                index += 1
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                guard index + length <= input.count else {
                    pending = Array(input[index...])
                    return
                }
                // Combining marks join the character before; put works a Character at a time.
                var end = index + length
                while end < input.count, let next = Self.scalarLength(input, at: end),
                      end + next <= input.count,
                      let scalar = String(decoding: input[end..<(end + next)], as: UTF8.self).unicodeScalars.first,
                      DisplayWidth.of(scalar) == 0, scalar.value >= 0x300 {
                    end += next
                }
                put(Character(String(decoding: input[index..<end], as: UTF8.self)))
                index = end
            }
        }
    }

    private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let byte = bytes[index]
        guard byte >= 0x80 else { return 1 }
        return byte < 0xC0 ? nil : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    }

    private mutating func lineFeed() {
        if row + 1 < rows {
            row += 1
        } else {
            cells.removeFirst()
            cells.append(Array(repeating: Cell(), count: columns))
        }
    }

    private mutating func put(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard width > 0 else { return }
        guard row < rows, column + width <= columns else {
            overflows += 1
            return
        }
        cells[row][column] = Cell(text: String(character), style: style)
        if width == 2 { cells[row][column + 1] = Cell(text: "", style: style) }
        column += width
    }

    /// Applies the sequence after an ESC at `start`; the index after it, nil when it is cut.
    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        guard bytes[start] == UInt8(ascii: "[") else { return start + 1 }  // ESC x: not drawn
        var index = start + 1
        var parameters = ""
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) {
            parameters.append(Character(Unicode.Scalar(bytes[index])))
            index += 1
        }
        guard index < bytes.count else { return nil }
        let final = Character(Unicode.Scalar(bytes[index]))
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch (final, parameters) {
        case ("H", _):
            row = min(max((numbers.first ?? 1) - 1, 0), rows - 1)
            column = max((numbers.count > 1 ? numbers[1] : 1) - 1, 0)
        case ("K", ""), ("K", "0"):
            if row < rows { for cell in min(column, columns)..<columns { cells[row][cell] = Cell() } }
        case ("J", "2"):
            cells = Self.blank(columns: columns, rows: rows)
        case ("l", "?25"): cursorVisible = false
        case ("h", "?25"): cursorVisible = true
        case ("h", "?1049"):
            if !isAlternateScreen { mainScreen = cells }
            isAlternateScreen = true
            cells = Self.blank(columns: columns, rows: rows)
        case ("l", "?1049"):
            if isAlternateScreen, let mainScreen { cells = mainScreen }
            isAlternateScreen = false
        case ("m", _):
            applySGR(numbers.isEmpty ? [0] : numbers)
        default: break  // other modes (bracketed paste): nothing on the screen
        }
        return index + 1
    }

    private mutating func applySGR(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            switch codes[index] {
            case 0: style = Style()
            case 1: style.bold = true
            case 2: style.dim = true
            case 4: style.underline = true
            case 7: style.reverse = true
            case 22: style.bold = false; style.dim = false
            case 24: style.underline = false
            case 27: style.reverse = false
            case 30...37, 90...97: style.foreground = codes[index]
            case 39: style.foreground = nil
            case 38 where index + 2 < codes.count && codes[index + 1] == 5:
                style.foreground = 1000 + codes[index + 2]
                index += 2
            case 48 where index + 2 < codes.count && codes[index + 1] == 5:
                index += 2
            default: break
            }
            index += 1
        }
    }
}
