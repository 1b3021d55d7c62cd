import Glibc
import Dispatch
import Testing
@testable import Terminal
import TestSupport

/// Sessions install process-wide signal handlers and allow one at a time: serialized.
@Suite(.serialized) struct TerminalSessionTests {
    static let childModeVariable = "SPACEDASH_TERMINAL_CHILD_MODE"
    static let childDeviceVariable = "SPACEDASH_TERMINAL_CHILD_DEVICE"

    @Test func aSessionEntersRawModeAndTheAlternateScreenAndGivesEverythingBack() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let session = try TerminalSession(fileDescriptor: pty.slave)
        #expect(pty.settings().c_lflag & tcflag_t(ICANON | ECHO) == 0)
        #expect(pty.read(until: "\u{1B}[?2004h").contains("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h"))
        session.end()
        #expect(sameSettings(pty.settings(), before))
        #expect(pty.read(until: "\u{1B}[?1049l").contains("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"))
        session.end() // twice is harmless
        #expect(sameSettings(pty.settings(), before))
    }

    @Test func droppingTheSessionRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        do {
            let session = try TerminalSession(fileDescriptor: pty.slave)
            _ = session.size()
        }
        #expect(sameSettings(pty.settings(), before))
    }

    @Test func oneSessionAtATime() throws {
        let pty = try PseudoTerminal()
        let session = try TerminalSession(fileDescriptor: pty.slave)
        defer { session.end() }
        #expect(throws: TerminalError.sessionAlreadyActive) { try TerminalSession(fileDescriptor: pty.slave) }
    }

    @Test func noTerminalIsAClearError() throws {
        #expect(throws: TerminalError.noTerminal(path: "/nonexistent/tty", errno: ENOENT)) {
            try TerminalSession.open(devicePath: "/nonexistent/tty", environment: ["TERM": "xterm"])
        }
        #expect(throws: TerminalError.noTerminal(path: "/dev/null", errno: ENOTTY)) {
            try TerminalSession.open(devicePath: "/dev/null", environment: ["TERM": "xterm"])
        }
        let pty = try PseudoTerminal()
        #expect(throws: TerminalError.dumbTerminal) {
            try TerminalSession.open(devicePath: pty.path, environment: ["TERM": "dumb"])
        }
        // A failed open leaves no session behind.
        let session = try TerminalSession.open(devicePath: pty.path, environment: ["TERM": "xterm"])
        session.end()
    }

    @Test func aSessionKnowsItsWindowSize() throws {
        let pty = try PseudoTerminal(columns: 100, rows: 30)
        let session = try TerminalSession(fileDescriptor: pty.slave)
        defer { session.end() }
        #expect(session.size() == TerminalSize(columns: 100, rows: 30))
        pty.resize(columns: 60, rows: 20)
        #expect(session.size() == TerminalSize(columns: 60, rows: 20))
        #expect(TerminalSession.size(of: -1) == nil)
    }

    // MARK: - In a child process: signals and exit

    /// Runs only in the child started by the tests below: a session that waits to be
    /// signalled, or exits without ending the session. In the test run itself it is
    /// reported as skipped, not as a test that passed.
    @Test(.enabled(if: getenv("SPACEDASH_TERMINAL_CHILD_MODE") != nil, "the entry point of the child processes below"))
    func childProcessEntryPoint() throws {
        guard let mode = getenv(Self.childModeVariable).map({ String(cString: $0) }),
              let device = getenv(Self.childDeviceVariable).map({ String(cString: $0) }) else { return }
        let session = try TerminalSession.open(devicePath: device, environment: ["TERM": "xterm"])
        try session.output.write("READY")
        if mode == "exit" { exit(3) }
        if mode == "crash" { fatalError("a bug while drawing") }
        while true { pause() }
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGPIPE])
    func aSignalRestoresTheTerminalAndStillEndsTheProcess(signal: Int32) throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let child = try ChildProcess(mode: "wait", device: pty.path)
        #expect(pty.read(until: "READY").contains("\u{1B}[?1049h"))
        #expect(!sameSettings(pty.settings(), before), "the child is in raw mode")
        kill(child.pid, signal)
        let status = child.wait()
        #expect(status.signal == signal, "still killed by the signal")
        #expect(sameSettings(pty.settings(), before))
        #expect(pty.read(until: "\u{1B}[?1049l").contains("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test func exitWithoutEndingTheSessionRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let child = try ChildProcess(mode: "exit", device: pty.path)
        _ = pty.read(until: "READY")
        let status = child.wait()
        #expect(status.exitCode == 3)
        #expect(sameSettings(pty.settings(), before))
    }

    @Test func aCrashRestores() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let child = try ChildProcess(mode: "crash", device: pty.path)
        _ = pty.read(until: "READY")
        let status = child.wait()
        #expect(status.signal == SIGILL || status.signal == SIGTRAP, "\(String(describing: status.signal))")
        #expect(sameSettings(pty.settings(), before))
    }

    @Test func suspendRestoresAndResumeReentersRawMode() throws {
        let pty = try PseudoTerminal()
        let before = pty.settings()
        let child = try ChildProcess(mode: "wait", device: pty.path)
        _ = pty.read(until: "READY")
        kill(child.pid, SIGTSTP)
        #expect(child.waitUntilStopped())
        #expect(sameSettings(pty.settings(), before), "a stopped program leaves the shell a normal terminal")
        kill(child.pid, SIGCONT)
        #expect(pty.read(until: "\u{1B}[?2004h").contains("\u{1B}[?1049h"))
        #expect(!sameSettings(pty.settings(), before))
        kill(child.pid, SIGTERM)
        #expect(child.wait().signal == SIGTERM)
        #expect(sameSettings(pty.settings(), before))
    }
}

/// The test binary itself, run again to execute `childProcessEntryPoint` alone.
private final class ChildProcess {
    let pid: pid_t
    private var reaped = false

    init(mode: String, device: String) throws {
        var executable = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &executable, Int(PATH_MAX))
        guard length > 0 else { throw TerminalError.systemCall(name: "readlink", errno: errno) }
        let arguments = [String(decoding: executable[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self),
                         "--testing-library", "swift-testing", "--filter", "childProcessEntryPoint"]
        var environment = TerminalEnvironment.currentEnvironment()
        environment[TerminalSessionTests.childModeVariable] = mode
        environment[TerminalSessionTests.childDeviceVariable] = device
        // The runtime's backtracer would take SIGQUIT first and spend seconds on a report.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let environmentStrings = environment.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGPIPE] { sigaddset(&defaults, signal) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0]!, &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw TerminalError.systemCall(name: "posix_spawn", errno: result) }
        pid = child
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    struct Status {
        var exitCode: Int32?
        var signal: Int32?
    }

    /// Waits (up to 20 s, then kills it) for the child to end.
    func wait() -> Status {
        let exit = ChildExit(pid: pid)
        guard exit.wait(until: .now() + 20) else {
            kill(pid, SIGKILL)
            _ = exit.wait(until: .distantFuture)
            reaped = true
            return Status()
        }
        reaped = true
        guard let status = exit.status else { return Status() }
        let terminationSignal = status & 0x7F
        if terminationSignal == 0 { return Status(exitCode: (status >> 8) & 0xFF, signal: nil) }
        return Status(exitCode: nil, signal: terminationSignal)
    }

    /// Waits (up to 20 s) for the child to stop.
    func waitUntilStopped() -> Bool {
        let change = ChildExit(pid: pid, options: WUNTRACED)
        guard change.wait(until: .now() + 20) else {
            // The waiting thread would take the child's exit from a later wait().
            kill(pid, SIGKILL)
            _ = change.wait(until: .distantFuture)
            reaped = true
            return false
        }
        guard let status = change.status else { return false }
        if status & 0xFF == 0x7F { return true }
        reaped = true  // it ended instead of stopping
        return false
    }
}
