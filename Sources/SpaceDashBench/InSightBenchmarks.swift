import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for InSight:
/// - `insight.decode.7sol`: decode throughput of a 7-sol answer (the bundled
///   sample, all four sensors, in the feed's own layout), in MB/s of CPU time,
///   against Foundation's untyped parse of the same bytes in the same run;
/// - `mars_weather.offline.*`: the release `spacedash mars-weather --offline`
///   (spawned beside this binary, empty cache, so it shows the bundled sample)
///   from spawn to exit, and its peak resident memory from `wait4`'s rusage.
///   The bar is under 25 ms and 30 MB. Linux carries the spawning process's
///   peak into the child's `ru_maxrss` (posix_spawn shares our memory until
///   exec), so this runs first, while this process is small, and says so
///   when the figure could be ours rather than the child's.
enum InSightBenchmarks {

    static func decode7Sol() {
        let body = InSightSample.body
        guard let feed = try? InSightDecoder.decode(body), feed.sols.count == 7 else {
            warn("insight.decode.7sol: the sample did not decode to 7 sols, skipped")
            return
        }
        let measurement = MeasuredOn()
        let time = CPUClock.median { (try? InSightDecoder.decode(body).sols.count) ?? 0 }
        let baseline = CPUClock.untypedParse(body)
        let rate = Double(body.count) / time / 1_000_000, baselineRate = Double(body.count) / baseline / 1_000_000
        print("insight.decode.7sol \(format(rate)) MB/s")
        print("insight.decode.7sol.bytes \(body.count) bytes")
        print("insight.decode.7sol.per_answer \(format(time * 1e6)) us")
        print("insight.decode.7sol.jsonserialization_baseline \(format(baselineRate)) MB/s")
        PerformanceTable.shared.add("InSight decode, the bundled 7-sol answer (\(body.count.grouped) bytes)", figure: "\(rate.quoted) MB/s",
                                    baseline: "Foundation's JSONSerialization, same bytes, untyped: \(baselineRate.quoted) MB/s",
                                    ratio: rate / baselineRate, measured: measurement.text)
    }

    /// The peak RSS of `mars-weather --offline`: run first, while this process is small.
    static func offlinePeakMemory() {
        guard let runs = offlineRuns(4) else { return }
        let peak = runs.map(\.peakKilobytes).max()!
        print("mars_weather.offline.peak_rss \(format(Double(peak) / 1024)) MiB")
        if let ours = ownPeakKilobytes(), ours >= peak {
            warn("mars_weather.offline.peak_rss: the bench's own peak (\(ours) KiB) is as high: the figure may be the bench's")
        }
    }

    /// Start to exit of `mars-weather --offline`: run once the CPU is busy (its clock up).
    static func offlineTime() {
        guard let runs = offlineRuns(12) else { return }
        let times = runs.dropFirst(2).map(\.seconds)  // the first runs warm the page cache
        print("mars_weather.offline.time \(format(times.sorted()[times.count / 2] * 1000)) ms")
        print("mars_weather.offline.time_min \(format(times.min()! * 1000)) ms")
    }

    /// `count` runs of the release `spacedash mars-weather --station insight --offline` beside this binary, with an empty cache.
    static func offlineRuns(_ count: Int) -> [(seconds: Double, peakKilobytes: Int)]? {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            warn("mars_weather.offline: \(binary) not built (make bench builds it), skipped")
            return nil
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8",
            "SPACEDASH_CACHE_DIR=\(scratch.path)/cache",
        ]
        var runs: [(seconds: Double, peakKilobytes: Int)] = []
        for _ in 0..<count {
            guard let (seconds, maxRSSKilobytes, status) = ProcessMeasurement.spawnAndWait(binary, ["mars-weather", "--station", "insight", "--offline"], environment) else {
                warn("mars_weather.offline: could not run \(binary), skipped")
                return nil
            }
            guard status == 0 else {
                warn("mars_weather.offline: exit status \(status), skipped")
                return nil
            }
            runs.append((seconds, maxRSSKilobytes))
        }
        return runs
    }

    /// This process's peak resident memory (VmHWM), in KiB.
    static func ownPeakKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
