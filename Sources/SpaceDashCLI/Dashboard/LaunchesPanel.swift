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
    var glyphs: Glyphs = .unicode
    /// How many launches to show (`spacedash --limit`).
    var count = LaunchesPanel.count

    /// The next `count` launches still to come: a launch whose time has
    /// passed is never shown as upcoming, whatever the listing says.
    static func next(_ launches: [Launch], now: Date, count: Int = LaunchesPanel.count) -> [Launch] {
        Array(launches.lazy.filter { !$0.hasPassed(at: now) }.prefix(count))
    }

    func lines(_ data: PanelData<LaunchList>) -> [String] {
        var lines = [StyledText("Next launches\(glyphs.joiner)Launch Library 2", style: .bold).rendered(style)]
        switch data {
        case .failed(let message):
            lines.append(TerminalSanitizer.clean(message)) // errors quote servers
        case .loaded(let sourced):
            let launches = Self.next(sourced.value.launches, now: dates.now, count: count)
            if launches.isEmpty {
                lines += Self.wrapped(glyphs.fit(Self.nothingAhead(sourced)), width: width)
            } else {
                lines += LaunchTableRenderer(dates: dates, width: width, mode: style, showsCountdown: true, ellipsis: glyphs.ellipsis)
                    .render(launches.map { LaunchRow($0) })
            }
            // Our words, so fitting them to the locale changes no data; wrapped to the
            // panel, which beside the weather is narrower than the sample's description.
            for line in Self.wrapped("Source: " + glyphs.fit(Self.describe(sourced)), width: width) {
                lines.append(StyledText(line, style: .dim).rendered(style))
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` cells, broken at spaces (a word longer than that is cut).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines.map { DisplayWidth.truncate($0, toWidth: max(1, width)) }
    }

    /// Where the launches came from, in words, with why they are not live when
    /// the fallback chain stepped down: its first reason (`--offline`, an HTTP
    /// error, the rate limit…) as the chain gave it. A cache still fresh needs
    /// no reason but Launch Library's limit.
    static func describe(_ sourced: Sourced<LaunchList>) -> String {
        let why = sourced.fallbackReason.map { " (\(TerminalSanitizer.clean($0.message, mode: .singleLine)))" }
        switch sourced.origin {
        case .live(let fetched): return "live from Launch Library 2, fetched \(MarsWeatherFormat.minute(fetched))"
        case .cache(_, let age):
            return "cached \(age < 60 ? "less than a minute" : AgeText.describe(age)) ago" + (why ?? " (Launch Library allows 15 requests an hour)")
        case .sample: return BundledLaunchListing.summary + (why ?? "")
        }
    }

    /// The panel's one line when no launch is still ahead: the bundled listing's
    /// own words, else how many listed launches have passed.
    static func nothingAhead(_ sourced: Sourced<LaunchList>) -> String {
        if LaunchNotices.saysNothingAhead(sourced) {
            let line = LaunchNotices.nothingAhead
            return line.prefix(1).uppercased() + line.dropFirst() + "."
        }
        switch sourced.value.passedCount {
        case 0: return "No upcoming launches listed."
        case 1: return "No launch still ahead: the one listed has passed."
        case let count: return "No launch still ahead: the \(count) listed have passed."
        }
    }
}
