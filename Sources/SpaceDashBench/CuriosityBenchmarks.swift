import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for Curiosity's weather feed:
/// - `curiosity.decode.mission`: decoding the 2.9 MB whole-mission capture
///   (../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json, read from the
///   current directory's parent, as `make bench` runs from the repository
///   root; skipped when absent), in MB/s and ms per answer of CPU time, against
///   Foundation's untyped parse of the same bytes in the same run. The bar is 15 ms.
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
        let measurement = MeasuredOn()
        let decode = CPUClock.median { (try? CuriosityDecoder.decode(body).sols.count) ?? 0 }
        let baseline = CPUClock.untypedParse(body)
        print("curiosity.decode.mission \(format(Double(body.count) / decode / 1_000_000)) MB/s")
        print("curiosity.decode.mission.per_answer \(format(decode * 1000)) ms")
        print("curiosity.decode.mission.bytes \(body.count) bytes")
        print("curiosity.decode.mission.jsonserialization_baseline \(format(baseline * 1000)) ms")
        PerformanceTable.shared.add("Curiosity decode, the whole-mission capture in ../shared (\(body.count.grouped) bytes, 4,551 sols)",
                                    figure: "\((decode * 1000).quoted) ms (\((Double(body.count) / decode / 1_000_000).quoted) MB/s)",
                                    baseline: "Foundation's JSONSerialization, same bytes, untyped: \((baseline * 1000).quoted) ms",
                                    ratio: decode / baseline, bar: "< 15 ms", measured: measurement.text)

        let compact = CuriosityCompactForm.encode(feed)
        let read = CPUClock.median { (try? CuriosityCompactForm.decode(compact).sols.count) ?? 0 }
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
        let measurement = MeasuredOn()
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
        PerformanceTable.shared.add("`mars-weather` (Curiosity) from a warm cache of the whole mission, start to exit (wall time, median of 12)",
                                    figure: "\((warm * 1000).quoted) ms",
                                    baseline: "`mars-weather --station insight --offline`, interleaved: \((offline * 1000).quoted) ms",
                                    ratio: warm / offline, bar: "≤ 1.2 ×", measured: measurement.text)
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
