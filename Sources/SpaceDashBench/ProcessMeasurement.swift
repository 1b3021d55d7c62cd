import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program as a user does and measures it: wall time from spawn to exit,
/// and peak resident memory.
///
/// Linux carries the spawning process's peak into a posix_spawned child's
/// `ru_maxrss` (the child shares our memory until exec), so the peak is taken
/// by GNU time (`/usr/bin/time -f %M`), whose forked child starts from time's
/// small memory, while the time is taken from a direct spawn.
enum ProcessMeasurement {
    struct Run {
        var seconds: Double
        var peakKilobytes: Int
        var status: Int32
    }

    /// One run for time, then one under GNU time for memory; nil when it cannot start.
    static func measure(_ path: String, _ arguments: [String], environment: [String]) -> Run? {
        guard let (seconds, _, status) = spawnAndWait(path, arguments, environment),
              let peak = peakKilobytes(path, arguments, environment)
        else { return nil }
        return Run(seconds: seconds, peakKilobytes: peak, status: status)
    }

    /// The peak RSS of one run, in KiB, as GNU time reports it.
    static func peakKilobytes(_ path: String, _ arguments: [String], _ environment: [String]) -> Int? {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-time-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        guard let (_, _, status) = spawnAndWait("/usr/bin/time", ["-f", "%M", "-o", report.path, path] + arguments, environment),
              status == 0, let text = try? String(contentsOf: report, encoding: .utf8) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Spawns `path` with stdout to `stdout` (/dev/null unless said) and stderr
    /// to /dev/null; returns the wall time from spawn to exit, the peak RSS in
    /// KiB of the process and its waited-for children, and the exit status.
    static func spawnAndWait(_ path: String, _ arguments: [String], _ environment: [String],
                             stdout: String = "/dev/null") -> (Double, Int, Int32)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, nil, argv, envp) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            if errno != EINTR { return nil }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (elapsed, Int(usage.ru_maxrss), exitStatus)
    }

    /// A program built beside this bench (`make bench` builds them), or nil with a note.
    static func sibling(_ name: String, for caseName: String) -> String? {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            FileHandle.standardError.write(Data("\(caseName): \(path) not built (make bench builds it), skipped\n".utf8))
            return nil
        }
        return path
    }

    /// The one-minute load average now, from /proc/loadavg.
    static func loadAverage() -> String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
    }

    /// The report tables' "measured" column: when, on how many CPUs, and the
    /// load average at the start and at the end of the measurement.
    static func measuredOn(loadBefore: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return "\(formatter.string(from: Date())), \(ProcessInfo.processInfo.activeProcessorCount) CPUs, load \(loadBefore)–\(loadAverage())"
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
