import Foundation
import SpaceData
import Terminal

/// Draws a `LaunchWatchState` as a frame: a title with where the launches came
/// from and when the next refresh is, the launches to come with a countdown to
/// the second and what the last refresh changed, those that lifted off, and the
/// keys. It holds no pipeline.
struct LaunchWatchView: FullScreenView {
    var timeZone: TimeZone = .current
    var glyphs: Glyphs = .unicode
    var spinnerStep = 0

    static let keys = "q quit · r refresh · / search"

    func frame(_ state: LaunchWatchState, size: TerminalSize) -> Frame {
        Self.frame(lines(state, width: size.columns), size: size, glyphs: glyphs)
    }

    mutating func advance(for state: LaunchWatchState) {
        if state.isRefreshing { spinnerStep += 1 }
    }

    /// The body of a live view's frame cut to the screen, with the keys on the last row
    /// whatever fits above them.
    static func frame(_ lines: [StyledText], size: TerminalSize, glyphs: Glyphs, keys: String = LaunchWatchView.keys) -> Frame {
        let width = max(1, size.columns)
        let body = Array(lines.prefix(max(0, size.rows - 1))).map { $0.truncated(toWidth: width, ellipsis: glyphs.ellipsis) }
        var shown = body
        if size.rows > 1 {
            while shown.count < size.rows - 1 { shown.append(StyledText()) }
            shown.append(StyledText(keys.replacingOccurrences(of: " · ", with: glyphs.joiner), style: .dim)
                .truncated(toWidth: width, ellipsis: glyphs.ellipsis))
        }
        return Frame(lines: Array(shown.prefix(size.rows)), cursor: nil)
    }

    /// The title with where the launches came from and the next refresh, the launches
    /// to come, those that lifted off; not yet cut to `width` (rows are, by the frame).
    func lines(_ state: LaunchWatchState, width: Int) -> [StyledText] {
        let now = state.now
        var lines: [StyledText] = []
        lines.append(StyledText("Launches", style: .bold) + StyledText(glyphs.joiner + status(state), style: .dim))
        if let notice = state.notice {
            lines.append(StyledText(TerminalSanitizer.clean(notice), style: .dim))
        }
        lines.append(StyledText())

        let dates = LaunchDateText(timeZone: timeZone, now: now)
        let upcoming = state.upcoming.map { (countdown(to: $0.launch, now: now, dates: dates), $0) }
        let lifted = state.liftedOff.map { (elapsed(since: $0.launch, now: now), $0) }
        let labelWidth = (upcoming + lifted).map { DisplayWidth.of($0.0) }.max() ?? 0

        if upcoming.isEmpty {
            lines.append(StyledText(state.origin == nil ? "loading launches…" : "no upcoming launches to watch", style: .dim))
        }
        for (label, watched) in upcoming {
            lines.append(row(label, labelWidth: labelWidth, watched, dates: dates, outcome: nil, outcomeStyle: .dim, width: width))
        }
        if !lifted.isEmpty {
            lines.append(StyledText())
            lines.append(StyledText("Lifted off", style: .bold))
            for (label, watched) in lifted {
                // A status spacedash does not know is shown as Launch Library names it.
                let launch = watched.launch
                let outcome = launch.outcome ?? (launch.hasUnknownStatus ? launch.statusName ?? launch.statusAbbreviation : nil) ?? "outcome not known yet"
                lines.append(row(label, labelWidth: labelWidth, watched, dates: dates, outcome: outcome,
                                 outcomeStyle: Self.style(of: watched.launch.outcomeKind), width: width))
            }
        }
        return lines
    }

    /// "live, refreshed 3 min ago · next refresh in 7m", or "refreshing…" with the spinner.
    func status(_ state: LaunchWatchState) -> String {
        if state.isRefreshing {
            let frames = glyphs.spinnerFrames
            return frames[spinnerStep % frames.count] + " refreshing" + glyphs.ellipsis
        }
        var parts: [String] = []
        switch state.origin {
        case .live?: parts.append("live")
        case .cache(_, let age)?: parts.append("cached \(age < 60 ? "less than a minute" : AgeText.describe(age)) ago")
        case .sample?: parts.append("the bundled listing")
        case nil: break
        }
        if let refreshed = state.refreshedAt {
            let ago = Int(state.now.timeIntervalSince(refreshed))
            parts.append(ago < 60 ? "refreshed just now" : "refreshed \(LaunchDateText.span(ago)) ago")
        }
        if let next = state.nextRefresh {
            let wait = Int(next.timeIntervalSince(state.now).rounded(.up))
            parts.append(wait <= 0 ? "refreshing" : "next refresh in \(Self.clock(wait))")
        }
        return parts.joined(separator: glyphs.joiner)
    }

    /// "T-02:49:13", "T-3d 04:12:09"; "in ~12d" for a NET known to the day or month only.
    func countdown(to launch: Launch, now: Date, dates: LaunchDateText) -> String {
        guard let net = launch.net else { return glyphs.missing }
        guard LaunchDateText.granularity(launch.netPrecision) == .time else { return dates.countdown(to: launch) }
        return "T-" + Self.clock(Int(net.timeIntervalSince(now).rounded(.up)))
    }

    /// "T+00:03:10": the time since lift-off.
    func elapsed(since launch: Launch, now: Date) -> String {
        guard let net = launch.net else { return glyphs.missing }
        return "T+" + Self.clock(Int(now.timeIntervalSince(net).rounded(.down)))
    }

    /// "02:49:13", "3d 04:12:09".
    static func clock(_ seconds: Int) -> String {
        let total = max(0, seconds)
        let days = total / 86_400, hours = total % 86_400 / 3600, minutes = total % 3600 / 60, rest = total % 60
        let time = String(format: "%02d:%02d:%02d", hours, minutes, rest)
        return days > 0 ? "\(days)d \(time)" : time
    }

    /// The label, then the name (which gets the width first: what follows is cut
    /// before it, and a name too wide loses its rocket before its mission), the
    /// outcome or the status with its changes, then the place.
    private func row(_ label: String, labelWidth: Int, _ watched: WatchedLaunch, dates: LaunchDateText, outcome: String?, outcomeStyle: TextStyle,
                     width: Int) -> StyledText {
        let launch = watched.launch
        let padding = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label)))
        let lead = StyledText(label + padding + "  ", style: .bold)
        var tails: [StyledText] = []
        if let outcome {
            tails.append(StyledText(glyphs.joiner + TerminalSanitizer.clean(outcome), style: outcomeStyle))
        } else if let status = launch.statusShort {
            tails.append(StyledText(glyphs.joiner + TerminalSanitizer.clean(status), style: .dim))
        }
        if launch.webcastLive { tails.append(StyledText(glyphs.joiner + LaunchColumn.liveMark, style: .error)) }
        let arrow = glyphs.isUnicode ? "→" : "->"
        for change in watched.changes {
            tails.append(StyledText(glyphs.joiner + change.text(arrow: arrow), style: .highlight))
        }
        if let location = launch.locationName {
            tails.append(StyledText(glyphs.joiner + TerminalSanitizer.clean(location), style: .dim))
        }
        return LaunchNameFit.row(lead, name: StyledText(TerminalSanitizer.clean(launch.name)), tails: tails, width: width,
                                 ellipsis: glyphs.ellipsis)
    }

    /// Green for a success (Payload Deployed too), red for a failure; an unknown status is no failure.
    static func style(of outcome: LaunchOutcomeKind?) -> TextStyle {
        switch outcome {
        case .success: .success
        case .failure, .partialFailure: .error
        case .inFlight, nil: .dim
        }
    }
}
