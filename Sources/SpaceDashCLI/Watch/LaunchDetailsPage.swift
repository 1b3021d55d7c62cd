import Foundation
import SpaceData
import Terminal

/// Enter on a launch in the search opened from a live view: the launch's details
/// as `launches show` lays them out (from the launches the watch holds: no
/// request), on a page of its own that the runner shows until q or Esc, which
/// goes back to the live view. Its "model" is the one launch; nothing refreshes.
final class LaunchDetailsPage: WatchModel, @unchecked Sendable {
    let state: LaunchDetail
    var onChange: ((LaunchDetail) -> Void)?

    init(_ launch: Launch) {
        state = LaunchDetail(launch: launch)
    }

    func start() {}
    func refreshNow() {}
}

/// Draws a `LaunchDetailsPage`: the details, cut to the screen, and the keys.
struct LaunchDetailsPageView: FullScreenView {
    var timeZone: TimeZone = .current
    var glyphs: Glyphs = .unicode
    /// "Now" for the countdown in the NET line: the live view's clock.
    var now: @Sendable () -> Date

    static let keys = "q or Esc back to the watch · / search"

    func frame(_ detail: LaunchDetail, size: TerminalSize) -> Frame {
        let renderer = LaunchDetailRenderer(dates: LaunchDateText(timeZone: timeZone, now: now()), width: size.columns,
                                            mode: .plain, joiner: glyphs.joiner)
        let lines = renderer.render(detail).enumerated().map { StyledText($0.element, style: $0.offset == 0 ? .bold : .plain) }
        return LaunchWatchView.frame(lines, size: size, glyphs: glyphs, keys: Self.keys)
    }

    mutating func advance(for state: LaunchDetail) {}
}
