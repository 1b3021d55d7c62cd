import Foundation
import SpaceData
import Terminal

/// Draws a `LaunchSearchState` as a frame: the prompt, the status line, the
/// results with their matches highlighted and the selected row marked, and the
/// selected launch's details when there is room. It holds no pipeline.
package struct LaunchSearchView: FullScreenView {
    static let prompt = "> "
    static let detailsHeight = 7

    var spinnerStep = 0
    /// The zone of the times in the details pane: local, or UTC with `--utc`.
    var timeZone: TimeZone = .current
    /// The marks drawn: ASCII in a locale that is not UTF-8 (`Glyphs.forLocale`).
    var glyphs: Glyphs = .unicode
    /// "Now" for the countdowns, when the screen loop draws the view: the run's clock.
    var clock: @Sendable () -> Date = { Date() }

    package init() {}

    /// Rows of results that fit in `size`, with the details pane wanted or not.
    static func resultRows(in size: TerminalSize, showingDetails: Bool) -> Int {
        max(0, size.rows - 2 - (detailsShown(showingDetails, in: size) ? detailsHeight : 0))
    }

    /// Whether the details pane is drawn: wanted, and there is room for it.
    static func detailsShown(_ wanted: Bool, in size: TerminalSize) -> Bool {
        wanted && size.rows >= 2 + detailsHeight + 5
    }

    func frame(_ state: LaunchSearchState, size: TerminalSize) -> Frame {
        frame(state, size: size, now: clock())
    }

    /// The spinner turns with each state while launches load or a search runs
    /// (`LaunchSearchScreen` sends one every 100 ms then).
    mutating func advance(for state: LaunchSearchState) {
        if state.isLoading || state.isSearching { spinnerStep += 1 }
    }

    package func frame(_ state: LaunchSearchState, size: TerminalSize, now: Date) -> Frame {
        let width = max(1, size.columns)
        var lines: [StyledText] = []
        let field = state.editor.visible(inWidth: max(1, width - Self.prompt.count), hiddenMark: glyphs.ellipsis)
        lines.append(StyledText(Self.prompt, style: .bold) + StyledText(field.text))
        let cursor = CursorPosition(row: 0, column: Self.prompt.count + field.cursorColumn)

        var status = state.statusText(now: now, glyphs: glyphs)
        if state.isLoading || state.isSearching {
            let frames = glyphs.spinnerFrames
            status = frames[spinnerStep % frames.count] + " " + status
        }
        lines.append(StyledText(status, style: .dim).truncated(toWidth: width, ellipsis: glyphs.ellipsis))

        let rows = Self.resultRows(in: size, showingDetails: state.showsDetails)
        let dates = LaunchDateText(timeZone: timeZone, now: now)
        if let matches = state.matches, rows > 0 {
            // The view model scrolls only at the edges; the same rule here keeps the
            // selection in view whatever the rows (the details pane toggled, a resize).
            let first = LaunchSearchState.visibleStart(offset: state.scrollOffset, selected: state.selectedIndex ?? 0,
                                                       count: matches.count, rows: rows)
            let shown = first ..< min(matches.count, first + rows)
            let labels = shown.map { Self.when(matches.launch(at: $0), dates: dates, missing: glyphs.missing) }
            let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
            for (index, label) in zip(shown, labels) {
                lines.append(row(matches, index, when: label, labelWidth: labelWidth, selected: index == state.selectedIndex, width: width))
            }
        }
        if Self.detailsShown(state.showsDetails, in: size), let launch = state.selectedLaunch {
            while lines.count < size.rows - Self.detailsHeight { lines.append(StyledText()) }
            lines.append(contentsOf: details(launch, dates: dates, width: width))
        }
        return Frame(lines: Array(lines.prefix(size.rows)), cursor: cursor)
    }

    /// What a row says of its time: the countdown of a launch to come ("in 3d 4h",
    /// "in ~12d"), the date of one gone ("2026-11-20", or "2027-03" when known to the
    /// month), `missing` when it has no date.
    static func when(_ launch: Launch, dates: LaunchDateText, missing: String) -> String {
        guard let net = launch.net else { return missing }
        if net > dates.now { return dates.countdown(to: launch) }
        // The day is enough in a row; the details pane has the time.
        return String(dates.date(of: launch).prefix(10))
    }

    private func row(_ matches: LaunchSearchMatches, _ index: Int, when: String, labelWidth: Int, selected: Bool, width: Int) -> StyledText {
        let launch = matches.launch(at: index)
        let highlights = matches.highlights(at: index)
        let marker = StyledText(selected ? glyphs.selectionMarker + " " : "  ", style: selected ? .bold : .plain)
        let base: TextStyle = selected ? .selection : .plain
        let padding = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(when)))
        let lead = marker + StyledText(when + padding + "  ", style: selected ? .selection : .dim)
        var tails: [StyledText] = []
        if let agency = launch.agencyName {
            tails.append(StyledText(glyphs.joiner, style: base) + Self.highlighted(agency, highlights, .agency, style: base))
        }
        if let location = launch.locationName {
            tails.append(StyledText(glyphs.joiner, style: base) + Self.highlighted(location, highlights, .location, style: base))
        }
        return LaunchNameFit.row(lead, name: Self.highlighted(launch.name, highlights, .name, style: base), tails: tails,
                                 width: width, ellipsis: glyphs.ellipsis)
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
            StyledText(Self.rule(labelled: LaunchHistory.isHistory(launch) ? LaunchHistory.credit : nil, width: width, glyphs: glyphs), style: .dim),
            StyledText(clean(launch.name), style: .bold),
            StyledText("Mission: ", style: .dim) + StyledText(clean(launch.missionDescription ?? launch.missionName)),
            StyledText("Pad:     ", style: .dim) + StyledText(clean(pad.isEmpty ? nil : pad)),
            StyledText("Status:  ", style: .dim) + StyledText(clean(launch.statusName)),
            StyledText("Window:  ", style: .dim) + StyledText(window),
            StyledText("Rocket:  ", style: .dim) + StyledText(clean(launch.rocketName)),
        ]
        return lines.map { $0.truncated(toWidth: width, ellipsis: glyphs.ellipsis) }
    }

    /// The pane's top rule, carrying the credit a launch's source asks for
    /// (GCAT's history) as fzf's preview border carries its label: `── label ───…`.
    static func rule(labelled label: String?, width: Int, glyphs: Glyphs) -> String {
        guard let label else { return String(repeating: glyphs.rule, count: width) }
        let lead = String(repeating: glyphs.rule, count: 2) + " " + label + " "
        return lead + String(repeating: glyphs.rule, count: max(0, width - DisplayWidth.of(lead)))
    }
}
