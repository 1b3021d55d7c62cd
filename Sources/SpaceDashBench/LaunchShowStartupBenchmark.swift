import Foundation
import SpaceData

/// `make bench` (or `SpaceDashBench launches_show`): `spacedash launches show ID`
/// from a warm cache (the launch's detailed record and the list cached, fresh:
/// no request), start to exit, against `spacedash --version` in the same run,
/// interleaved, 21 runs each (the first round dropped). Issue 30's bar: within
/// 1.3 × `--version`. The record is Starlink Group 17-39's as the bundled listing
/// holds it (2.2.0 detailed), replayed at the listing's own time.
enum LaunchShowStartupBenchmark {
    static let runs = 21
    static let id = "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc"

    static func run(selected: (String) -> Bool) {
        guard selected("startup.launches_show_warm"),
              let spacedash = ProcessMeasurement.sibling("spacedash", for: "startup.launches_show_warm") else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-show-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = scratch.appendingPathComponent("cache")
        let base = "http://127.0.0.1:9/2.3.0"
        let environment = ["PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8", "SPACEDASH_CACHE_DIR=\(cache.path)",
                           "SPACEDASH_LAUNCHES_URL=\(base)", "SPACEDASH_NOW=\(LaunchLibraryDate.string(from: BundledLaunchListing.listedAt))"]
        do {
            try writeWarmCache(in: cache, base: URL(string: base)!)
        } catch {
            FileHandle.standardError.write(Data("startup.launches_show_warm: could not prepare the cache: \(error)\n".utf8))
            return
        }
        let cases: [(name: String, arguments: [String])] = [("startup.version", ["--version"]), ("startup.launches_show_warm", ["launches", "show", id])]
        var times: [[Double]] = [[], []]
        var peaks: [[Double]] = [[], []]
        let loadBefore = ProcessMeasurement.loadAverage()
        for round in 0 ..< runs + 1 {
            for (index, item) in cases.enumerated() {
                guard let run = ProcessMeasurement.measure(spacedash, item.arguments, environment: environment), run.status == 0 else {
                    FileHandle.standardError.write(Data("\(item.name): \(item.arguments) failed, skipped\n".utf8))
                    return
                }
                if round == 0 { continue }
                times[index].append(run.seconds * 1000)
                peaks[index].append(Double(run.peakKilobytes) / 1024)
            }
        }
        let time = times.map(ProcessMeasurement.median), peak = peaks.map(ProcessMeasurement.median)
        let ratio = String(format: "%.2f", time[1] / time[0])
        print("startup.launches_show_warm.time \(ProcessMeasurement.format(time[1])) ms")
        print("startup.launches_show_warm.peak_rss \(ProcessMeasurement.format(peak[1])) MiB")
        print("startup.launches_show_warm.time_ratio_to_version \(ratio) x (--version \(ProcessMeasurement.format(time[0])) ms)")
        let measured = ProcessMeasurement.measuredOn(loadBefore: loadBefore)
        BenchmarkReport.shared.add("| `spacedash launches show ID`, warm cache (no request) | \(ProcessMeasurement.format(time[1])) ms | \(ratio) × `--version` (\(ProcessMeasurement.format(time[0])) ms, interleaved) | \(ProcessMeasurement.format(peak[1])) MiB |  | ≤ 1.3 × `--version` | \(measured) |", to: .startup)
    }

    /// The launch's detailed record and the upcoming list, cached when the listing was taken.
    private static func writeWarmCache(in directory: URL, base: URL) throws {
        let endpoint = LaunchLibraryEndpoint(base: base)
        let store = CacheStore(directory: directory, clock: { BundledLaunchListing.listedAt })
        let page = try LaunchLibraryDecoder.decodePage(BundledLaunchListing.body)
        _ = try store.write(endpoint.cacheKey(.upcoming, page: 1), body: LaunchPageCompactForm.encode(page))
        guard let listing = try JSONSerialization.jsonObject(with: BundledLaunchListing.body) as? [String: Any],
              let record = (listing["results"] as? [[String: Any]])?.first(where: { $0["id"] as? String == id }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        _ = try store.write(endpoint.detailCacheKey(id: id), body: JSONSerialization.data(withJSONObject: record))
    }
}
