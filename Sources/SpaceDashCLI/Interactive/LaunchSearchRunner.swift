import Dispatch
import SpaceData
import Streams
import Terminal

/// Runs the interactive search on the terminal device, in the `ScreenLoop`: in the
/// session of the view it was opened from (the watch's `/`), else in its own.
enum LaunchSearchRunner {
    enum Outcome: Equatable, Sendable {
        case accepted(Launch)
        /// Esc, or Ctrl-D on an empty query.
        case cancelled
        /// Ctrl-C.
        case interrupted
    }

    /// The one line to print when there is no terminal to search on, else nil.
    static func unavailability(environment: [String: String]) -> String? {
        guard TerminalEnvironment.interactiveUnavailability(environment: environment) != nil else { return nil }
        return "interactive search needs a terminal (TERM=dumb or no /dev/tty): drop -i to print matching launches"
    }

    /// - Parameter data: launches as they come (`LaunchSearchFeed`): prepared off the main
    ///   queue; each delivery replaces the last and re-applies the query.
    static func run(initialQuery: String, data: AnyPublisher<LaunchSearchData, Never>, debounce: Duration,
                    context: CommandContext) async throws -> Outcome {
        try await ScreenLoop.run(context: context) { screen in
            let main = DispatchQueue.main.eraseToAnyScheduler()
            let search = LaunchSearchScreen(LaunchSearchViewModel(
                initialQuery: initialQuery, data: data, debounce: debounce, scheduler: main,
                searchScheduler: DispatchQueue(label: "spacedash.search", qos: .userInitiated).eraseToAnyScheduler()),
                scheduler: main)
            defer { DispatchQueue.main.async { search.stop() } }
            var view = LaunchSearchView()
            // The demo's choice, so a C locale gets ASCII marks here too.
            view.glyphs = context.glyphs
            view.timeZone = context.timeZone
            view.clock = context.clock
            return try await screen.show(search, through: view)
        }
    }
}
