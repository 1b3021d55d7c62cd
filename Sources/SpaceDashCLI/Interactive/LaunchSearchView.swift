import Foundation
import SpaceData
import Terminal

/// Draws a `LaunchSearchState` as a frame: the prompt, the status line, the
/// results with their matches highlighted and the selected row marked, and the
/// selected launch's details when there is room. It holds no pipeline.
public struct LaunchSearchView: Sendable {
    static let prompt = "> "
    static let detailsHeight = 7

    public var showsDetails = true
    public var spinnerStep = 0
    /// The zone of the times in the details pane: local, or UTC with `--utc`.
    public var timeZone: TimeZone = .current
    /// The marks drawn: ASCII in a locale that is not UTF-8 (`Glyphs.forLocale`).
    public var glyphs: Glyphs = .unicode

    public init() {}

    /// Rows of results that fit in `size` with the current layout.
    public func resultRows(in size: TerminalSize) -> Int {
        max(0, size.rows - 2 - (detailsShown(in: size) ? Self.detailsHeight : 0))
    }

    public func detailsShown(in size: TerminalSize) -> Bool {
        showsDetails && size.rows >= 2 + Self.detailsHeight + 5
    }

    public func frame(_ state: LaunchSearchState, size: TerminalSize, now: Date) -> Frame {
        let width = max(1, size.columns)
        var lines: [StyledText] = []
        let field = state.editor.visible(inWidth: max(1, width - Self.prompt.count))
        lines.append(StyledText(Self.prompt, style: .bold) + StyledText(field.text))
        let cursor = CursorPosition(row: 0, column: Self.prompt.count + field.cursorColumn)

        var status = state.statusText(now: now, glyphs: glyphs)
        if state.isLoading || state.isSearching {
            let frames = glyphs.spinnerFrames
            status = frames[spinnerStep % frames.count] + " " + status
        }
        lines.append(StyledText(status, style: .dim).truncated(toWidth: width, ellipsis: glyphs.ellipsis))

        let rows = resultRows(in: size)
        if let matches = state.matches, rows > 0 {
            let selected = state.selectedIndex ?? 0
            // Keep the selected row in view.
            let first = max(0, selected - rows + 1)
            for index in first ..< min(matches.count, first + rows) {
                lines.append(row(matches, index, selected: index == state.selectedIndex, width: width))
            }
        }
        if detailsShown(in: size), let launch = state.selectedLaunch {
            while lines.count < size.rows - Self.detailsHeight { lines.append(StyledText()) }
            lines.append(contentsOf: details(launch, dates: LaunchDateText(timeZone: timeZone, now: now), width: width))
        }
        return Frame(lines: Array(lines.prefix(size.rows)), cursor: cursor)
    }

    private func row(_ matches: LaunchSearchMatches, _ index: Int, selected: Bool, width: Int) -> StyledText {
        let launch = matches.launch(at: index)
        let highlights = matches.highlights(at: index)
        let marker = StyledText(selected ? glyphs.selectionMarker + " " : "  ", style: selected ? .bold : .plain)
        let base: TextStyle = selected ? .selection : .plain
        var line = marker + Self.highlighted(launch.name, highlights, .name, style: base)
        if let agency = launch.agencyName {
            line.append(StyledText(glyphs.joiner, style: base))
            line.append(Self.highlighted(agency, highlights, .agency, style: base))
        }
        if let location = launch.locationName {
            line.append(StyledText(glyphs.joiner, style: base))
            line.append(Self.highlighted(location, highlights, .location, style: base))
        }
        return line.truncated(toWidth: width, ellipsis: glyphs.ellipsis)
    }

    /// `text` from the API, highlighted where the query matched, with control characters removed.
    static func highlighted(_ text: String, _ highlights: SearchHighlights, _ field: SearchField, style: TextStyle) -> StyledText {
        let ranges = highlights.ranges(of: field, in: text)
        // Cleaning changes offsets, so highlight only text that needs no cleaning.
        guard TerminalSanitizer.clean(text) == text else { return StyledText(TerminalSanitizer.clean(text), style: style) }
        return StyledText(text, style: style, highlighting: ranges)
    }

    private func details(_ launch: Launch, dates: LaunchDateText, width: Int) -> [StyledText] {
        func clean(_ text: String?) -> String { text.map { TerminalSanitizer.clean($0) } ?? glyphs.missing }
        // As the table shows times: local (or --utc), cut to the precision known, with a countdown.
        var window = dates.window(of: launch, dash: glyphs.rangeDash) ?? glyphs.missing
        let countdown = dates.countdown(to: launch)
        if !countdown.isEmpty { window += glyphs.joiner + countdown }
        let pad = [launch.padName, launch.locationName].compactMap { $0 }.joined(separator: ", ")
        let lines: [StyledText] = [
            StyledText(String(repeating: glyphs.rule, count: width), style: .dim),
            StyledText(clean(launch.name), style: .bold),
            StyledText("Mission: ", style: .dim) + StyledText(clean(launch.missionDescription ?? launch.missionName)),
            StyledText("Pad:     ", style: .dim) + StyledText(clean(pad.isEmpty ? nil : pad)),
            StyledText("Status:  ", style: .dim) + StyledText(clean(launch.statusName)),
            StyledText("Window:  ", style: .dim) + StyledText(window),
            StyledText("Rocket:  ", style: .dim) + StyledText(clean(launch.rocketName)),
        ]
        return lines.map { $0.truncated(toWidth: width, ellipsis: glyphs.ellipsis) }
    }
}
