import Dispatch
import Foundation
import SpaceData
import Streams
import Terminal

/// Runs `--watch` on the terminal device, driven by events on the main queue,
/// as `LaunchSearchRunner` does: a dispatch source on the terminal brings keys,
/// another on the session's notification descriptor brings resizes and resumes,
/// the view model's `onChange` (its timer and refreshes) brings new state to
/// draw. Nothing polls and no thread waits. The session restores the terminal
/// on every exit, signals included (`TerminalSession`).
enum LaunchWatchRunner {
    enum Outcome: Equatable {
        /// `q` or Esc.
        case quit
        /// `/`: the interactive search is to open.
        case search
        /// Ctrl-C, as an interrupt: exit 130.
        case interrupted
    }

    /// The one line to print when there is no terminal to watch on, else nil.
    static func unavailability(environment: [String: String], stdoutIsTerminal: Bool) -> String? {
        guard stdoutIsTerminal, TerminalEnvironment.interactiveUnavailability(environment: environment) == nil else {
            return "--watch needs a terminal (it redraws the screen every second): drop --watch to print the launches once"
        }
        return nil
    }

    static func run(model: LaunchWatchViewModel, context: CommandContext) async throws -> Outcome {
        let session = try TerminalSession.open()
        let loop = EventLoop(session: session, model: model, context: context)
        let outcome = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.main.async { loop.start(continuation: continuation) }
        }
        // The sources and the view model hold the loop weakly: it lives as long as the run.
        withExtendedLifetime(loop) {}
        return outcome
    }

    /// Touched on the main queue only (dispatch handlers and the view model's
    /// `onChange` all run there).
    private final class EventLoop: @unchecked Sendable {
        private let session: TerminalSession
        private let model: LaunchWatchViewModel
        private let renderer: ScreenRenderer
        private var view = LaunchWatchView()
        private var size: TerminalSize
        private let queue = DispatchQueue.main
        private var decoder = KeyDecoder()
        private var input: (any DispatchSourceRead)?
        private var notifications: (any DispatchSourceRead)?
        /// Settles a lone ESC (or a cut sequence) once the decoder's escape timeout has passed.
        private var pendingFlush: DispatchWorkItem?
        private var continuation: CheckedContinuation<Outcome, any Error>?

        init(session: TerminalSession, model: LaunchWatchViewModel, context: CommandContext) {
            self.session = session
            self.model = model
            renderer = ScreenRenderer(
                output: session.output,
                styleMode: context.colorMode.styleMode(isTerminal: true, environment: context.environment))
            size = session.size()
            view.glyphs = context.glyphs
            view.timeZone = context.timeZone
        }

        func start(continuation: CheckedContinuation<Outcome, any Error>) {
            self.continuation = continuation
            model.onChange = { [weak self] state in
                guard let self else { return }
                if state.isRefreshing { self.view.spinnerStep += 1 }
                self.draw(state)
            }
            let input = DispatchSource.makeReadSource(fileDescriptor: session.fileDescriptor, queue: queue)
            input.setEventHandler { [weak self] in self?.readInput() }
            let notifications = DispatchSource.makeReadSource(fileDescriptor: session.notificationDescriptor, queue: queue)
            notifications.setEventHandler { [weak self] in self?.handle(self?.session.readNotifications() ?? []) }
            self.input = input
            self.notifications = notifications
            draw(model.state)
            model.start()
            input.resume()
            notifications.resume()
        }

        private func draw(_ state: LaunchWatchState) {
            guard continuation != nil else { return }
            // A failed write (the terminal hung up) ends the run through the input source.
            try? renderer.render(view.frame(state, size: size), size: size)
        }

        private func readInput() {
            guard continuation != nil else { return }
            pendingFlush?.cancel()
            pendingFlush = nil
            do {
                handle(try session.readInput(&decoder))
            } catch {
                finish(.failure(error))
                return
            }
            if decoder.hasPendingInput, continuation != nil {
                let flush = DispatchWorkItem { [weak self] in
                    guard let self else { return }
                    self.pendingFlush = nil
                    self.handle(self.decoder.flush().map(TerminalEvent.key))
                }
                pendingFlush = flush
                let (seconds, attoseconds) = decoder.escapeTimeout.components
                queue.asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: flush)
            }
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

        /// Stops the model and every source, gives the terminal back once the sources
        /// are cancelled (their descriptors are the session's), then resumes the command.
        private func finish(_ result: Result<Outcome, any Error>) {
            guard let continuation else { return }
            self.continuation = nil
            model.stop()
            model.onChange = nil
            pendingFlush?.cancel()
            let cancelled = DispatchGroup()
            for source in [input, notifications].compactMap({ $0 }) {
                cancelled.enter()
                source.setCancelHandler { cancelled.leave() }
                source.cancel()
            }
            let session = session
            cancelled.notify(queue: queue) {
                session.end()
                continuation.resume(with: result)
            }
        }
    }
}
