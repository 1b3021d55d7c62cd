import Foundation
import SpaceData

/// What a command says about the launches it shows: the chain's notices, then
/// how many upcoming launches were left out because their time had passed
/// (SpaceData leaves them out and counts them; the words are the CLI's). When
/// the bundled listing has nothing left, one line says so instead of
/// announcing a listing that shows nothing.
enum LaunchNotices {
    /// Upcoming launches whose time had passed were left out.
    static let passedLeftOut = Notice.Kind(rawValue: "passed-left-out")

    /// The one line when every launch of the bundled listing has passed.
    static let nothingAhead =
        "the bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past"

    /// The notices to print for `sourced`, in order, each once.
    static func notices(_ sourced: Sourced<LaunchList>, now: Date) -> [Notice] {
        let list = sourced.value
        guard list.timeframe == .upcoming, list.passedCount > 0 else { return sourced.notices }
        if saysNothingAhead(sourced) {
            // "showing the bundled listing" would announce nothing: the one line replaces it.
            return sourced.notices.filter { $0.kind != .cacheMissing } + [Notice(passedLeftOut, nothingAhead)]
        }
        return sourced.notices + [Notice(passedLeftOut, passedLine(sourced, now: now))]
    }

    /// Whether the bundled listing was shown and none of its launches is still ahead.
    static func saysNothingAhead(_ sourced: Sourced<LaunchList>) -> Bool {
        sourced.origin == .sample && sourced.value.timeframe == .upcoming
            && sourced.value.launches.isEmpty && sourced.value.passedCount > 0
    }

    /// "left out 3 launches of Launch Library 2's listing of 20 July 2026 whose time
    /// had passed by 2026-07-25T00:00:00Z": how many, from where, and the "now" that
    /// decided it (`SPACEDASH_NOW` may have set it).
    static func passedLine(_ sourced: Sourced<LaunchList>, now: Date) -> String {
        let count = sourced.value.passedCount
        let all = sourced.value.launches.isEmpty && count > 1 ? "all " : ""
        let cached = sourced.origin.kind == "cache" ? "cached " : ""
        let launches = count == 1 ? "1 \(cached)launch" : "\(count) \(cached)launches"
        let from = sourced.origin == .sample ? " of \(BundledLaunchListing.summary)" : ""
        return "left out \(all)\(launches)\(from) whose time had passed by \(LaunchLibraryDate.string(from: now))"
    }
}
