// A full-screen session on a terminal that always gives the terminal back.
//
// Opening a session saves the terminal's settings, enters raw mode, the alternate
// screen and bracketed paste, and hides the cursor. Whatever way the process then
// leaves, the terminal gets back exactly the settings it had (the same `stty -g`),
// the main screen and a visible cursor:
// - `end()`, called by `run` on return and on a thrown error, and by `deinit`;
// - `exit()` from anywhere: an atexit handler;
// - SIGINT, SIGTERM, SIGHUP, SIGPIPE with their default action: a handler
//   restores the terminal with async-signal-safe calls only (write, tcsetattr),
//   then re-raises the signal with its default action, so the process still dies of
//   it (a parent sees "killed by SIGTERM", shells print nothing extra). A handler the
//   program installed before is called instead (it restores through exit/atexit);
// - SIGQUIT and crashes (SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP): restored, then the
//   previous handler (the Swift runtime's backtracer) or the default action runs;
// - SIGTSTP (`kill -TSTP`; Ctrl-Z is a key in raw mode): restored, stopped; SIGCONT
//   enters raw mode again and reports `.resumed` so the caller redraws.
// SIGWINCH is reported as `.resized` through a self-pipe.
//
// One session at a time per process: the signal handlers work on one global record.

import Glibc
import Synchronization

public struct TerminalSessionOptions: Sendable {
    public var alternateScreen = true
    public var hideCursor = true
    public var bracketedPaste = true

    public init(alternateScreen: Bool = true, hideCursor: Bool = true, bracketedPaste: Bool = true) {
        self.alternateScreen = alternateScreen
        self.hideCursor = hideCursor
        self.bracketedPaste = bracketedPaste
    }

    var enterSequence: String {
        (alternateScreen ? "\u{1B}[?1049h" : "") + (hideCursor ? "\u{1B}[?25l" : "") + (bracketedPaste ? "\u{1B}[?2004h" : "")
    }

    /// Always shows the cursor and resets attributes: a renderer may have changed either.
    var leaveSequence: String {
        "\u{1B}[0m" + (bracketedPaste ? "\u{1B}[?2004l" : "") + "\u{1B}[?25h" + (alternateScreen ? "\u{1B}[?1049l" : "")
    }
}

/// What a session's input brings besides keys.
public enum TerminalEvent: Hashable, Sendable {
    case key(KeyPress)
    /// The window changed size (SIGWINCH): lay out again for the new size.
    case resized(TerminalSize)
    /// The process was stopped and continued: the screen must be redrawn whole.
    case resumed
}

public final class TerminalSession: @unchecked Sendable {
    public let fileDescriptor: Int32
    public let options: TerminalSessionOptions
    /// Writes to the terminal; give it to a `ScreenRenderer`.
    public let output: FileDescriptorOutput
    /// The terminal's settings before the session, restored when it ends.
    public let savedSettings: termios

    private let ownsDescriptor: Bool
    private let notificationRead: Int32
    private let notificationWrite: Int32
    // Only `end()` changes this, under the lock; it may be called from any thread.
    private let ended = Mutex(false)

    /// Opens `devicePath` (the controlling terminal, normally) and starts a session on it.
    /// Fails with `.dumbTerminal` for `TERM=dumb` and `.noTerminal` when there is no
    /// terminal to open: the caller turns either into a one-line error.
    public static func open(devicePath: String = TerminalEnvironment.controllingTerminalPath,
                            options: TerminalSessionOptions = TerminalSessionOptions(),
                            environment: [String: String] = TerminalEnvironment.currentEnvironment()) throws -> TerminalSession {
        if environment["TERM"] == "dumb" { throw TerminalError.dumbTerminal }
        let descriptor = Glibc.open(devicePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw TerminalError.noTerminal(path: devicePath, errno: errno) }
        do {
            return try TerminalSession(fileDescriptor: descriptor, ownsDescriptor: true, options: options)
        } catch TerminalError.notATerminal {
            Glibc.close(descriptor)
            throw TerminalError.noTerminal(path: devicePath, errno: ENOTTY)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// Starts a session on an open terminal descriptor; closes it at the end when `ownsDescriptor`.
    public init(fileDescriptor: Int32, ownsDescriptor: Bool = false,
                options: TerminalSessionOptions = TerminalSessionOptions()) throws {
        guard SignalRecord.active.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw TerminalError.sessionAlreadyActive
        }
        let saved: termios
        var pipeEnds: [Int32] = [-1, -1]
        do {
            saved = try RawMode.currentSettings(of: fileDescriptor)
            guard pipe(&pipeEnds) == 0 else { throw TerminalError.systemCall(name: "pipe", errno: errno) }
        } catch {
            SignalRecord.active.store(false, ordering: .releasing)
            throw error
        }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        self.fileDescriptor = fileDescriptor
        self.ownsDescriptor = ownsDescriptor
        self.options = options
        self.output = FileDescriptorOutput(fileDescriptor: fileDescriptor)
        self.savedSettings = saved
        self.notificationRead = pipeEnds[0]
        self.notificationWrite = pipeEnds[1]

        SignalRecord.prepare(fileDescriptor: fileDescriptor, saved: saved, raw: RawMode.rawSettings(from: saved),
                             enter: options.enterSequence, leave: options.leaveSequence, notify: notificationWrite)
        SignalRecord.installHandlers()
        do {
            try RawMode.enter(fileDescriptor)
            try output.write(options.enterSequence)
        } catch {
            end()
            throw error
        }
    }

    deinit {
        end()
    }

    /// Gives the terminal back as it was. Safe to call more than once, from any thread.
    public func end() {
        let first = ended.withLock { ended -> Bool in
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        try? output.write(options.leaveSequence)
        try? RawMode.restore(fileDescriptor, to: savedSettings)
        SignalRecord.active.store(false, ordering: .releasing)
        SignalRecord.removeHandlers()
        Glibc.close(notificationRead)
        Glibc.close(notificationWrite)
        if ownsDescriptor { Glibc.close(fileDescriptor) }
    }

    /// Ctrl-Z, which raw mode delivers as a key: stops the process as the shell's
    /// job control would (the terminal restored first, by the SIGTSTP handler); once
    /// continued, raw mode is back and `.resumed` asks for a redraw.
    public func suspend() {
        // To the process, not this thread, which may have the signal blocked.
        kill(getpid(), SIGTSTP)
    }

    /// The window's size now; 80x24 when the terminal does not say.
    public func size() -> TerminalSize {
        Self.size(of: fileDescriptor) ?? TerminalSize(columns: 80, rows: 24)
    }

    /// The size of the terminal on `fileDescriptor` (TIOCGWINSZ), nil when it has none.
    public static func size(of fileDescriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(window.ws_col), rows: Int(window.ws_row))
    }

    /// A descriptor that becomes readable when a resize or resume is pending (for a
    /// dispatch source, as `TerminalInput` makes); `readNotifications` drains it.
    public var notificationDescriptor: Int32 { notificationRead }

    /// Reads the input waiting on the terminal and decodes it with `decoder`: for a caller
    /// told the descriptor is readable (a dispatch source). A partial sequence stays in
    /// `decoder`; settle it with `decoder.flush()` once its `escapeTimeout` has passed.
    /// Throws `.inputClosed` when the terminal hangs up.
    public func readInput(_ decoder: inout KeyDecoder) throws -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(fileDescriptor, &buffer, buffer.count)
        if count > 0 { return decoder.feed(buffer[..<count]).map(TerminalEvent.key) }
        if count == 0 || (errno != EINTR && errno != EAGAIN) { throw TerminalError.inputClosed }
        return []
    }

    /// The resizes and resumes signalled since the last call (for a caller told that
    /// `notificationDescriptor` is readable), without waiting.
    public func readNotifications() -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var resized = false
        var resumed = false
        while true {
            let count = read(notificationRead, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[..<count] {
                if byte == SignalRecord.resizedByte { resized = true }
                if byte == SignalRecord.resumedByte { resumed = true }
            }
        }
        var events: [TerminalEvent] = []
        if resumed { events.append(.resumed) }
        if resized || resumed { events.append(.resized(size())) }
        return events
    }
}

// MARK: - Signal handling

/// What the signal handlers need, in memory allocated once and never freed or moved, so a
/// handler touches no Swift runtime machinery: no allocation, no locks, no reference counts.
private struct SignalRecordStorage {
    var fileDescriptor: Int32 = -1
    var notifyDescriptor: Int32 = -1
    var saved = termios()
    var raw = termios()
    var enterCount = 0
    var leaveCount = 0
    var enter: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    var leave: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    var atexitRegistered = false
    /// One bit per signal number: whether our handler is installed.
    var installed: UInt64 = 0
}

enum SignalRecord {
    static let active = Atomic<Bool>(false)
    nonisolated(unsafe) fileprivate static let storage: UnsafeMutablePointer<SignalRecordStorage> = {
        let pointer = UnsafeMutablePointer<SignalRecordStorage>.allocate(capacity: 1)
        pointer.initialize(to: SignalRecordStorage())
        return pointer
    }()
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
        return pointer
    }()

    static let resizedByte: UInt8 = 0x77 // w
    static let resumedByte: UInt8 = 0x63 // c

    /// Ended by the default action after the terminal is restored.
    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]
    static let crashSignals: [Int32] = [SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP]
    static let otherSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]

    static func prepare(fileDescriptor: Int32, saved: termios, raw: termios, enter: String, leave: String, notify: Int32) {
        _ = active.load(ordering: .relaxed)
        _ = previousActions
        let record = storage
        record.pointee.fileDescriptor = fileDescriptor
        record.pointee.notifyDescriptor = notify
        record.pointee.saved = saved
        record.pointee.raw = raw
        record.pointee.enterCount = copy(enter, into: &record.pointee.enter)
        record.pointee.leaveCount = copy(leave, into: &record.pointee.leave)
        if !record.pointee.atexitRegistered {
            record.pointee.atexitRegistered = true
            atexit { SignalRecord.restoreTerminal() }
        }
    }

    private static func copy(_ text: String, into buffer: inout (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> Int {
        let bytes = Array(text.utf8)
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let count = min(bytes.count, raw.count)
            raw.copyBytes(from: bytes.prefix(count))
            return count
        }
    }

    static func installHandlers() {
        for signal in terminationSignals + crashSignals + otherSignals {
            var current = sigaction()
            sigaction(signal, nil, &current)
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            // An ignored signal stays ignored (nohup, a parent's choice): it cannot end us.
            if handler == 1 && signal != SIGWINCH && signal != SIGCONT { continue }
            previousActions[Int(signal)] = current
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = handleSignal
            action.sa_flags = SA_SIGINFO | SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            setInstalled(signal, true)
        }
    }

    static func removeHandlers() {
        for signal in terminationSignals + crashSignals + otherSignals where isInstalled(signal) {
            setInstalled(signal, false)
            sigaction(signal, &previousActions[Int(signal)], nil)
        }
    }

    private static func isInstalled(_ signal: Int32) -> Bool {
        storage.pointee.installed & (1 << UInt64(signal)) != 0
    }

    private static func setInstalled(_ signal: Int32, _ value: Bool) {
        if value {
            storage.pointee.installed |= 1 << UInt64(signal)
        } else {
            storage.pointee.installed &= ~(1 << UInt64(signal))
        }
    }

    /// Async-signal-safe: write and tcsetattr on memory prepared beforehand.
    static func restoreTerminal() {
        guard active.load(ordering: .acquiring) else { return }
        let record = storage
        writeAll(record.pointee.fileDescriptor, &record.pointee.leave, record.pointee.leaveCount)
        _ = tcsetattr(record.pointee.fileDescriptor, TCSANOW, &record.pointee.saved)
    }

    fileprivate static func reenterRawMode() {
        guard active.load(ordering: .acquiring) else { return }
        let record = storage
        _ = tcsetattr(record.pointee.fileDescriptor, TCSANOW, &record.pointee.raw)
        writeAll(record.pointee.fileDescriptor, &record.pointee.enter, record.pointee.enterCount)
    }

    fileprivate static func notify(_ byte: UInt8) {
        guard active.load(ordering: .acquiring) else { return }
        var value = byte
        _ = write(storage.pointee.notifyDescriptor, &value, 1)
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) {
        var offset = 0
        var attempts = 0
        while offset < count && attempts < 16 {
            attempts += 1
            let written = write(descriptor, buffer + offset, count - offset)
            if written > 0 { offset += written } else if written < 0 && errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Sets `signal` back to its default action and sends it again: it is blocked while
    /// the handler runs, so it is delivered, and ends the process, when the handler returns.
    fileprivate static func raiseWithDefaultAction(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }

    fileprivate static func callPrevious(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) -> Bool {
        let previous = previousActions[Int(signal)]
        let address = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        guard address > 1 else { return false }
        if previous.sa_flags & SA_SIGINFO != 0 {
            previous.__sigaction_handler.sa_sigaction?(signal, info, context)
        } else {
            previous.__sigaction_handler.sa_handler?(signal)
        }
        return true
    }
}

private func handleSignal(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let savedErrno = errno
    defer { errno = savedErrno }
    switch signal {
    case SIGWINCH:
        SignalRecord.notify(SignalRecord.resizedByte)
        _ = SignalRecord.callPrevious(signal, info, context)
    case SIGTSTP:
        SignalRecord.restoreTerminal()
        if !SignalRecord.callPrevious(signal, info, context) {
            // Stop now; SIGCONT brings us back into this handler's counterpart below.
            raise(SIGSTOP)
        }
    case SIGCONT:
        SignalRecord.reenterRawMode()
        SignalRecord.notify(SignalRecord.resumedByte)
        _ = SignalRecord.callPrevious(signal, info, context)
    default:
        // A switch, not `crashSignals.contains`: no array access inside a handler.
        let isCrash: Bool
        switch signal {
        case SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP: isCrash = true
        default: isCrash = false
        }
        let previous = SignalRecord.previousActions[Int(signal)]
        let hasPreviousHandler = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) > 1
        if isCrash || !hasPreviousHandler { SignalRecord.restoreTerminal() }
        if !SignalRecord.callPrevious(signal, info, context) {
            SignalRecord.raiseWithDefaultAction(signal)
        }
    }
}
