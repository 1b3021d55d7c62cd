// Drawing full-screen frames without flicker: only the lines that changed since
// the last frame are redrawn, the cursor is hidden while drawing, and the whole
// update goes out in one write, so the terminal never shows half a frame.

public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    public var description: String { "\(columns)x\(rows)" }

    /// The part of this screen a full-screen view draws on when its width is
    /// limited (`COLUMNS`, when set): every row, and no more columns than
    /// `limit` nor than the screen has (lines wider than the screen would wrap);
    /// the screen's width when `limit` is nil, and never less than one column.
    public func limited(toColumns limit: Int?) -> TerminalSize {
        TerminalSize(columns: max(1, min(columns, limit ?? columns)), rows: rows)
    }
}

/// A cell on the screen, counted from 0 at the top left.
public struct CursorPosition: Hashable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// What the screen should show: one styled line per row from the top (missing rows are
/// blank, lines wider than the screen are cut with an ellipsis), and where the cursor
/// stands, or nil to keep it hidden.
public struct Frame: Hashable, Sendable {
    public var lines: [StyledText]
    public var cursor: CursorPosition?

    public init(lines: [StyledText] = [], cursor: CursorPosition? = nil) {
        self.lines = lines
        self.cursor = cursor
    }
}

public final class ScreenRenderer {
    public let output: TerminalOutput
    public var styleMode: StyleMode

    private var drawnLines: [String] = []
    private var drawnSize: TerminalSize?
    private var drawnCursor: CursorPosition?
    private var cursorVisible = true
    private var needsFullRedraw = true

    /// Writes made so far: one per frame that changed anything.
    public private(set) var writeCount = 0

    public init(output: TerminalOutput, styleMode: StyleMode) {
        self.output = output
        self.styleMode = styleMode
    }

    /// The next frame redraws every line: after the screen was disturbed (a resize, a
    /// suspend and resume, another program's output).
    public func invalidate() {
        needsFullRedraw = true
    }

    /// Draws `frame` on a screen of `size`, sending only what changed since the last frame.
    public func render(_ frame: Frame, size: TerminalSize) throws {
        guard let bytes = update(for: frame, size: size) else { return }
        try output.write(bytes)
        writeCount += 1
    }

    /// The bytes that turn the last frame into `frame`, nil when nothing changed. Records
    /// `frame` as drawn.
    func update(for frame: Frame, size: TerminalSize) -> [UInt8]? {
        let columns = max(size.columns, 0)
        let rows = max(size.rows, 0)
        let full = needsFullRedraw || drawnSize != size
        var body = ""
        if full {
            // Reset attributes so the clear leaves no background colour behind.
            body += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
            drawnLines = Array(repeating: "", count: rows)
        }
        for row in 0..<rows {
            let line = row < frame.lines.count ? frame.lines[row].truncated(toWidth: columns) : StyledText()
            let rendered = line.rendered(styleMode)
            if rendered == drawnLines[row] { continue } // after a full clear, blank rows are drawn already
            body += "\u{1B}[\(row + 1);1H" + rendered
            // Erase the rest of the row; skipped for a full row, where the cursor waits on
            // the last cell and an erase would wipe that cell on some terminals.
            if line.displayWidth < columns { body += "\u{1B}[K" }
            drawnLines[row] = rendered
        }
        let cursor = frame.cursor.map {
            CursorPosition(row: min(max($0.row, 0), max(rows - 1, 0)), column: min(max($0.column, 0), max(columns - 1, 0)))
        }
        needsFullRedraw = false
        drawnSize = size
        if body.isEmpty && cursor == drawnCursor && (cursor != nil) == cursorVisible { return nil }
        var update = ""
        var visible = cursorVisible
        if visible && !body.isEmpty {
            update += "\u{1B}[?25l"
            visible = false
        }
        update += body
        if let cursor {
            update += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
            visible = true
        } else if visible {
            update += "\u{1B}[?25l"
            visible = false
        }
        cursorVisible = visible
        drawnCursor = cursor
        return Array(update.utf8)
    }
}
