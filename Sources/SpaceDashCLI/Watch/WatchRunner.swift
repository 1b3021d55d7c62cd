import Dispatch
import Foundation
import Terminal

/// A live view's pipelines, as `WatchRunner` drives them: `launches --watch`'s
/// `LaunchWatchViewModel`, or the dashboard's, which holds one.
protocol WatchModel: AnyObject {
    associatedtype State
    var state: State { get }
    /// Each new state, on the main queue.
    var onChange: ((State) -> Void)? { get set }
    func start()
    func stop()
    /// `r`: a refresh now, within the sources' limits.
    func refreshNow()
}

/// A live view's drawing: its state as a frame, nothing else.
protocol WatchView {
    associatedtype State
    func frame(_ state: State, size: TerminalSize) -> Frame
    /// The state changed: turn the refresh spinner on when it refreshes.
    mutating func advance(for state: State)
}

/// Runs a live view (`--watch`) on the terminal device, driven by events on the
/// main queue, as `LaunchSearchRunner` does: the session's `TerminalInput` brings
/// keys, resizes and resumes, the model's `onChange` (its timers and refreshes)
/// brings new state to draw. Nothing polls and no thread waits. The session
/// restores the terminal on every exit, signals included (`TerminalSession`).
/// The model is the caller's: it is left running when the view closes for `/`.
enum WatchRunner {
    enum Outcome: Equatable {
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
    /// - Parameter clock: the live view's, for the countdown on the details.
    static func watch<Model: WatchModel, View: WatchView>(
        model: Model, view: View, clock: WatchClock, context: CommandContext,
        search: () async throws -> LaunchSearchRunner.Outcome
    ) async throws -> Outcome where Model.State == View.State {
        while true {
            switch try await run(model: model, view: view, context: context) {
            case .quit: return .quit
            case .interrupted: return .interrupted
            case .search:
                var searching = true
                while searching {
                    searching = false
                    let found = try await search()
                    if found == .interrupted { return .interrupted }  // Ctrl-C ends the watch too
                    guard case .accepted(let launch) = found else { break }
                    let page = LaunchDetailsPageView(timeZone: context.timeZone, glyphs: context.glyphs,
                                                     columnsLimit: context.columnsSetting, now: { clock.now })
                    switch try await run(model: LaunchDetailsPage(launch), view: page, context: context) {
                    case .quit: break
                    case .interrupted: return .interrupted
                    case .search: searching = true
                    }
                }
            }
        }
    }

    /// Shows `model` through `view` until a key ends it; starts the model the first time.
    static func run<Model: WatchModel, View: WatchView>(model: Model, view: View, context: CommandContext) async throws -> Outcome
    where Model.State == View.State {
        let session = try TerminalSession.open()
        let loop = EventLoop(session: session, model: model, view: view, context: context)
        let outcome = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.main.async { loop.start(continuation: continuation) }
        }
        // The input and the model hold the loop weakly: it lives as long as the run.
        withExtendedLifetime(loop) {}
        return outcome
    }

    /// Touched on the main queue only (the input's handlers and the model's
    /// `onChange` all run there).
    private final class EventLoop<Model: WatchModel, View: WatchView>: @unchecked Sendable where Model.State == View.State {
        private let session: TerminalSession
        private let model: Model
        private var view: View
        private let renderer: ScreenRenderer
        private var size: TerminalSize
        private let input: TerminalInput
        private var continuation: CheckedContinuation<Outcome, any Error>?

        init(session: TerminalSession, model: Model, view: View, context: CommandContext) {
            self.session = session
            self.model = model
            self.view = view
            renderer = ScreenRenderer(
                output: session.output,
                styleMode: context.colorMode.styleMode(isTerminal: true, environment: context.environment))
            size = session.size()
            input = TerminalInput(session: session, queue: .main)
        }

        func start(continuation: CheckedContinuation<Outcome, any Error>) {
            self.continuation = continuation
            model.onChange = { [weak self] state in
                guard let self else { return }
                self.view.advance(for: state)
                self.draw(state)
            }
            draw(model.state)
            model.start()
            input.start(events: { [weak self] events in self?.handle(events) },
                        failed: { [weak self] error in self?.finish(.failure(error)) })
        }

        private func draw(_ state: Model.State) {
            guard continuation != nil else { return }
            // A failed write (the terminal hung up) ends the run through the input.
            try? renderer.render(view.frame(state, size: size), size: size)
        }

        private func handle(_ events: [TerminalEvent]) {
            for event in events {
                guard continuation != nil else { return }
                switch event {
                case .key(let press):
                    switch press.key {
                    case .escape, .control("d"):
                        finish(.success(.quit))
                    case .control("c"):
                        finish(.success(.interrupted))
                    case .control("z"):
                        session.suspend()
                    case .text(let typed):
                        // Keys typed fast arrive together: each acts, until one ends the watch.
                        for character in typed where continuation != nil {
                            switch character {
                            case "q", "Q": finish(.success(.quit))
                            case "r", "R": model.refreshNow()
                            case "/": finish(.success(.search))
                            default: break
                            }
                        }
                    default:
                        break
                    }
                case .resized(let newSize):
                    size = newSize
                    draw(model.state)
                case .resumed:
                    renderer.invalidate()
                    draw(model.state)
                }
            }
        }

        /// Detaches from the model (left running: `/` comes back to it), stops the input,
        /// gives the terminal back once the input's sources are cancelled, then resumes
        /// the command.
        private func finish(_ result: Result<Outcome, any Error>) {
            guard let continuation else { return }
            self.continuation = nil
            model.onChange = nil
            let session = session
            input.cancel {
                session.end()
                continuation.resume(with: result)
            }
        }
    }
}
