import Foundation
import SpaceData

/// `make bench` start-up cases: the release `spacedash` beside this bench, against
/// `StartupBaseline` (FoundationEssentials, a small JSON decode, one line), built
/// the same way in the same run. Each command runs 21 times, interleaved with
/// the others so that a busy moment of the machine touches them alike; reported:
/// the median wall time and peak RSS, and each as a ratio to the baseline's.
///
/// - `startup.version`: `spacedash --version`;
/// - `startup.mars_weather_offline`: `spacedash mars-weather --offline` with an
///   empty cache (the bundled sample);
/// - `startup.launches_warm_cache`: `spacedash launches` with a fresh cache entry
///   (no request is made; `launches next`, the status-bar command, is not built yet).
enum StartupBenchmarks {
    static let runs = 21

    static func run(selected: (String) -> Bool) {
        guard selected("startup"),
              let baseline = ProcessMeasurement.sibling("StartupBaseline", for: "startup"),
              let spacedash = ProcessMeasurement.sibling("spacedash", for: "startup") else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-startup-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let emptyCache = scratch.appendingPathComponent("empty-cache")
        let warmCache = scratch.appendingPathComponent("warm-cache")
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8"]
        // Nowhere to connect to: a request would fail (and show) rather than reach the network.
        // The listing replayed as of its own date, so its launches are still ahead on any day.
        let warm = environment + ["SPACEDASH_CACHE_DIR=\(warmCache.path)", "SPACEDASH_LAUNCHES_URL=http://127.0.0.1:9/2.3.0",
                                  "SPACEDASH_NOW=\(LaunchLibraryDate.string(from: BundledLaunchListing.listedAt))"]
        do {
            try FileManager.default.createDirectory(at: emptyCache, withIntermediateDirectories: true)
            try writeFreshLaunchesEntry(in: warmCache, base: URL(string: "http://127.0.0.1:9/2.3.0")!)
        } catch {
            FileHandle.standardError.write(Data("startup: could not prepare the caches: \(error)\n".utf8))
            return
        }
        let cases: [(name: String, path: String, arguments: [String], environment: [String])] = [
            ("startup.baseline", baseline, [], environment),
            ("startup.version", spacedash, ["--version"], environment + ["SPACEDASH_CACHE_DIR=\(emptyCache.path)"]),
            ("startup.mars_weather_offline", spacedash, ["mars-weather", "--offline"], environment + ["SPACEDASH_CACHE_DIR=\(emptyCache.path)"]),
            ("startup.launches_warm_cache", spacedash, ["launches"], warm),
        ]
        var times = Array(repeating: [Double](), count: cases.count)
        var peaks = Array(repeating: [Double](), count: cases.count)
        for round in 0 ..< runs + 1 {
            for (index, item) in cases.enumerated() {
                guard let run = ProcessMeasurement.measure(item.path, item.arguments, environment: item.environment), run.status == 0 else {
                    FileHandle.standardError.write(Data("\(item.name): \(item.path) \(item.arguments) failed, skipped\n".utf8))
                    return
                }
                if round == 0 { continue }  // the first round warms the page cache
                times[index].append(run.seconds * 1000)
                peaks[index].append(Double(run.peakKilobytes) / 1024)
            }
        }
        let baseTime = ProcessMeasurement.median(times[0]), basePeak = ProcessMeasurement.median(peaks[0])
        for (index, item) in cases.enumerated() {
            let time = ProcessMeasurement.median(times[index]), peak = ProcessMeasurement.median(peaks[index])
            print("\(item.name).time \(ProcessMeasurement.format(time)) ms")
            print("\(item.name).peak_rss \(ProcessMeasurement.format(peak)) MiB")
            if index > 0 {
                print("\(item.name).time_ratio \(String(format: "%.2f", time / baseTime)) x")
                print("\(item.name).peak_rss_ratio \(String(format: "%.2f", peak / basePeak)) x")
            }
        }
    }

    /// The bundled listing as the cache entry of the first page, saved when it was listed.
    private static func writeFreshLaunchesEntry(in directory: URL, base: URL) throws {
        let endpoint = LaunchLibraryEndpoint(base: base)
        _ = try CacheStore(directory: directory, clock: { BundledLaunchListing.listedAt })
            .write(endpoint.cacheKey(.upcoming, page: 1), body: BundledLaunchListing.body)
    }
}
