// How many terminal cells text occupies, and cutting text to a number of cells.
//
// Terminals lay text out in cells: most characters take one, East Asian wide
// and fullwidth characters and emoji take two, combining marks and invisible
// formatting take none. Widths here follow Unicode 15's EastAsianWidth.txt
// (W and F, in `WideRanges`) and emoji-data.txt, applied per grapheme cluster,
// which is what modern terminals (kitty, WezTerm, foot, iTerm2, VTE) draw.

public enum DisplayWidth {
    /// The ellipsis appended when text is cut: one cell wide.
    public static let ellipsis = "…"

    /// Cells one Unicode scalar occupies on its own: 0, 1 or 2.
    /// Control characters count 0: they must never reach a terminal (see `TerminalSanitizer`).
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 } // DEL and the C1 controls
        if value < 0x300 { return 1 } // Latin-1 and Latin Extended: narrow, no marks
        // The big wide blocks without marks, before the slower property lookup:
        // CJK ideographs, Hangul syllables, kana.
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3041...0x3096).contains(value)
            || (0x30A0...0x30FF).contains(value) { return 2 }
        if isZeroWidth(scalar) { return 0 }
        return WideRanges.contains(value) ? 2 : 1
    }

    /// Cells one grapheme cluster (a user-perceived character) occupies.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return of(first) }
        if isEmojiSequence(first: first, second: second, scalars: scalars) { return 2 }
        var total = 0
        for scalar in scalars { total += of(scalar) }
        return total
    }

    /// Cells a string occupies.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        // ASCII text is the common case: one cell per printable byte.
        var total = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return slowWidth(text) }
            if byte >= 0x20 && byte < 0x7F { total += 1 }
        }
        return total
    }

    private static func slowWidth<S: StringProtocol>(_ text: S) -> Int {
        // Summing scalar widths gives each cluster's width unless the text holds an emoji
        // sequence, which every time contains one of the scalars below; only then does it
        // pay for grapheme breaking.
        var total = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F:
                return graphemeWidth(text)
            default:
                total += of(scalar)
            }
        }
        return total
    }

    private static func graphemeWidth<S: StringProtocol>(_ text: S) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// `text` cut to at most `width` cells, ending in an ellipsis when anything was cut.
    /// Cuts fall between grapheme clusters only, so a wide character, an emoji sequence
    /// or a letter with its combining marks is kept whole or dropped whole.
    public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = DisplayWidth.ellipsis) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        guard ellipsisWidth <= width else { return truncate(ellipsis, toWidth: width, ellipsis: "") }
        let end = prefixEnd(of: text, fittingIn: width - ellipsisWidth)
        return String(text[..<end]) + ellipsis
    }

    /// The end of the longest prefix of whole grapheme clusters that fits in `width` cells.
    public static func prefixEnd(of text: String, fittingIn width: Int) -> String.Index {
        if TerminalSanitizer.isPlainASCII(text) {
            return text.utf8.index(text.startIndex, offsetBy: min(max(width, 0), text.utf8.count))
        }
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let cells = of(text[index])
            if used + cells > width { break }
            used += cells
            end = text.index(after: index)
        }
        return end
    }

    public enum Alignment: Sendable {
        case left, right, center
    }

    /// `text` padded with spaces to at least `width` cells; text already wider is returned whole.
    public static func pad(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        let missing = width - of(text)
        guard missing > 0 else { return text }
        switch alignment {
        case .left: return text + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + text
        case .center:
            let before = missing / 2
            return String(repeating: " ", count: before) + text + String(repeating: " ", count: missing - before)
        }
    }

    /// `text` made exactly `width` cells: cut with an ellipsis when too wide, padded when
    /// too narrow (also when a wide character did not fit the last cell).
    public static func fit(_ text: String, toWidth width: Int, alignment: Alignment = .left) -> String {
        pad(truncate(text, toWidth: width), toWidth: width, alignment: alignment)
    }

    // MARK: - Classification

    /// Combining marks, variation selectors, zero-width joiners and other invisible format
    /// characters, plus the Hangul medial vowels and final consonants that join the
    /// preceding initial consonant into one wide syllable. The soft hyphen stays visible.
    @inline(__always)
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        ZeroWidthRanges.contains(scalar.value)
    }

    /// Emoji sequences draw as one two-cell glyph: a base with the emoji variation
    /// selector (U+FE0F), keycaps, skin-tone modifiers, ZWJ sequences, flags (a pair of
    /// regional indicators) and tag sequences (subdivision flags).
    private static func isEmojiSequence(first: Unicode.Scalar, second: Unicode.Scalar, scalars: Character.UnicodeScalarView) -> Bool {
        if isRegionalIndicator(first) { return isRegionalIndicator(second) }
        guard first.properties.isEmoji else { return false }
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: continue
            }
        }
        return false
    }

    @inline(__always)
    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}

extension StringProtocol {
    /// Cells this text occupies on a terminal; see `DisplayWidth`.
    public var displayWidth: Int { DisplayWidth.of(self) }
}

extension DisplayWidth {
    /// `text` broken into lines of at most `width` cells: at spaces where possible,
    /// inside a word only when the word alone is wider than a line. Line breaks in
    /// `text` ("\n") are kept; runs of spaces at a break disappear.
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            let firstLine = lines.count
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var end = prefixEnd(of: word, fittingIn: width)
                    // A character wider than the whole line still has to go somewhere.
                    if end == word.startIndex { end = word.index(after: end) }
                    lines.append(String(word[..<end]))
                    word = String(word[end...])
                    wordWidth = of(word)
                }
                line = word
                lineWidth = wordWidth
            }
            if !line.isEmpty || lines.count == firstLine { lines.append(line) }
        }
        return lines
    }

    /// A line of prose broken at spaces to fit `width`, the lines after the first
    /// indented by `hangingIndent` spaces (to stand under the text after a label
    /// such as "Source: "). `text` comes back whole when it fits, and when `width`
    /// leaves ten cells or fewer beside the indent: so narrow a column would only
    /// shred it, and the terminal's own wrapping reads better.
    public static func wrap(_ text: String, toWidth width: Int, hangingIndent indent: Int) -> [String] {
        guard of(text) > width, width > indent + 10 else { return [text] }
        let lines = wrap(text, toWidth: width)
        guard lines.count > 1 else { return lines }
        let rest = wrap(lines.dropFirst().joined(separator: " "), toWidth: width - indent)
        return [lines[0]] + rest.map { String(repeating: " ", count: indent) + $0 }
    }
}
