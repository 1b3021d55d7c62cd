#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a finished process left: its output, how it ended, whether it was
/// killed for taking too long.
public struct ProcessResult: Sendable {
    public let stdout: Data
    public let stderr: Data
    /// The exit code when it exited, nil when a signal ended it.
    public let exitCode: Int32?
    /// The signal that ended it, if one did.
    public let signal: Int32?
    /// It ran past its timeout and was killed.
    public let timedOut: Bool

    /// What a shell reports: the exit code, or 128 + the signal.
    public var status: Int32 { exitCode ?? 128 + (signal ?? 0) }
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

public enum ProcessRunnerError: Error, CustomStringConvertible {
    case spawnFailed(path: String, errno: Int32)
    case systemCall(String, errno: Int32)

    public var description: String {
        switch self {
        case .spawnFailed(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
        case .systemCall(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// Runs executables for end-to-end tests, with posix_spawn: arguments, an
/// environment, optional stdin bytes, stdout and stderr captured, killed
/// (with its process group) on timeout.
///
/// Safe under parallel tests: every descriptor is close-on-exec, so one
/// test's child never inherits another's pipe (which would hold it open and
/// hang the reader), and each child gets its own process group and default
/// signal handling.
public enum ProcessRunner {
    /// Where the child's stdout goes.
    public enum StandardOutput: Sendable {
        /// A pipe, read into `ProcessResult.stdout`.
        case capture
        /// A pipe whose reading end is already closed: every write fails
        /// with EPIPE, as when `| head -1` has gone.
        case closedPipe
    }

    /// Runs to completion (or the timeout) and returns what happened.
    public static func run(_ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
                           stdin: Data? = nil, stdout: StandardOutput = .capture,
                           timeout: TimeInterval = 60) throws -> ProcessResult {
        try start(executable, arguments: arguments, environment: environment, stdin: stdin, stdout: stdout)
            .wait(timeout: timeout)
    }

    /// Starts the process; `wait(timeout:)` collects it. In between, tests may
    /// `send(signal:)` to it.
    ///
    /// - Parameter newSession: the child leads a new session (setsid) instead of a new
    ///   process group: the first terminal it opens becomes its controlling terminal,
    ///   and the test, its parent, still sees how it ended (a signal included).
    public static func start(_ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
                             stdin: Data? = nil, stdout: StandardOutput = .capture,
                             newSession: Bool = false) throws -> RunningProcess {
        // A child that exits before reading its stdin must not kill the test
        // runner with SIGPIPE; writes then fail with EPIPE instead.
        signal(SIGPIPE, SIG_IGN)

        let input = try stdin == nil ? nil : makePipe()
        let output = try makePipe()
        let errors = try makePipe()
        let devNull = stdin == nil ? open("/dev/null", O_RDONLY | O_CLOEXEC) : -1
        if case .closedPipe = stdout { close(output.read) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input?.read ?? devNull, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        // POSIX_SPAWN_SETSID (glibc 2.26) is hidden behind _GNU_SOURCE in Glibc's module map.
        let setsid: Int32 = 0x80
        let grouping = newSession ? setsid : Int32(POSIX_SPAWN_SETPGROUP)
        posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | grouping))

        let path = executable.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let environment = environment ?? ProcessInfo.processInfo.environment
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)

        // The child's ends belong to the child now.
        if let input { close(input.read) }
        if devNull >= 0 { close(devNull) }
        close(output.write)
        close(errors.write)
        guard result == 0 else {
            if let input { close(input.write) }
            if case .capture = stdout { close(output.read) }
            close(errors.read)
            throw ProcessRunnerError.spawnFailed(path: path, errno: result)
        }
        let stdoutDescriptor: Int32? = if case .capture = stdout { output.read } else { nil }
        return RunningProcess(pid: pid, stdinDescriptor: input?.write, stdinData: stdin ?? Data(),
                              stdoutDescriptor: stdoutDescriptor, stderrDescriptor: errors.read)
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe2(&descriptors, O_CLOEXEC) == 0 else { throw ProcessRunnerError.systemCall("pipe2", errno: errno) }
        return (descriptors[0], descriptors[1])
    }

    /// pipe2(2), which Glibc's module map hides behind _GNU_SOURCE. pipe()
    /// then fcntl() would leave a moment in which a child spawned by another
    /// test thread inherits the descriptor.
    private static let pipe2: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32 = {
        guard let symbol = dlsym(nil, "pipe2") else { fatalError("pipe2 is missing from the C library") }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    }()
}

/// A started process. Call `wait(timeout:)` exactly once.
public final class RunningProcess: @unchecked Sendable {
    // @unchecked: the descriptors are used only by `wait`, called once by the
    // test that started the process; `pid` is immutable.
    public let pid: pid_t
    private var stdinDescriptor: Int32?
    private let stdinData: Data
    private var stdoutDescriptor: Int32?
    private var stderrDescriptor: Int32?

    init(pid: pid_t, stdinDescriptor: Int32?, stdinData: Data, stdoutDescriptor: Int32?, stderrDescriptor: Int32) {
        self.pid = pid
        self.stdinDescriptor = stdinDescriptor
        self.stdinData = stdinData
        self.stdoutDescriptor = stdoutDescriptor
        self.stderrDescriptor = stderrDescriptor
        if let stdinDescriptor {
            _ = fcntl(stdinDescriptor, F_SETFL, fcntl(stdinDescriptor, F_GETFL) | O_NONBLOCK)
        }
    }

    /// Sends a signal to the process (not its group).
    public func send(signal: Int32) {
        kill(pid, signal)
    }

    /// Feeds stdin, reads stdout and stderr until both close, and reaps the
    /// process. Past `timeout` seconds the process group is killed.
    public func wait(timeout: TimeInterval) -> ProcessResult {
        let deadline = Date().addingTimeInterval(timeout)
        var stdout = Data()
        var stderr = Data()
        var written = 0
        var timedOut = false
        if stdinData.isEmpty, let descriptor = stdinDescriptor {
            close(descriptor)
            stdinDescriptor = nil
        }

        while stdoutDescriptor != nil || stderrDescriptor != nil || stdinDescriptor != nil {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 && !timedOut {
                timedOut = true
                killGroup()
                // Whatever still holds the pipes is dead now; give the kernel
                // a moment to close them, then stop reading regardless.
            }
            if timedOut && remaining < -5 { break }
            var descriptors: [pollfd] = []
            if let descriptor = stdoutDescriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            if let descriptor = stderrDescriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            if let descriptor = stdinDescriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)) }
            let waitMilliseconds = Int32(max(10, min(1_000, (timedOut ? remaining + 5 : remaining) * 1_000)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), waitMilliseconds)
            if ready < 0 && errno != EINTR { break }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == stdinDescriptor {
                    written += writeStdin(from: written)
                } else if entry.fd == stdoutDescriptor {
                    if !read(entry.fd, into: &stdout) { close(entry.fd); stdoutDescriptor = nil }
                } else if entry.fd == stderrDescriptor {
                    if !read(entry.fd, into: &stderr) { close(entry.fd); stderrDescriptor = nil }
                }
            }
        }
        [stdinDescriptor, stdoutDescriptor, stderrDescriptor].compactMap { $0 }.forEach { close($0) }
        stdinDescriptor = nil
        stdoutDescriptor = nil
        stderrDescriptor = nil

        let status = reap(deadline: deadline, timedOut: &timedOut)
        let signal = status & 0x7F
        return ProcessResult(stdout: stdout, stderr: stderr,
                             exitCode: signal == 0 ? (status >> 8) & 0xFF : nil,
                             signal: signal == 0 ? nil : signal, timedOut: timedOut)
    }

    private func killGroup() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
    }

    /// Writes what it can; closes stdin when all is written or the child is gone.
    private func writeStdin(from offset: Int) -> Int {
        guard let descriptor = stdinDescriptor else { return 0 }
        let count = stdinData.withUnsafeBytes { bytes in
            Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        }
        if count < 0 && (errno == EAGAIN || errno == EINTR) { return 0 }
        if count < 0 || offset + count >= stdinData.count {
            close(descriptor)
            stdinDescriptor = nil
        }
        return max(count, 0)
    }

    /// Reads what is there; false at end of file.
    private func read(_ descriptor: Int32, into data: inout Data) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(buffer, count: count)
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return count < 0 && errno == EAGAIN
        }
    }

    /// waitpid, killing the group if the process outlives the deadline.
    private func reap(deadline: Date, timedOut: inout Bool) -> Int32 {
        let exit = ChildExit(pid: pid)
        if !exit.wait(until: .now() + max(0, deadline.timeIntervalSinceNow)) {
            timedOut = true
            killGroup()
            _ = exit.wait(until: .distantFuture)
        }
        return exit.status ?? 0
    }
}
