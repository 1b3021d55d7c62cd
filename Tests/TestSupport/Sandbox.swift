import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private folder for runs of the built `spacedash` (their home and cache),
/// removed at the end, with the environment those runs get: both APIs point
/// at a loopback server, or at a closed port, so nothing reaches a real API.
/// The one scratch-folder helper of the end-to-end tests.
public final class Sandbox: @unchecked Sendable {
    public let directory: URL
    /// The cache folder (`SPACEDASH_CACHE_DIR`), created by the first run that writes.
    public var cache: URL { directory.appendingPathComponent("cache") }

    public init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-test-\(getpid())-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The environment of a run: a fixed `PATH`, `HOME` in the folder, a UTF-8
    /// locale, the cache in the folder, and both APIs at `server`: InSight at
    /// `/insight_weather/`, Launch Library at `launchesPath` (the root by default).
    /// `extra` adds or replaces variables.
    public func environment(server: LoopbackServer?, launchesPath: String = "",
                            extra: [String: String] = [:]) -> [String: String] {
        let base = server?.baseURL.absoluteString ?? "http://127.0.0.1:9"
        return [
            "PATH": "/usr/bin:/bin",
            "HOME": directory.path,
            "LANG": "C.UTF-8",
            "SPACEDASH_CACHE_DIR": cache.path,
            "SPACEDASH_INSIGHT_URL": base + "/insight_weather/",
            // Curiosity's feed, the default station: never the real mars.nasa.gov from a test.
            "SPACEDASH_CURIOSITY_URL": base + "/msl",
            "SPACEDASH_LAUNCHES_URL": base + launchesPath,
            // NOAA SWPC's products under /swpc/products/… and /swpc/json/….
            "SPACEDASH_SWPC_URL": base + "/swpc",
        ].merging(extra) { $1 }
    }

    /// Runs the built `spacedash` in this sandbox.
    public func run(_ arguments: [String], server: LoopbackServer?, launchesPath: String = "",
                    extra: [String: String] = [:], stdout: ProcessRunner.StandardOutput = .capture,
                    timeout: TimeInterval = 90) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: arguments,
                              environment: environment(server: server, launchesPath: launchesPath, extra: extra),
                              stdout: stdout, timeout: timeout)
    }

    /// Starts the built `spacedash` in this sandbox as a person starts a full-screen
    /// view: in a session of its own whose controlling terminal is `terminal` (so it
    /// opens /dev/tty there), which is its stdin, with `TERM=xterm-256color`.
    /// - Parameters:
    ///   - stdoutOnTerminal: stdout on the terminal too (`--watch` draws only there), else `stdout`.
    ///   - ignoringHangUp: SIGHUP ignored, as `nohup` starts it.
    public func startInteractive(_ arguments: [String], on terminal: PseudoTerminal, server: LoopbackServer? = nil,
                                 launchesPath: String = "", extra: [String: String] = [:], stdoutOnTerminal: Bool = false,
                                 ignoringHangUp: Bool = false, stdout: ProcessRunner.StandardOutput = .capture) throws -> RunningProcess {
        // bash opens the pty without O_NOCTTY, which makes it the new session's controlling
        // terminal, and execs spacedash with the same pid, whose end the test then sees.
        let script = (ignoringHangUp ? "trap '' HUP; " : "") + "exec 0<>\"$1\"" + (stdoutOnTerminal ? " 1>&0" : "")
            + "; shift; exec \"$@\""
        return try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", script, "bash", terminal.path, ProjectPaths.spacedashBinary.path] + arguments,
            environment: environment(server: server, launchesPath: launchesPath,
                                     extra: ["TERM": "xterm-256color"].merging(extra) { $1 }),
            stdout: stdout, newSession: true)
    }

    /// Runs the built `spacedash` in this sandbox with stdout on a pseudo-terminal
    /// `columns` wide (stderr captured), as a person sees it: `TERM=xterm`,
    /// `NO_COLOR=1`. Returns how it ended and what it wrote to the terminal, line
    /// ends as `\n`. The output is read while the program runs, so a long one
    /// never fills the terminal's buffer and blocks it.
    public func runOnTerminal(_ arguments: [String], server: LoopbackServer?, columns: UInt16 = 100,
                              extra: [String: String] = [:], timeout: TimeInterval = 90) throws -> (result: ProcessResult, screen: String) {
        let terminal = try PseudoTerminal(columns: columns, rows: 40)
        let process = try ProcessRunner.start(
            URL(fileURLWithPath: "/bin/bash"),
            arguments: ["-c", "exec 1<>\"$1\"; shift; exec \"$@\"", "bash", terminal.path, ProjectPaths.spacedashBinary.path] + arguments,
            environment: environment(server: server, extra: ["TERM": "xterm", "NO_COLOR": "1"].merging(extra) { $1 }))
        // Drained on a thread of its own while the program runs; once it has
        // exited, a marker written on the program's side says all of it is read.
        let marker = "<<spacedash-run-on-terminal-ends-\(UUID().uuidString)>>"
        let output = TerminalOutput()
        let done = DispatchSemaphore(value: 0)
        Thread {
            output.text = terminal.read(until: marker, timeout: Int32(timeout * 1000) + 10_000)
            done.signal()
        }.start()
        let result = process.wait(timeout: timeout)
        _ = marker.withCString { write(terminal.slave, $0, strlen($0)) }
        done.wait()
        let screen = output.text.components(separatedBy: marker)[0].replacingOccurrences(of: "\r\n", with: "\n")
        return (result, screen)
    }

    /// What the reading thread collected, handed over once it is done.
    private final class TerminalOutput: @unchecked Sendable {
        var text = ""
    }

    /// Every file under the folder (cache entries, temporary files), as bytes.
    public func files() -> [(path: String, contents: Data)] {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var files: [(String, Data)] = []
        for case let relative as String in walker {
            let path = directory.appendingPathComponent(relative).path
            if let data = FileManager.default.contents(atPath: path) { files.append((relative, data)) }
        }
        return files
    }
}
