import Foundation
import Streams
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A spinner on stderr while waiting for data: it appears only after a short
/// delay (100 ms by default), so a fast answer shows no flicker, and erases
/// itself when stopped. Time runs on an injected scheduler.
/// State lives behind `lock`, hence `@unchecked Sendable`.
final class ProgressSpinner: @unchecked Sendable {
    private struct State {
        var frame = 0
        var shown = false
        var stopped = false
        var timer: (any Cancellable)?
        var running = false
    }

    private let output: TextOutput
    private let message: String
    private let frames: [String]
    /// The descriptor `output` writes to, when the spinner erases itself on
    /// SIGINT or SIGTERM (`SpinnerInterrupt`); nil: the signals are left alone.
    private let interruptDescriptor: Int32?
    private let lock = NSLock()
    private var state = State()

    /// - Parameters:
    ///   - unicode: braille frames when the locale is UTF-8, else `|/-\`.
    ///   - erasingOnInterruptOf: the file descriptor behind `output` (stderr): while the
    ///     spinner runs, Ctrl-C or SIGTERM erase its line before the process dies of the
    ///     signal, so no `⠋ Fetching…^C` is left on the screen.
    init(output: TextOutput, message: String, unicode: Bool, erasingOnInterruptOf descriptor: Int32? = nil) {
        self.output = output
        self.message = message
        frames = unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", "\\"]
        interruptDescriptor = descriptor
    }

    /// Starts the clock: the first frame after `delay`, then one every `interval`.
    /// A call while it runs does nothing.
    func start(
        on scheduler: AnySchedulerOf<DispatchQueue>,
        delay: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(100),
        interval: DispatchQueue.SchedulerTimeType.Stride = .milliseconds(80)
    ) {
        // A start while it runs (one per request of a command) leaves the clock alone;
        // one after `stop` spins again, from a fresh line (a command's second wait).
        let first = withState { state -> Bool in
            guard !state.running else { return false }
            state = State()
            state.running = true
            return true
        }
        guard first else { return }
        let timer = scheduler.schedule(after: scheduler.now.advanced(by: delay), interval: interval) { [weak self] in
            self?.tick()
        }
        let keep = withState { state -> Bool in
            guard !state.stopped else { return false }
            state.timer = timer
            return true
        }
        if !keep { timer.cancel() }
        if keep, let interruptDescriptor { SpinnerInterrupt.install(descriptor: interruptDescriptor) }
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
        if let text {
            if interruptDescriptor != nil { SpinnerInterrupt.lineShown.store(true, ordering: .releasing) }
            try? output.write(text)
        }
    }

    /// Stops the spinner and erases its line if it was drawn. Safe to call twice.
    func stop() {
        let (timer, shown) = withState { state -> ((any Cancellable)?, Bool) in
            let result = (state.timer, state.shown && !state.stopped)
            state.stopped = true
            state.running = false
            state.timer = nil
            return result
        }
        timer?.cancel()
        if interruptDescriptor != nil { SpinnerInterrupt.remove() }
        if shown { try? output.write("\r\u{1B}[K") }
    }
}

extension CommandContext {
    /// A spinner for a command that may wait on the network, on a terminal only; nil
    /// elsewhere. Give its `startOnRequest` to `Services(willRequest:)`: it shows after
    /// 100 ms of a request, and never for an answer from a fresh cache (no request).
    func networkSpinner(_ message: String) -> ProgressSpinner? {
        guard showsProgress else { return nil }
        return ProgressSpinner(output: stderr, message: message + glyphs.ellipsis, unicode: glyphs.isUnicode,
                               erasingOnInterruptOf: stderr.fileDescriptor)
    }
}

extension ProgressSpinner {
    /// For `Services(willRequest:)`: starts the spinner's clock on a queue of its own,
    /// unless it runs already.
    var startOnRequest: @Sendable () -> Void {
        { [self] in start(on: DispatchQueue(label: "spacedash.spinner").eraseToAnyScheduler()) }
    }
}

/// SIGINT and SIGTERM while a spinner runs: the handler erases the spinner's
/// line, then the signal ends the process with its default action, as it would
/// have (exit status 130 for Ctrl-C; a parent sees "killed by SIGINT").
///
/// The handler is async-signal-safe: it reads atomics and calls write(2),
/// sigaction(2) and raise(3) only, on memory set up before it is installed.
/// A signal that was ignored or handled by someone else is left alone.
enum SpinnerInterrupt {
    static let signals: [Int32] = [SIGINT, SIGTERM]
    /// Whether a frame may be on the screen (set before the frame is written).
    static let lineShown = Atomic<Bool>(false)
    static let descriptor = Atomic<Int32>(-1)
    /// One bit per signal: whether our handler is installed.
    static let installed = Atomic<UInt64>(0)

    static func install(descriptor: Int32) {
        self.descriptor.store(descriptor, ordering: .releasing)
        lineShown.store(false, ordering: .releasing)
        for signal in signals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // SIG_DFL is a null handler: anything else (ignored, someone's handler) stays.
            guard unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0 else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in SpinnerInterrupt.handle(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            installed.bitwiseOr(1 << UInt64(signal), ordering: .acquiringAndReleasing)
        }
    }

    static func remove() {
        for signal in signals {
            let bit: UInt64 = 1 << UInt64(signal)
            guard installed.bitwiseAnd(~bit, ordering: .acquiringAndReleasing).oldValue & bit != 0 else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        lineShown.store(false, ordering: .releasing)
    }

    /// In the signal handler.
    private static func handle(_ signal: Int32) {
        let fd = descriptor.load(ordering: .acquiring)
        if lineShown.load(ordering: .acquiring), fd >= 0 {
            // \r, then erase to the end of the line: 4 bytes, one write.
            var erase: (UInt8, UInt8, UInt8, UInt8) = (0x0D, 0x1B, 0x5B, 0x4B)
            _ = withUnsafeBytes(of: &erase) { write(fd, $0.baseAddress, 4) }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        // Blocked while this handler runs: delivered, with its default action, when it returns.
        raise(signal)
    }
}
