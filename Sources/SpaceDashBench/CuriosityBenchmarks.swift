import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for Curiosity's weather feed:
/// - `curiosity.decode.mission`: decoding the 2.9 MB whole-mission capture
///   (../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json, read from the
///   current directory's parent, as `make bench` runs from the repository
///   root; skipped when absent), in MB/s and ms per answer. The bar is 15 ms.
/// - `curiosity.cache.read`: reading the same sols back from the cache's
///   compact form, in ms.
/// - `mars_weather.curiosity.warm_cache.time`: the release `spacedash
///   mars-weather` (Curiosity) answered from a fresh cache of the whole mission,
///   start to exit, and its ratio to `mars-weather --station insight --offline`
///   timed in the same rounds (interleaved, so both see the same machine).
///   The bar is a ratio under 1.2.
enum CuriosityBenchmarks {
    static let capturePath = "../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json"

    static func run() {
        guard let body = FileManager.default.contents(atPath: capturePath) else {
            warn("curiosity.decode.mission: \(capturePath) not found (run from the repository root), skipped")
            return
        }
        guard let feed = try? CuriosityDecoder.decode(body), feed.sols.count == 4551 else {
            warn("curiosity.decode.mission: the capture did not decode to 4,551 sols, skipped")
            return
        }
        let decode = median { (try? CuriosityDecoder.decode(body).sols.count) ?? 0 }
        print("curiosity.decode.mission \(format(Double(body.count) / decode / 1_000_000)) MB/s")
        print("curiosity.decode.mission.per_answer \(format(decode * 1000)) ms")
        print("curiosity.decode.mission.bytes \(body.count) bytes")

        let compact = CuriosityCompactForm.encode(feed)
        let read = median { (try? CuriosityCompactForm.decode(compact).sols.count) ?? 0 }
        print("curiosity.cache.read \(format(read * 1000)) ms")
        print("curiosity.cache.bytes \(compact.count) bytes")
        warmCacheRun(compact)
    }

    static func warmCacheRun(_ compact: Data) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            warn("mars_weather.curiosity.warm_cache: \(binary) not built (make bench builds it), skipped")
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-curiosity-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cache = CacheStore(directory: scratch.appendingPathComponent("cache"))
        guard (try? cache.write(CuriosityWeatherService.Configuration.cacheKey, body: compact)) != nil else {
            warn("mars_weather.curiosity.warm_cache: could not write the cache, skipped")
            return
        }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8",
            "SPACEDASH_CACHE_DIR=\(scratch.path)/cache",
            // Never the network: a fresh cache answers, and a bug would hit a closed port.
            "SPACEDASH_CURIOSITY_URL=http://127.0.0.1:9/msl",
        ]
        var curiosity: [Double] = []
        var insight: [Double] = []
        for round in 0..<14 {
            guard let (warm, _, warmStatus) = ProcessMeasurement.spawnAndWait(binary, ["mars-weather"], environment),
                  let (offline, _, offlineStatus) = ProcessMeasurement.spawnAndWait(binary, ["mars-weather", "--station", "insight", "--offline"], environment),
                  warmStatus == 0, offlineStatus == 0 else {
                warn("mars_weather.curiosity.warm_cache: a run failed, skipped")
                return
            }
            if round >= 2 {  // the first rounds warm the page cache
                curiosity.append(warm)
                insight.append(offline)
            }
        }
        let warm = curiosity.sorted()[curiosity.count / 2]
        let offline = insight.sorted()[insight.count / 2]
        print("mars_weather.curiosity.warm_cache.time \(format(warm * 1000)) ms")
        print("mars_weather.insight.offline.time \(format(offline * 1000)) ms")
        print("mars_weather.curiosity.warm_cache.ratio \(format(warm / offline)) x")
    }

    /// The median wall time of `work`, after half a second of warm-up (the CPU's clock up).
    static func median(_ work: () -> Int) -> Double {
        var checksum = 0
        let warmUp = Date().addingTimeInterval(0.5)
        while Date() < warmUp { checksum &+= work() }
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 200 && Date() < deadline) {
            let start = DispatchTime.now().uptimeNanoseconds
            checksum &+= work()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        if checksum == 0 { print("") }  // keeps the work from being optimised away
        return samples.sorted()[samples.count / 2]
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
