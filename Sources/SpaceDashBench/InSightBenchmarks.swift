import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for InSight:
/// - `insight.decode.7sol`: decode throughput of a 7-sol answer (the bundled
///   sample, all four sensors, in the feed's own layout), in MB/s;
/// - `mars_weather.offline.*`: the release `spacedash mars-weather --offline`
///   (spawned beside this binary, empty cache, so it shows the bundled sample)
///   from spawn to exit, and its peak resident memory from `wait4`'s rusage.
///   The bar is under 25 ms and 30 MB.
enum InSightBenchmarks {
    static func run() {
        decode7Sol()
        offlineRun()
    }

    static func decode7Sol() {
        let body = InSightSample.body
        guard let feed = try? InSightDecoder.decode(body), feed.sols.count == 7 else {
            warn("insight.decode.7sol: the sample did not decode to 7 sols, skipped")
            return
        }
        var sols = 0
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 400 && Date() < deadline) {
            let start = DispatchTime.now().uptimeNanoseconds
            sols &+= (try? InSightDecoder.decode(body).sols.count) ?? 0
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = samples.sorted()[samples.count / 2]
        print("insight.decode.7sol \(format(Double(body.count) / median / 1_000_000)) MB/s")
        print("insight.decode.7sol.bytes \(body.count) bytes")
        print("insight.decode.7sol.per_answer \(format(median * 1e6)) us")
        if sols == 0 { print("") }  // keeps the decode from being optimised away
    }

    static func offlineRun() {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            warn("mars_weather.offline: \(binary) not built (make bench builds it), skipped")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8",
            "SPACEDASH_CACHE_DIR=\(scratch.path)/cache",
        ]
        var times: [Double] = []
        var peaks: [Int] = []
        for index in 0..<12 {
            guard let (seconds, maxRSSKilobytes, status) = spawnAndWait(binary, ["mars-weather", "--offline"], environment) else {
                warn("mars_weather.offline: could not run \(binary), skipped")
                return
            }
            guard status == 0 else {
                warn("mars_weather.offline: exit status \(status), skipped")
                return
            }
            if index >= 2 {  // the first runs warm the page cache
                times.append(seconds)
                peaks.append(maxRSSKilobytes)
            }
        }
        let medianTime = times.sorted()[times.count / 2]
        print("mars_weather.offline.time \(format(medianTime * 1000)) ms")
        print("mars_weather.offline.time_min \(format(times.min()! * 1000)) ms")
        print("mars_weather.offline.peak_rss \(format(Double(peaks.max()!) / 1024)) MB")
    }

    /// Spawns `path` with stdout and stderr to /dev/null; returns the wall time
    /// from spawn to exit, the child's peak RSS in KiB, and its exit status.
    static func spawnAndWait(_ path: String, _ arguments: [String], _ environment: [String]) -> (Double, Int, Int32)? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
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

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
