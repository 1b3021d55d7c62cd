import Dispatch
import Terminal

/// A full-screen view's pipelines, as `ScreenLoop` drives them: the search's
/// (`LaunchSearchScreen`), a live view's (`WatchModel`), a launch's details.
protocol FullScreenModel: AnyObject, Sendable {
    associatedtype State
    /// What ends the view: Enter's launch, Esc, Ctrl-C, the watch's `/`.
    associatedtype Outcome: Sendable
    var state: State { get }
    /// Each new state, on the main queue; the loop sets it while it shows the model.
    var onChange: ((State) -> Void)? { get set }
    /// Starts the pipelines; called each time the loop shows the model (one shown again runs on).
    func start()
    /// A key: the outcome when it ends the view, else nil.
    func handle(_ press: KeyPress) -> Outcome?
    /// The outcome a new state brings with no key (the search's Enter, once the query's results came).
    func outcome(of state: State) -> Outcome?
    /// The size frames are drawn at: before the first, and again before a redraw (a resize).
    func resized(to size: TerminalSize)
}

extension FullScreenModel {
    func outcome(of state: State) -> Outcome? { nil }
    func resized(to size: TerminalSize) {}
}

/// A full-screen view's drawing: its state as a frame, nothing else.
protocol FullScreenView: Sendable {
    associatedtype State
    func frame(_ state: State, size: TerminalSize) -> Frame
    /// The state changed: the spinner turns while the model is busy.
    mutating func advance(for state: State)
}

/// The one event loop of every full-screen view, as fzf runs every mode through one
/// `Loop`: one `TerminalSession` on the terminal device for as long as a run shows
/// views, driven by events on the main queue. The session's `TerminalInput` brings
/// keys, resizes and resumes; the shown model's `onChange` brings states to draw.
/// Nothing polls and no thread waits: the command awaits each view's outcome.
///
/// A view opened from another's outcome (the search from the watch's `/`, a launch's
/// details from that search) is shown in the same session: the trip never leaves the
/// alternate screen. The session restores the terminal on every exit, signals
/// included (`TerminalSession`), and `run` ends it however its body leaves.
///
/// Its style and width are the run's (`CommandContext`). Touched on the main queue
/// only, but for `run` and `show`, which go there.
final class ScreenLoop: @unchecked Sendable {
    /// The loop this task shows views in, so that a view opened from another's outcome
    /// joins its session (`run` called again) rather than opening a second one.
    @TaskLocal private static var current: ScreenLoop?

    private let session: TerminalSession
    private let renderer: ScreenRenderer
    private let input: TerminalInput
    /// `COLUMNS`: no frame is wider, as no other output is (nor wider than the screen).
    private let columnsLimit: Int?
    private var size: TerminalSize
    /// The view on the screen, which keys go to; nil between two views.
    private var shown: (any ShownView)?
    /// Keys typed between two views, for the next one.
    private var typedAhead: [KeyPress] = []
    /// Why the input stopped (the terminal hung up) while no view was shown.
    private var failure: (any Error)?

    /// Runs `body`, which shows views: in the loop this task already shows views in,
    /// else in a session on the terminal device opened now and ended when `body` leaves.
    static func run<Result>(context: CommandContext, _ body: (ScreenLoop) async throws -> Result) async throws -> Result {
        if let current { return try await body(current) }
        let loop = ScreenLoop(session: try TerminalSession.open(environment: context.environment), context: context)
        loop.startInput()
        do {
            let result = try await $current.withValue(loop) { try await body(loop) }
            await loop.close()
            return result
        } catch {
            await loop.close()
            throw error
        }
    }

    private init(session: TerminalSession, context: CommandContext) {
        self.session = session
        renderer = ScreenRenderer(output: session.output, styleMode: context.screenStyleMode)
        input = TerminalInput(session: session, queue: .main)
        columnsLimit = context.columnsSetting
        size = session.size()
    }

    /// Shows `model` through `view` until a key, or a state, ends it; starts the model.
    /// The model is the caller's: it runs on when the view closes (the watch's, for `/`).
    func show<Model: FullScreenModel, View: FullScreenView>(_ model: Model, through view: View) async throws -> Model.Outcome
    where Model.State == View.State {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.main.async {
                if let failure = self.failure { return continuation.resume(throwing: failure) }
                let presentation = Presentation(loop: self, model: model, view: view, continuation: continuation)
                self.shown = presentation
                presentation.begin()
                let keys = self.typedAhead
                self.typedAhead = []
                self.handle(keys.map(TerminalEvent.key))
            }
        }
    }

    // MARK: Events

    private func startInput() {
        DispatchQueue.main.async {
            self.input.start(events: { [weak self] events in self?.handle(events) },
                             failed: { [weak self] error in self?.inputFailed(error) })
        }
    }

    private func handle(_ events: [TerminalEvent]) {
        for event in events {
            switch event {
            case .key(let press) where press.key == .control("z"):
                session.suspend()
            case .key(let press):
                if let shown { shown.handle(press) } else { typedAhead.append(press) }
            case .resized(let newSize):
                size = newSize
                shown?.redraw()
            case .resumed:
                renderer.invalidate()
                shown?.redraw()
            }
        }
    }

    private func inputFailed(_ error: any Error) {
        if let shown { shown.fail(error) } else { failure = error }
    }

    /// The size frames are drawn at: the screen's, no wider than `COLUMNS`.
    private var frameSize: TerminalSize { size.limited(toColumns: columnsLimit) }

    private func render(_ frame: Frame) {
        // A failed write (the terminal hung up) ends the view through the input.
        try? renderer.render(frame, size: size)
    }

    /// Stops the input, then gives the terminal back once its sources are cancelled
    /// (they read the session's descriptors).
    private func close() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                self.input.cancel {
                    self.session.end()
                    continuation.resume()
                }
            }
        }
    }

    // MARK: The view shown

    private protocol ShownView: AnyObject {
        func handle(_ press: KeyPress)
        /// Draws the state again, laid out for the screen's size now.
        func redraw()
        func fail(_ error: any Error)
    }

    /// One view on the screen, from its first frame to its outcome.
    private final class Presentation<Model: FullScreenModel, View: FullScreenView>: ShownView where Model.State == View.State {
        private unowned let loop: ScreenLoop
        private let model: Model
        private var view: View
        private var continuation: CheckedContinuation<Model.Outcome, any Error>?

        init(loop: ScreenLoop, model: Model, view: View, continuation: CheckedContinuation<Model.Outcome, any Error>) {
            self.loop = loop
            self.model = model
            self.view = view
            self.continuation = continuation
        }

        func begin() {
            model.onChange = { [weak self] state in self?.changed(state) }
            redraw()
            model.start()
        }

        func handle(_ press: KeyPress) {
            if let outcome = model.handle(press) { end(.success(outcome)) }
        }

        func redraw() {
            model.resized(to: loop.frameSize)
            draw(model.state)
        }

        func fail(_ error: any Error) {
            end(.failure(error))
        }

        private func changed(_ state: Model.State) {
            if let outcome = model.outcome(of: state) { return end(.success(outcome)) }
            view.advance(for: state)
            draw(state)
        }

        private func draw(_ state: Model.State) {
            guard continuation != nil else { return }
            loop.render(view.frame(state, size: loop.frameSize))
        }

        /// Detaches from the model (left running: the watch's, for `/`) and gives the
        /// screen to the next view.
        private func end(_ result: Result<Model.Outcome, any Error>) {
            guard let continuation else { return }
            self.continuation = nil
            model.onChange = nil
            loop.shown = nil
            continuation.resume(with: result)
        }
    }
}
