import Foundation
import SpaceData
import Terminal

/// The dashboard's launch panel: the next launches as the `launches` table
/// draws them, with countdowns, then where they came from.
struct LaunchesPanel: Sendable {
    static let count = 5

    let dates: LaunchDateText
    let width: Int
    let style: StyleMode

    /// The next `count` launches still to come; when every launch listed is
    /// past (an old cache or sample), the last ones listed.
    static func next(_ launches: [Launch], now: Date) -> [Launch] {
        let upcoming = launches.filter { ($0.net ?? .distantFuture) >= now }
        return Array((upcoming.isEmpty ? Array(launches.suffix(count)) : upcoming).prefix(count))
    }

    func lines(_ data: PanelData<LaunchList>) -> [String] {
        var lines = [StyledText("Next launches · Launch Library 2", style: .bold).rendered(style)]
        switch data {
        case .failed(let message):
            lines.append(TerminalSanitizer.clean(message)) // errors quote servers
        case .loaded(let sourced):
            let launches = Self.next(sourced.value.launches, now: dates.now)
            if launches.isEmpty {
                lines.append("No upcoming launches listed.")
            } else {
                lines += LaunchTableRenderer(dates: dates, width: width, mode: style, showsCountdown: true)
                    .render(launches.map { LaunchRow($0) })
            }
            // Cut to the panel rather than wrapped by the terminal.
            lines.append(StyledText(DisplayWidth.truncate("Source: " + Self.describe(sourced.origin), toWidth: width), style: .dim).rendered(style))
        }
        return lines
    }

    /// Where the launches came from, in words.
    static func describe(_ origin: DataOrigin) -> String {
        switch origin {
        case .live: return "live from Launch Library 2, fetched just now"
        case .cache(_, let age):
            return "cached \(age < 60 ? "less than a minute" : AgeText.describe(age)) ago (Launch Library allows 15 requests an hour)"
        case .sample: return LaunchesSample.summary
        }
    }
}
