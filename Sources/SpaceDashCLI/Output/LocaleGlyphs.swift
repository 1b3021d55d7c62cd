import Terminal

/// What the launch views draw beyond their text, in the one choice every view
/// makes from the locale (`Glyphs.forLocale`): Unicode when it is
/// UTF-8, ASCII otherwise, where a C-locale terminal would show UTF-8 as garbage.
/// Only our own marks change: text from the API is shown as it is.
extension Glyphs {
    /// Ends text cut to fit: "…" (one cell) or "..." (three).
    var ellipsis: String { isUnicode ? DisplayWidth.ellipsis : "..." }
    /// Marks the selected row.
    var selectionMarker: String { isUnicode ? "▶" : ">" }
    /// Drawn across the screen to set a pane apart.
    var rule: String { isUnicode ? "─" : "-" }
    /// A spinner's frames, as `ProgressSpinner` turns them.
    var spinnerFrames: [String] {
        isUnicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }
    /// Between the parts of a line: " · " or " | ".
    var joiner: String { " \(separator) " }
}
