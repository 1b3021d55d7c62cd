import Foundation
import SpaceData
import Streams
import Terminal

/// Runs the interactive search on the terminal device: reads keys on the
/// calling thread, hands them to the view model on the main queue, and draws
/// every state change there. The session restores the terminal on every exit.
enum LaunchSearchRunner {
    enum Outcome: Equatable {
        case accepted(Launch)
        case cancelled
    }

    /// The one line to print when there is no terminal to search on, else nil.
    static func unavailability(environment: [String: String]) -> String? {
        guard TerminalEnvironment.interactiveUnavailability(environment: environment) != nil else { return nil }
        return "interactive search needs a terminal (TERM=dumb or no /dev/tty): drop -i to print matching launches"
    }

    /// - Parameter data: launches as they come (`LaunchSearchFeed`): prepared off the main
    ///   queue; each delivery replaces the last and re-applies the query.
    static func run(initialQuery: String, data: AnyPublisher<LaunchSearchData, Never>, debounce: Duration,
                    timeZone: TimeZone, environment: [String: String],
                    clock: @escaping @Sendable () -> Date) throws -> Outcome {
        try TerminalSession.run { session in
            let model = LaunchSearchViewModel(
                initialQuery: initialQuery, data: data, debounce: debounce,
                scheduler: DispatchQueue.main.eraseToAnyScheduler(),
                searchScheduler: DispatchQueue(label: "spacedash.search", qos: .userInitiated).eraseToAnyScheduler())
            defer { model.stop() }
            let screen = Screen(session: session, environment: environment, clock: clock)
            screen.view.timeZone = timeZone
            model.onChange = { state in screen.draw(state) }
            DispatchQueue.main.sync {
                model.pageSize = screen.view.resultRows(in: screen.size)
                screen.draw(model.state)
            }
            var decoder = KeyDecoder()
            var isAccepting = false
            while true {
                // An Enter waiting for its query's results looks again soon (they come on the main queue).
                let wait: Duration = isAccepting ? .milliseconds(5) : .milliseconds(100)
                for event in try session.readEvents(&decoder, timeout: wait) {
                    let action: LaunchSearchAction? = DispatchQueue.main.sync {
                        switch event {
                        case .key(let press):
                            let action = model.handle(press)
                            if action == .toggleDetails {
                                screen.view.showsDetails.toggle()
                                model.pageSize = screen.view.resultRows(in: screen.size)
                                screen.draw(model.state)
                            }
                            return action
                        case .resized(let size):
                            screen.size = size
                            model.pageSize = screen.view.resultRows(in: size)
                            screen.draw(model.state)
                            return nil
                        case .resumed:
                            screen.renderer.invalidate()
                            screen.draw(model.state)
                            return nil
                        }
                    }
                    switch action {
                    case .accept(let launch)?: return .accepted(launch)
                    case .cancel?: return .cancelled
                    default: break
                    }
                }
                // Turn the spinner while data or a search is pending.
                let state = DispatchQueue.main.sync {
                    let state = model.state
                    if !isAccepting && (state.isLoading || state.isSearching) {
                        screen.view.spinnerStep += 1
                        screen.draw(state)
                    }
                    return state
                }
                if let launch = state.acceptedLaunch { return .accepted(launch) }
                isAccepting = state.isAccepting
            }
        }
    }

    /// What is on the screen; touched on the main queue only.
    final class Screen: @unchecked Sendable {
        let renderer: ScreenRenderer
        var view = LaunchSearchView()
        var size: TerminalSize
        /// "Now" for the countdowns: the run's clock.
        let clock: @Sendable () -> Date

        init(session: TerminalSession, environment: [String: String], clock: @escaping @Sendable () -> Date) {
            self.clock = clock
            renderer = ScreenRenderer(
                output: session.output,
                styleMode: TerminalEnvironment.styleMode(isTerminal: true, environment: environment))
            size = session.size()
            // The demo's choice, so a C locale gets ASCII marks here too.
            view.glyphs = MarsWeatherGlyphs.forLocale(environment)
        }

        func draw(_ state: LaunchSearchState) {
            // A failed write (the terminal hung up) ends the run through readEvents.
            try? renderer.render(view.frame(state, size: size, now: clock()), size: size)
        }
    }
}
