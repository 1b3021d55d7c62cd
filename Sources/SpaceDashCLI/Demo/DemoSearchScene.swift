import Foundation
import SpaceData
import Synchronization
import Terminal

/// Draws the demo's search as you type: the screen of `launches search -i`
/// (`LaunchSearchView`, the same view the command draws) set in the tour's text,
/// one screen per part of the script.
///
/// Animated, each key and each result redraws the screen in place (cursor up,
/// lines rewritten), as the user sees it; the terminal's modes are never
/// changed, so there is nothing to restore. Otherwise (a pipe, `--fast`) each
/// part's screen is written once, with its results.
final class DemoSearchScene: Sendable {
    /// The screen drawn: the prompt, the status line, five results and the details pane.
    static let screenRows = 14
    static let border = "│ "

    private let context: CommandContext
    private let animated: Bool
    private let size: TerminalSize
    private let view: LaunchSearchView
    private let border: String

    private struct Drawn {
        /// Rows of the current part's screen already on the terminal (animated only).
        var rowsOnScreen = 0
        var lastState: LaunchSearchState?
        var resultsDelay: Duration?
    }
    private let drawn = Mutex(Drawn())

    init(context: CommandContext, animated: Bool) {
        self.context = context
        self.animated = animated
        border = context.glyphs.isUnicode ? Self.border : "| "
        size = TerminalSize(columns: max(20, context.layoutWidth - 2 - DisplayWidth.of(border)), rows: Self.screenRows)
        var view = LaunchSearchView()
        view.glyphs = context.glyphs
        view.timeZone = TimeZone(identifier: "UTC")!
        self.view = view
    }

    /// The session's handler: events come one at a time, in order.
    @Sendable func handle(_ event: DemoSearchEvent) throws {
        switch event {
        case .ready:
            return
        case .phaseStarted(_, let phase):
            drawn.withLock { $0 = Drawn() }
            try write(["", context.styled(context.glyphs.fit(phase.title), .bold)])
        case .prompt(let state, _):
            drawn.withLock { $0.lastState = state }
            if animated { try draw(state) }
        case .results(let state, _, let sinceLastKey):
            drawn.withLock {
                $0.lastState = state
                if sinceLastKey != nil { $0.resultsDelay = sinceLastKey }
            }
            if animated { try draw(state) }
        case .phaseFinished(let summary):
            let (state, delay) = drawn.withLock { ($0.lastState, $0.resultsDelay) }
            if !animated, let state { try draw(state) }
            try write([context.glyphs.fit(Self.outcome(summary, resultsDelay: delay))])
        }
        try context.stdout.flush()  // each change as it happens, even into a pipe
    }

    /// What a part of the script did, in a user's words.
    static func outcome(_ summary: DemoSearchPhaseSummary, resultsDelay: Duration?) -> String {
        let keys = "\(summary.keystrokes) key\(summary.keystrokes == 1 ? "" : "s")"
        let searches = "\(summary.searches) search\(summary.searches == 1 ? "" : "es")"
        let delay = resultsDelay.map { ", \(DemoSearchSession.milliseconds($0)) ms after the last key" } ?? ""
        return "  \(keys), \(searches): \(summary.resultCount) launch\(summary.resultCount == 1 ? "" : "es") shown\(delay)."
    }

    /// The screen for `state`, in place of the one drawn before in this part.
    private func draw(_ state: LaunchSearchState) throws {
        let frame = view.frame(state, size: size, now: DemoTour.now)
        var lines = frame.lines.map { "  " + context.styled(border, .dim) + $0.rendered(context.styleMode) }
        while lines.count < size.rows { lines.append("  " + context.styled(border, .dim)) }
        let above = drawn.withLock { drawn -> Int in
            defer { drawn.rowsOnScreen = lines.count }
            return drawn.rowsOnScreen
        }
        if animated {
            // Back to the screen's first row; each row rewritten and the rest of it erased.
            let up = above > 0 ? "\u{1B}[\(above)A\r" : ""
            try context.stdout.write(up + lines.map { $0 + "\u{1B}[K\n" }.joined())
        } else {
            try write(lines)
        }
    }

    private func write(_ lines: [String]) throws {
        try context.stdout.write(lines.map { $0 + "\n" }.joined())
    }
}
