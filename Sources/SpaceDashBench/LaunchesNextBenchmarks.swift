import Foundation
import SpaceData

/// `make bench` case `launches.next.warm`: the release `spacedash launches next`
/// answering from a fresh cache (no request), from spawn to exit, against
/// `spacedash --version` in the same run, the two interleaved so both see the
/// same machine. The bar: `launches next` within 1.3 times `--version`.
///
/// The cache holds the bundled listing saved "now", with `SPACEDASH_NOW` set an
/// hour before its first launch, so the entry is fresh and a launch is upcoming;
/// the address is a loopback port nobody listens on, so a request, were one
/// made, could never reach Launch Library.
enum LaunchesNextBenchmarks {
    static func run() {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            warn("launches.next.warm: \(binary) not built (make bench builds it), skipped")
            return
        }
        guard let first = (try? BundledLaunchListing.launches())?.compactMap(\.net).min() else {
            warn("launches.next.warm: the bundled listing has no dated launch, skipped")
            return
        }
        let now = first.addingTimeInterval(-3600)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-next-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let base = URL(string: "http://127.0.0.1:9/2.3.0")!
        let cache = CacheStore(directory: scratch.appendingPathComponent("cache"), clock: { now })
        do {
            try cache.write(LaunchLibraryEndpoint(base: base).cacheKey(.upcoming, page: 1), body: BundledLaunchListing.body)
        } catch {
            warn("launches.next.warm: could not write the cache (\(error)), skipped")
            return
        }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8", "TZ=UTC",
            "SPACEDASH_CACHE_DIR=\(scratch.path)/cache", "SPACEDASH_LAUNCHES_URL=\(base.absoluteString)",
            "SPACEDASH_NOW=\(LaunchLibraryDate.string(from: now))",
        ]
        var next: [Double] = []
        var version: [Double] = []
        for round in 0..<22 {
            guard let (versionSeconds, _, versionStatus) = ProcessMeasurement.spawnAndWait(binary, ["--version"], environment),
                  let (nextSeconds, _, nextStatus) = ProcessMeasurement.spawnAndWait(binary, ["launches", "next"], environment) else {
                warn("launches.next.warm: could not run \(binary), skipped")
                return
            }
            guard versionStatus == 0, nextStatus == 0 else {
                warn("launches.next.warm: exit status \(versionStatus) / \(nextStatus), skipped")
                return
            }
            // The first rounds warm the page cache.
            if round >= 2 {
                version.append(versionSeconds)
                next.append(nextSeconds)
            }
        }
        let nextMedian = next.sorted()[next.count / 2], versionMedian = version.sorted()[version.count / 2]
        print("launches.next.warm.time \(format(nextMedian * 1000)) ms")
        print("launches.next.version.time \(format(versionMedian * 1000)) ms")
        print("launches.next.warm.ratio \(format(nextMedian / versionMedian)) x")
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
