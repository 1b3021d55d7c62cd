import Dispatch
import Foundation
import SpaceData
import Streams
import Terminal

/// Runs the interactive search on the terminal device, driven by events on
/// the main queue: the session's `TerminalInput` brings keys, resizes and
/// resumes, and the view model's `onChange` brings new state to draw. Nothing polls and
/// no thread waits: the command awaits the outcome. The session restores the
/// terminal on every exit (signals included, see `TerminalSession`).
enum LaunchSearchRunner {
    enum Outcome: Equatable {
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
        let session = try TerminalSession.open()
        let loop = EventLoop(session: session, context: context)
        let outcome = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.main.async {
                loop.start(initialQuery: initialQuery, data: data, debounce: debounce, continuation: continuation)
            }
        }
        // The sources and the view model hold the loop weakly: it lives as long as the run.
        withExtendedLifetime(loop) {}
        return outcome
    }

    /// The screen's life on the main queue, from the first frame to the outcome.
    /// Touched on the main queue only (dispatch handlers and the view model's
    /// `onChange` all run there).
    private final class EventLoop: @unchecked Sendable {
        private let session: TerminalSession
        private let screen: Screen
        private let queue = DispatchQueue.main
        private var model: LaunchSearchViewModel?
        private let input: TerminalInput
        /// Turns the spinner while data or a search is pending; stopped otherwise.
        private var spinner: (any DispatchSourceTimer)?
        private var isSpinning = false
        private var continuation: CheckedContinuation<Outcome, any Error>?

        init(session: TerminalSession, context: CommandContext) {
            self.session = session
            screen = Screen(session: session, context: context)
            input = TerminalInput(session: session, queue: queue)
        }

        func start(initialQuery: String, data: AnyPublisher<LaunchSearchData, Never>, debounce: Duration,
                   continuation: CheckedContinuation<Outcome, any Error>) {
            self.continuation = continuation
            let model = LaunchSearchViewModel(
                initialQuery: initialQuery, data: data, debounce: debounce,
                scheduler: queue.eraseToAnyScheduler(),
                searchScheduler: DispatchQueue(label: "spacedash.search", qos: .userInitiated).eraseToAnyScheduler())
            self.model = model
            model.onChange = { [weak self] state in self?.changed(state) }

            let spinner = DispatchSource.makeTimerSource(queue: queue)
            spinner.schedule(deadline: .now(), repeating: .milliseconds(100))
            spinner.setEventHandler { [weak self] in self?.turnSpinner() }
            self.spinner = spinner

            model.pageSize = screen.view.resultRows(in: screen.size)
            changed(model.state)
            input.start(events: { [weak self] events in self?.handle(events) },
                        failed: { [weak self] error in self?.finish(.failure(error)) })
        }

        // MARK: Events

        private func handle(_ events: [TerminalEvent]) {
            for event in events {
                guard continuation != nil, let model else { return }
                switch event {
                case .key(let press) where press.key == .control("z"):
                    session.suspend()
                case .key(let press):
                    switch model.handle(press) {
                    case .accept(let launch): finish(.success(.accepted(launch)))
                    case .cancel: finish(.success(.cancelled))
                    case .interrupt: finish(.success(.interrupted))
                    case .toggleDetails:
                        screen.view.showsDetails.toggle()
                        model.pageSize = screen.view.resultRows(in: screen.size)
                        screen.draw(model.state)
                    case .none: break
                    }
                case .resized(let size):
                    screen.size = size
                    model.pageSize = screen.view.resultRows(in: size)
                    screen.draw(model.state)
                case .resumed:
                    screen.renderer.invalidate()
                    screen.draw(model.state)
                }
            }
        }

        /// The view model's state changed: draw it, and end once Enter's launch is known.
        private func changed(_ state: LaunchSearchState) {
            guard continuation != nil else { return }
            if let launch = state.acceptedLaunch {
                finish(.success(.accepted(launch)))
                return
            }
            screen.draw(state)
            let pending = state.isLoading || state.isSearching
            if pending != isSpinning {
                isSpinning = pending
                if pending { spinner?.resume() } else { spinner?.suspend() }
            }
        }

        private func turnSpinner() {
            guard continuation != nil, let model else { return }
            screen.view.spinnerStep += 1
            screen.draw(model.state)
        }

        // MARK: The end

        /// Stops the input and the spinner, gives the terminal back once the input's
        /// sources are cancelled (their descriptors are the session's), then resumes the command.
        private func finish(_ result: Result<Outcome, any Error>) {
            guard let continuation else { return }
            self.continuation = nil
            model?.stop()
            // A suspended timer must be resumed before it is cancelled.
            if !isSpinning { spinner?.resume() }
            spinner?.cancel()
            let session = session
            input.cancel {
                session.end()
                continuation.resume(with: result)
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

        /// The run's presentation: its style on the terminal, glyphs, time zone and clock.
        init(session: TerminalSession, context: CommandContext) {
            clock = context.clock
            renderer = ScreenRenderer(
                output: session.output,
                styleMode: context.colorMode.styleMode(isTerminal: true, environment: context.environment))
            size = session.size()
            // The demo's choice, so a C locale gets ASCII marks here too.
            view.glyphs = context.glyphs
            view.timeZone = context.timeZone
            view.columnsLimit = context.columnsSetting
        }

        func draw(_ state: LaunchSearchState) {
            // A failed write (the terminal hung up) ends the run through the input source.
            try? renderer.render(view.frame(state, size: size, now: clock()), size: size)
        }
    }
}
