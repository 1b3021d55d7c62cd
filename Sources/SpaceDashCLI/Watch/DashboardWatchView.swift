import Foundation
import SpaceData
import Terminal

/// Draws a `DashboardWatchState`: the dashboard's weather panel beside the live
/// launches of `launches --watch` when the screen is wide enough for both, else
/// above them, and the keys on the last row. It holds no pipeline.
struct DashboardWatchView: FullScreenView {
    /// The launches panel, whose presentation (glyphs, zone) the whole frame follows.
    var launches = LaunchWatchView()
    var units: MarsWeatherUnits = .metric

    func frame(_ state: DashboardWatchState, size: TerminalSize) -> Frame {
        let width = size.columns
        let layout = DashboardLayout(width: width)
        // As the dashboard lays it out: side by side, the weather is as wide as its
        // content, its source line wrapped beneath it, and the launches get the rest.
        let contentWidth = weatherLines(state, width: width, showingSource: false).map(\.displayWidth).max() ?? 0
        let sideBySide = layout.isSideBySide(leftWidth: contentWidth)
        let weather = weatherLines(state, width: sideBySide ? contentWidth : width)
        let weatherWidth = weather.map(\.displayWidth).max() ?? 0
        let lines: [StyledText]
        if sideBySide {
            let right = launches.lines(state.launches, width: layout.rightWidth(besideLeftWidth: weatherWidth))
                .map { $0.truncated(toWidth: layout.rightWidth(besideLeftWidth: weatherWidth), ellipsis: launches.glyphs.ellipsis) }
            lines = (0..<max(weather.count, right.count)).map { row in
                let left = row < weather.count ? weather[row] : StyledText()
                guard row < right.count else { return left }
                return left.padded(toWidth: weatherWidth + DashboardLayout.gutter) + right[row]
            }
        } else {
            lines = weather + [StyledText()] + launches.lines(state.launches, width: width)
        }
        return LaunchWatchView.frame(lines, size: size, glyphs: launches.glyphs)
    }

    mutating func advance(for state: DashboardWatchState) {
        if state.launches.isRefreshing || state.weatherRefresh.isRefreshing { launches.spinnerStep += 1 }
    }

    /// The dashboard's weather panel, then when it refreshes next.
    func weatherLines(_ state: DashboardWatchState, width: Int, showingSource: Bool = true) -> [StyledText] {
        let glyphs = launches.glyphs
        guard let weather = state.weather else {
            return [StyledText("Mars weather", style: .bold), StyledText("loading the weather" + glyphs.ellipsis, style: .dim)]
        }
        // Unstyled, as the frame is styled by spans: the title bold, the source dim.
        var panel = MarsPanel(units: units, glyphs: glyphs, style: .plain, now: state.launches.now, width: width)
        panel.showsSource = false
        var lines = panel.lines(panel: weather).enumerated().map { index, line in
            StyledText(line, style: index == 0 ? .bold : .plain)
        }
        guard showingSource else { return lines }
        // Secondary, as the dashboard prints it: which station, where, and how old.
        lines += panel.sourceLines(panel: weather).map { StyledText($0, style: .dim) }
        if let notice = state.weatherNotice {
            lines.append(StyledText(TerminalSanitizer.clean(notice), style: .dim))
        }
        lines.append(StyledText(weatherStatus(state), style: .dim))
        return lines
    }

    /// "weather: next refresh in 05:59:59", or "refreshing the weather…".
    func weatherStatus(_ state: DashboardWatchState) -> String {
        let refresh = state.weatherRefresh
        if refresh.isRefreshing { return "refreshing the weather" + launches.glyphs.ellipsis }
        guard let next = refresh.nextRefresh else { return "" }
        let wait = Int(next.timeIntervalSince(state.launches.now).rounded(.up))
        return wait <= 0 ? "refreshing the weather" + launches.glyphs.ellipsis : "weather: next refresh in \(LaunchWatchView.clock(wait))"
    }
}
