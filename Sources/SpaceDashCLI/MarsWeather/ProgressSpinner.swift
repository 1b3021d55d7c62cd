import Foundation
import Streams

/// A spinner on stderr while waiting for data: it appears only after a short
/// delay (100 ms by default), so a fast answer shows no flicker, and erases
/// itself when stopped. Time runs on an injected scheduler.
/// State lives behind `lock`, hence `@unchecked Sendable`.
public final class ProgressSpinner: @unchecked Sendable {
    private struct State {
        var frame = 0
        var shown = false
        var stopped = false
        var timer: (any Cancellable)?
    }

    private let output: TextOutput
    private let message: String
    private let frames: [String]
    private let lock = NSLock()
    private var state = State()

    /// - Parameters:
    ///   - unicode: braille frames when the locale is UTF-8, else `|/-\`.
    public init(output: TextOutput, message: String, unicode: Bool) {
        self.output = output
        self.message = message
        frames = unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
    }

    /// Starts the clock: the first frame after `delay`, then one every `interval`.
    public func start(
        on scheduler: AnySchedulerOf<DispatchQueue>,
        delay: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(100),
        interval: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(80)
    ) {
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: delay), interval: interval) { [weak self] in
            self?.tick()
        }
        let keep = withState { state -> Bool in
            guard !state.stopped else { return false }
            state.timer = timer
            return true
        }
        if !keep { timer.cancel() }
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    private func tick() {
        let text = withState { state -> String? in
            guard !state.stopped else { return nil }
            let frame = frames[state.frame % frames.count]
            state.frame += 1
            state.shown = true
            return "\r\(frame) \(message)"
        }
        if let text { try? output.write(text) }
    }

    /// Stops the spinner and erases its line if it was drawn. Safe to call twice.
    public func stop() {
        let (timer, shown) = withState { state -> ((any Cancellable)?, Bool) in
            let result = (state.timer, state.shown && !state.stopped)
            state.stopped = true
            state.timer = nil
            return result
        }
        timer?.cancel()
        if shown { try? output.write("\r\u{1B}[K") }
    }
}
