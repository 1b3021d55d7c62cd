// A one-line text field edited with the usual terminal keys (readline's subset):
// typing and pasting insert at the cursor; Backspace, Delete; Left, Right, Home,
// End, Ctrl-A/E/B/F; Ctrl-U clears, Ctrl-K deletes to the end, Ctrl-W and
// Alt-Backspace delete the word before the cursor; Ctrl/Alt with Left/Right and
// Alt-B/F move by words. The cursor moves by whole characters (grapheme clusters),
// and the text never holds a control character.

public struct LineEditor: Hashable, Sendable {
    public private(set) var text: String
    /// The cursor as a UTF-8 offset into `text`, always on a character boundary.
    public private(set) var cursorOffset: Int

    /// What a key did to the field.
    public enum Change: Hashable, Sendable {
        /// Not an editing key: the caller may handle it.
        case ignored
        /// An editing key that changed nothing (Backspace at the start, for example).
        case unchanged
        case movedCursor
        case editedText
    }

    public init(text: String = "") {
        self.text = TerminalSanitizer.clean(text, mode: .singleLine)
        self.cursorOffset = self.text.utf8.count
    }

    public var cursor: String.Index {
        text.utf8.index(text.startIndex, offsetBy: cursorOffset)
    }

    /// Cells between the start of the text and the cursor.
    public var cursorColumn: Int { DisplayWidth.of(text[..<cursor]) }

    public var isEmpty: Bool { text.isEmpty }

    /// Applies `press` if it is an editing key.
    @discardableResult
    public mutating func handle(_ press: KeyPress) -> Change {
        let alt = press.modifiers.contains(.alt)
        let byWord = alt || press.modifiers.contains(.control)
        switch press.key {
        case .text(let typed) where !alt && !press.modifiers.contains(.control):
            return insert(typed)
        case .paste(let pasted):
            return insert(pasted)
        case .text("b") where alt:
            return move(to: previousWordStart())
        case .text("f") where alt:
            return move(to: nextWordEnd())
        case .text("d") where alt:
            return delete(cursor..<nextWordEnd())
        case .backspace where alt, .control("w"):
            return delete(previousWordStart()..<cursor)
        case .backspace:
            guard cursor > text.startIndex else { return .unchanged }
            return delete(text.index(before: cursor)..<cursor)
        case .delete:
            guard cursor < text.endIndex else { return .unchanged }
            return delete(cursor..<text.index(after: cursor))
        case .control("d"):
            // Delete forward, as in readline; on an empty field the caller decides (quit).
            guard !text.isEmpty else { return .ignored }
            guard cursor < text.endIndex else { return .unchanged }
            return delete(cursor..<text.index(after: cursor))
        case .left where byWord:
            return move(to: previousWordStart())
        case .right where byWord:
            return move(to: nextWordEnd())
        case .left, .control("b"):
            guard cursor > text.startIndex else { return .unchanged }
            return move(to: text.index(before: cursor))
        case .right, .control("f"):
            guard cursor < text.endIndex else { return .unchanged }
            return move(to: text.index(after: cursor))
        case .home, .control("a"):
            return move(to: text.startIndex)
        case .end, .control("e"):
            return move(to: text.endIndex)
        case .control("u"):
            return delete(text.startIndex..<text.endIndex)
        case .control("k"):
            return delete(cursor..<text.endIndex)
        default:
            return .ignored
        }
    }

    /// Inserts `typed` (cleaned of control characters; line breaks become spaces) at the cursor.
    @discardableResult
    public mutating func insert(_ typed: String) -> Change {
        let clean = TerminalSanitizer.clean(typed, mode: .singleLine)
        guard !clean.isEmpty else { return .unchanged }
        let offset = cursorOffset
        text.insert(contentsOf: clean, at: cursor)
        // A combining mark joins the character before it: keep the cursor on a boundary.
        cursorOffset = boundaryOffset(atOrAfter: offset + clean.utf8.count)
        return .editedText
    }

    /// Replaces the whole text, the cursor at its end.
    public mutating func setText(_ newText: String) {
        self = LineEditor(text: newText)
    }

    /// What to draw in a field `width` cells wide: the text scrolled horizontally so the
    /// cursor stays visible, and the cursor's column within the field. Where text is
    /// hidden at either end (a long paste), `hiddenMark` (an ellipsis) stands in its
    /// place, when the field has room for the marks and the cursor between them.
    public func visible(inWidth width: Int, hiddenMark mark: String = "") -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let column = cursorColumn
        let markWidth = DisplayWidth.of(mark)
        guard markWidth > 0, width >= 2 * markWidth + 2 else {
            if column < width { return (String(text[..<DisplayWidth.prefixEnd(of: text, fittingIn: width)]), column) }
            let (start, used) = scrollStart(cellsBeforeCursor: width - 1)
            let tail = String(text[start...])
            return (String(tail[..<DisplayWidth.prefixEnd(of: tail, fittingIn: width)]), used)
        }
        if DisplayWidth.of(text) <= width && column < width { return (text, column) }
        if column < width - markWidth {
            // Only the end is hidden.
            return (String(text[..<DisplayWidth.prefixEnd(of: text, fittingIn: width - markWidth)]) + mark, column)
        }
        // The start is hidden; the end too unless the rest fits after the cursor.
        let inner = width - markWidth
        let (start, used) = scrollStart(cellsBeforeCursor: inner - 1)
        if DisplayWidth.of(text[start...]) <= inner { return (mark + text[start...], markWidth + used) }
        let between = width - 2 * markWidth
        let (narrowStart, narrowUsed) = scrollStart(cellsBeforeCursor: between - 1)
        let tail = String(text[narrowStart...])
        return (mark + tail[..<DisplayWidth.prefixEnd(of: tail, fittingIn: between)] + mark, markWidth + narrowUsed)
    }

    /// The start of the shown text when it scrolls: as late as needed for the text
    /// before the cursor to take at most `cells`, and the cells it takes.
    private func scrollStart(cellsBeforeCursor cells: Int) -> (String.Index, Int) {
        var start = cursor
        var used = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let width = DisplayWidth.of(text[previous])
            if used + width > cells { break }
            used += width
            start = previous
        }
        return (start, used)
    }

    // MARK: - Helpers

    private mutating func move(to index: String.Index) -> Change {
        let offset = text.utf8.distance(from: text.startIndex, to: index)
        guard offset != cursorOffset else { return .unchanged }
        cursorOffset = offset
        return .movedCursor
    }

    private mutating func delete(_ range: Range<String.Index>) -> Change {
        guard !range.isEmpty else { return .unchanged }
        let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        text.removeSubrange(range)
        cursorOffset = boundaryOffset(atOrAfter: lower)
        return .editedText
    }

    /// The first character boundary at or after a UTF-8 offset.
    private func boundaryOffset(atOrAfter offset: Int) -> Int {
        let target = text.utf8.index(text.startIndex, offsetBy: min(offset, text.utf8.count))
        let aligned = text.indices.first { $0 >= target } ?? text.endIndex
        return text.utf8.distance(from: text.startIndex, to: aligned)
    }

    private func previousWordStart() -> String.Index {
        var index = cursor
        while index > text.startIndex, text[text.index(before: index)].isWhitespace { index = text.index(before: index) }
        while index > text.startIndex, !text[text.index(before: index)].isWhitespace { index = text.index(before: index) }
        return index
    }

    private func nextWordEnd() -> String.Index {
        var index = cursor
        while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
        while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
        return index
    }
}
