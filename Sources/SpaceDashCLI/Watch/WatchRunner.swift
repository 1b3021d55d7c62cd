import Terminal

/// A live view's pipelines, as `WatchRunner` shows them: `launches --watch`'s
/// `LaunchWatchViewModel`, or the dashboard's, which holds one; a launch's details
/// opened from the watch's search take the same keys.
protocol WatchModel: FullScreenModel where Outcome == WatchRunner.Outcome {
    /// `r`: a refresh now, within the sources' limits.
    func refreshNow()
}

extension WatchModel {
    /// q, Esc or Ctrl-D quit, Ctrl-C interrupts, `/` opens the search, r refreshes.
    func handle(_ press: KeyPress) -> WatchRunner.Outcome? {
        switch press.key {
        case .escape, .control("d"):
            return .quit
        case .control("c"):
            return .interrupted
        case .text(let typed):
            // Keys typed fast arrive together: each acts, until one ends the view.
            for character in typed {
                switch character {
                case "q", "Q": return .quit
                case "r", "R": refreshNow()
                case "/": return .search
                default: break
                }
            }
            return nil
        default:
            return nil
        }
    }
}

/// Runs a live view (`--watch`) on the terminal device, in the `ScreenLoop`, with
/// the trips `/` makes to the search and a launch's details in the same session.
enum WatchRunner {
    enum Outcome: Equatable, Sendable {
        /// `q` or Esc.
        case quit
        /// `/`: the interactive search is to open.
        case search
        /// Ctrl-C, as an interrupt: exit 130.
        case interrupted
    }

    /// The one line to print when there is no terminal to watch on, else nil.
    /// - Parameter shown: what the command prints without --watch ("the launches").
    static func unavailability(environment: [String: String], stdoutIsTerminal: Bool, shown: String) -> String? {
        guard stdoutIsTerminal, TerminalEnvironment.interactiveUnavailability(environment: environment) == nil else {
            return "--watch needs a terminal (it redraws the screen every second): drop --watch to print \(shown) once"
        }
        return nil
    }

    /// The live view until q, Esc or Ctrl-C. `/` opens `search` (the interactive search)
    /// and comes back: Esc in the search returns to the live view (Ctrl-C there ends the watch), Enter on a launch shows
    /// its details until q or Esc, then the live view again. The model runs all along, so
    /// its schedules are kept: nothing is asked again for the trip.
    /// - Parameters:
    ///   - clock: the live view's, for the countdown on the details.
    ///   - search: shows the search (`LaunchSearchRunner.run`), in this loop's session.
    static func watch<Model: WatchModel, View: FullScreenView>(
        model: Model, view: View, clock: WatchClock, context: CommandContext,
        search: () async throws -> LaunchSearchRunner.Outcome
    ) async throws -> Outcome where Model.State == View.State {
        try await ScreenLoop.run(context: context) { screen -> Outcome in
            while true {
                switch try await screen.show(model, through: view) {
                case .quit: return .quit
                case .interrupted: return .interrupted
                case .search:
                    var searching = true
                    while searching {
                        searching = false
                        let found = try await search()
                        if found == .interrupted { return .interrupted }  // Ctrl-C ends the watch too
                        guard case .accepted(let launch) = found else { break }
                        let page = LaunchDetailsPageView(timeZone: context.timeZone, glyphs: context.glyphs, now: { clock.now })
                        switch try await screen.show(LaunchDetailsPage(launch), through: page) {
                        case .quit: break
                        case .interrupted: return .interrupted
                        case .search: searching = true
                        }
                    }
                }
            }
        }
    }
}
