import Foundation
import SpaceData

/// `--watch` and `--interval`, declared once for every command with a live
/// view (the dashboard, `launches search`).
struct WatchOptions: Sendable, Equatable {
    static let watch = Flag(
        "watch",
        help: "A live full-screen view on the terminal: countdowns tick every second, launches refresh every --interval minutes (Mars weather every 6 hours) and what changed is marked; q or Esc quits, r refreshes, / searches the launches",
        config: .commandLineOnly)
    static let interval = Option<Int>(
        "interval", valueName: "MINUTES", default: 10,
        help: "With --watch: refresh the launches every MINUTES minutes (at least 4 a page: Launch Library allows 15 requests an hour)",
        expecting: "a number of minutes", example: "15", check: .within(4...1440))

    static let group = ArgumentGroup("Watch options", [watch, interval])

    let isOn: Bool
    /// Minutes between two refreshes of the launches.
    let interval: Int

    /// Seconds between two refreshes of the launches.
    var refreshInterval: TimeInterval { TimeInterval(interval * 60) }

    /// - Parameter command: the command line a hint repeats (`spacedash launches`).
    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        isOn = arguments[Self.watch]
        interval = arguments[Self.interval]
        if !isOn, arguments.contains(Self.interval) {
            throw UsageError("--interval applies only to --watch", hint: "add --watch: \(command) --watch --interval \(interval)")
        }
    }

    init(isOn: Bool = false, interval: Int = WatchOptions.interval.defaultValue) {
        self.isOn = isOn
        self.interval = interval
    }

    /// A usage error when `pages` requests a refresh would ask Launch Library more often than it allows.
    func checkRate(pages: Int) throws(UsageError) {
        let spacing = LaunchWatchViewModel.minimumSpacing(pages: pages)
        guard refreshInterval < spacing else { return }
        let minutes = Int((spacing / 60).rounded(.up))
        throw UsageError("--interval \(interval) is too often for \(pages) pages a refresh: Launch Library allows 15 requests an hour",
                         hint: "use --interval \(minutes) or more")
    }
}
