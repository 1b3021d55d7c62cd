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
        var sols = 0
        // Half a second of decoding first, so the CPU's clock is up before the samples.
        let warmUp = Date().addingTimeInterval(0.5)
        while Date() < warmUp { sols &+= (try? InSightDecoder.decode(body).sols.count) ?? 0 }
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
