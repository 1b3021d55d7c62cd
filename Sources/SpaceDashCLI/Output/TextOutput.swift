#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import HTTP

/// Why writing failed. `closed` (EPIPE: the reader went away, as in
/// `spacedash --help | head -1`) ends the run quietly.
enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    case closed
    case failed(errno: Int32)

    var description: String {
        switch self {
        case .closed: "the output was closed"
        case .failed(let code): String(cString: strerror(code))
        }
    }
}

/// Where a command writes text: a file descriptor (stdout, stderr) or memory
/// (tests). Writes from any thread are safe and never interleave mid-text.
///
/// On a file, output is buffered and flushed at each line break when it is a
/// terminal (like C's stdio), else when the buffer fills and at the end of
/// the run, so printing many lines costs few system calls. Code that ends the
/// process itself (`exit`) or waits long after printing calls `flush()` first.
/// Commands write through this, never `print()`, whose separate buffer would
/// reorder the output.
final class TextOutput: Sendable {
    private enum Destination: Sendable {
        case fileDescriptor(Int32, buffered: Bool)
        case memory
    }

    private struct State: Sendable {
        var pending: [UInt8] = []
        var captured: [UInt8] = []
        var failure: OutputError?
    }

    /// Whether this output is a terminal (decides colour for stdout and
    /// spinners for stderr).
    let isTerminal: Bool
    private let destination: Destination
    private let state = Mutex(State())
    private static let bufferLimit = 64 * 1024

    private init(destination: Destination, isTerminal: Bool) {
        self.destination = destination
        self.isTerminal = isTerminal
    }

    /// Writes to a file descriptor; `buffered: false` writes at once (stderr).
    static func fileDescriptor(_ descriptor: Int32, buffered: Bool) -> TextOutput {
        TextOutput(destination: .fileDescriptor(descriptor, buffered: buffered), isTerminal: isatty(descriptor) == 1)
    }

    /// A standard descriptor (0, 1, 2), unless it was closed when spacedash started
    /// (`spacedash >&-`): then the runtime has since reused its number for one of its
    /// own (Dispatch's eventfd), which must never receive our text, and writes fail
    /// as writes to a closed descriptor do (EBADF).
    static func standardDescriptor(_ descriptor: Int32, buffered: Bool) -> TextOutput {
        fileDescriptor(wasOpenAtLaunch(descriptor) ? descriptor : -1, buffered: buffered)
    }

    /// Whether `descriptor` is one the process inherited: open, and without
    /// close-on-exec (exec closes those), while everything the Swift runtime,
    /// Dispatch and Foundation open is close-on-exec.
    static func wasOpenAtLaunch(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFD)
        return flags >= 0 && flags & FD_CLOEXEC == 0
    }

    /// Keeps what is written, for tests; `isTerminal` is what commands see.
    static func memory(isTerminal: Bool = false) -> TextOutput {
        TextOutput(destination: .memory, isTerminal: isTerminal)
    }

    /// The file descriptor written to; nil for a memory output.
    var fileDescriptor: Int32? {
        if case .fileDescriptor(let descriptor, _) = destination { return descriptor }
        return nil
    }

    /// Everything written so far to a memory output, as text.
    var text: String {
        state.withLock { String(decoding: $0.captured, as: UTF8.self) }
    }

    /// Registered secrets (see `Redaction`) are masked here too: the last
    /// guard, should a text from a server reach an output unredacted.
    func write(_ text: String) throws(OutputError) {
        let text = Redaction.maskRegisteredSecrets(in: text)
        try state.withLock { (state) throws(OutputError) in
            if let failure = state.failure { throw failure }
            switch destination {
            case .memory:
                state.captured.append(contentsOf: text.utf8)
            case .fileDescriptor(let descriptor, let buffered):
                state.pending.append(contentsOf: text.utf8)
                let flushNow = !buffered || state.pending.count >= Self.bufferLimit
                    || (isTerminal && text.utf8.contains(UInt8(ascii: "\n")))
                if flushNow { try Self.drain(&state, to: descriptor) }
            }
        }
    }

    /// Writes the text and a line break.
    func writeLine(_ text: String = "") throws(OutputError) {
        try write(text + "\n")
    }

    /// Sends anything buffered to the file now.
    func flush() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            if let failure = state.failure { throw failure }
            if case .fileDescriptor(let descriptor, _) = destination {
                try Self.drain(&state, to: descriptor)
            }
        }
    }

    private static func drain(_ state: inout State, to descriptor: Int32) throws(OutputError) {
        var written = 0
        let total = state.pending.count
        let failure: OutputError? = state.pending.withUnsafeBytes { bytes -> OutputError? in
            while written < total {
                let result = systemWrite(descriptor, bytes.baseAddress! + written, total - written)
                if result >= 0 {
                    written += result
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    // A non-blocking descriptor inherited from the parent: wait until it drains.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&poller, 1, -1)
                case EPIPE:
                    return .closed
                case let code:
                    return .failed(errno: code)
                }
            }
            return nil
        }
        state.pending.removeAll(keepingCapacity: true)
        if let failure {
            state.failure = failure
            throw failure
        }
    }
}

/// The two outputs of a run.
struct OutputStreams: Sendable {
    let stdout: TextOutput
    let stderr: TextOutput

    init(stdout: TextOutput, stderr: TextOutput) {
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The process's standard output (buffered) and standard error (not).
    static let standard = OutputStreams(
        stdout: .standardDescriptor(STDOUT_FILENO, buffered: true),
        stderr: .standardDescriptor(STDERR_FILENO, buffered: false))

    /// Two memory outputs, for tests.
    static func memory(stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false) -> OutputStreams {
        OutputStreams(stdout: .memory(isTerminal: stdoutIsTerminal), stderr: .memory(isTerminal: stderrIsTerminal))
    }
}

/// write(2), named apart from `TextOutput.write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
