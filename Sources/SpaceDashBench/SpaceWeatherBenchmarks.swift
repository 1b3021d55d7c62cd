import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for space weather (issue 32):
/// - `space_weather.decode.aurora_grid`: `AuroraGridDecoder` on the OVATION capture in
///   ../shared (921 KB, 65,160 cells), in CPU time, against Foundation's untyped
///   JSONSerialization parse of the same bytes; the bar is ≤ 0.2 × its time;
/// - `space_weather.warm_cache`: the release `spacedash space-weather` from a fresh cache
///   of the four products (no request), start to exit, against `spacedash --version`,
///   interleaved; the bar is ≤ 1.3 ×.
enum SpaceWeatherBenchmarks {
    static let gridPath = "../shared/data/spaceweather/ovation_aurora_latest.2025-01-12.YIN-Tairan.json"

    static func run(selected: (String) -> Bool) {
        if selected("space_weather.decode") { decodeGrid() }
        if selected("space_weather.warm") { warmCache() }
    }

    static func decodeGrid() {
        guard let body = FileManager.default.contents(atPath: gridPath) else {
            warn("space_weather.decode.aurora_grid: \(gridPath) not found (run from the repository root), skipped")
            return
        }
        guard let grid = try? AuroraGridDecoder.decode(body), grid.highest == 24 else {
            warn("space_weather.decode.aurora_grid: the capture did not decode, skipped")
            return
        }
        let measurement = MeasuredOn()
        let decode = CPUClock.median { (try? AuroraGridDecoder.decode(body).highest) ?? 0 }
        let baseline = CPUClock.untypedParse(body)
        print("space_weather.decode.aurora_grid \(format(decode * 1000)) ms")
        print("space_weather.decode.aurora_grid.jsonserialization_baseline \(format(baseline * 1000)) ms")
        print("space_weather.decode.aurora_grid.ratio \(format(decode / baseline)) x")
        PerformanceTable.shared.add("OVATION aurora grid decode, the capture in ../shared (\(body.count.grouped) bytes, 65,160 cells)",
                                    figure: "\((decode * 1000).quoted) ms",
                                    baseline: "Foundation's JSONSerialization, same bytes, untyped: \((baseline * 1000).quoted) ms",
                                    ratio: decode / baseline, bar: "≤ 0.2 ×", measured: measurement.text)
    }

    static func warmCache() {
        guard let spacedash = ProcessMeasurement.sibling("spacedash", for: "space_weather.warm_cache") else { return }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-space-weather-\(getpid())")
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The bundled answers saved as fresh cache entries at the run's clock: no request is made.
        let savedAt = Date()
        let cache = CacheStore(directory: scratch.appendingPathComponent("cache"), clock: { savedAt })
        for product in SpaceWeatherProduct.allCases {
            guard let body = SpaceWeatherSample.body(product) else { continue }
            guard (try? cache.write(product.cacheKey, body: body)) != nil else {
                warn("space_weather.warm_cache: could not write the cache, skipped")
                return
            }
        }
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "LANG=C.UTF-8", "SPACEDASH_CACHE_DIR=\(scratch.path)/cache",
            // Never the network: a fresh cache answers, and a bug would hit a closed port.
            "SPACEDASH_SWPC_URL=http://127.0.0.1:9/swpc",
        ]
        let measurement = MeasuredOn()
        var command: [Double] = []
        var version: [Double] = []
        for round in 0..<23 {
            guard let (warm, _, warmStatus) = ProcessMeasurement.spawnAndWait(spacedash, ["space-weather"], environment),
                  let (plain, _, versionStatus) = ProcessMeasurement.spawnAndWait(spacedash, ["--version"], environment),
                  warmStatus == 0, versionStatus == 0 else {
                warn("space_weather.warm_cache: a run failed, skipped")
                return
            }
            if round >= 2 {  // the first rounds warm the page cache
                command.append(warm)
                version.append(plain)
            }
        }
        let warm = ProcessMeasurement.median(command), plain = ProcessMeasurement.median(version)
        print("space_weather.warm_cache.time \(format(warm * 1000)) ms")
        print("space_weather.version.time \(format(plain * 1000)) ms")
        print("space_weather.warm_cache.ratio_to_version \(format(warm / plain)) x")
        PerformanceTable.shared.add("`space-weather` from a fresh cache of its four products, start to exit (wall time, median of 21)",
                                    figure: "\((warm * 1000).quoted) ms",
                                    baseline: "`spacedash --version`, interleaved: \((plain * 1000).quoted) ms",
                                    ratio: warm / plain, bar: "≤ 1.3 ×", measured: measurement.text)
    }

    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
