import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program the way a notifier must run one: as a program with its
/// arguments (`posix_spawn`, never a shell, so no text is ever parsed as a
/// command), with the environment given, `input` on its stdin, its stdout
/// sent to our stderr (stdout is the alerts' own), and a time limit after
/// which it is killed, so a hung hook cannot hold the next alerts back.
enum ProgramLauncher {
    /// How a run ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killedBySignal(Int32)
        case timedOut
        case couldNotStart(String)
    }

    /// The executable `name` stands for: itself when it holds a slash, else the
    /// first executable file of that name in `searchPath` (PATH's folders).
    static func resolve(_ name: String, searchPath: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        guard !name.isEmpty else { return nil }
        for folder in (searchPath ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = folder + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static let timeLimit: TimeInterval = 60

    static func run(_ path: String, arguments: [String], environment: [String: String], input: String,
                    timeLimit: TimeInterval = ProgramLauncher.timeLimit) -> Ending {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return .couldNotStart(String(cString: strerror(errno))) }
        // Neither end may leak into another program (the child gets the read end as its stdin only).
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_adddup2(&actions, 2, 1)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var spawned: pid_t = 0
        let started = posix_spawn(&spawned, path, &actions, nil, argv, envp)
        let pid = spawned
        close(pipeEnds[0])
        guard started == 0 else {
            close(pipeEnds[1])
            return .couldNotStart(String(cString: strerror(started)))
        }
        // A program that never reads its stdin must not block us: the message is
        // small (one pipe buffer), and a closed reader is a quiet EPIPE (SIGPIPE is ignored).
        let bytes = Array(input.utf8)
        _ = bytes.withUnsafeBytes { write(pipeEnds[1], $0.baseAddress, min($0.count, 60_000)) }
        close(pipeEnds[1])
        // Killed only while it has not ended: the ended child stays a zombie (WNOWAIT)
        // until `finished` is set, so its pid cannot have been given to another process.
        let watch = Mutex((finished: false, killed: false))
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) {
            watch.withLock { watch in
                guard !watch.finished else { return }
                watch.killed = true
                kill(pid, SIGKILL)
            }
        }
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        let wasKilled = watch.withLock { watch in
            watch.finished = true
            return watch.killed
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { break }
        }
        if wasKilled { return .timedOut }
        if status & 0x7f == 0 { return .exited((status >> 8) & 0xff) }
        return .killedBySignal(status & 0x7f)
    }
}
