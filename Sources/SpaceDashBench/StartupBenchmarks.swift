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
/// - `startup.launches_next_warm`: `spacedash launches next`, the status-bar
///   command, from a fresh cache entry (no request), replayed at the time of the
///   listing it holds (`SPACEDASH_NOW`), so launches are ahead on any day; also as
///   a ratio to `--version` in the same run (issue 15's bar). Its output is checked
///   first: one line, exit 0.
/// - `startup.notify_once_warm`: `spacedash notify --once --launches starship`, as a
///   systemd timer runs it every few minutes, from the same fresh cache with nothing
///   due (the state file written by the first, warming, round); as a ratio to
///   `--version` too (issue 29's bar). Checked first: nothing printed, exit 0.
///
/// Then the rows of BENCHMARKS.md's start-up table, with the date and the machine.
enum StartupBenchmarks {
    static let runs = 21

    private struct Case {
        var name: String
        var label: String
        var goal: String
        var arguments: [String]
        var environment: [String]
    }

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
        let base = "http://127.0.0.1:9/2.3.0"
        let warm = environment + ["SPACEDASH_CACHE_DIR=\(warmCache.path)", "SPACEDASH_LAUNCHES_URL=\(base)",
                                  "SPACEDASH_NOW=\(LaunchLibraryDate.string(from: BundledLaunchListing.listedAt))"]
        do {
            try FileManager.default.createDirectory(at: emptyCache, withIntermediateDirectories: true)
            try writeFreshLaunchesEntry(in: warmCache, base: URL(string: base)!)
        } catch {
            warn("startup: could not prepare the caches: \(error)")
            return
        }
        let empty = environment + ["SPACEDASH_CACHE_DIR=\(emptyCache.path)"]
        let cases = [
            Case(name: "startup.baseline", label: "baseline (`StartupBaseline`)", goal: "", arguments: [], environment: environment),
            Case(name: "startup.version", label: "`spacedash --version`", goal: "≤ 1.3 ×", arguments: ["--version"], environment: empty),
            Case(name: "startup.mars_weather_offline", label: "`spacedash mars-weather --offline`, empty cache", goal: "≤ 2.0 ×, ≤ 16 MiB",
                 arguments: ["mars-weather", "--offline"], environment: empty),
            Case(name: "startup.launches_next_warm", label: "`spacedash launches next`, fresh cache (no request)",
                 goal: "≤ 2.0 ×; ≤ 1.3 × `--version`", arguments: ["launches", "next"], environment: warm),
            Case(name: "startup.notify_once_warm", label: "`spacedash notify --once`, fresh cache, nothing due",
                 goal: "≤ 1.3 × `--version`", arguments: ["notify", "--once", "--launches", "starship"], environment: warm),
        ]
        guard answersWithOneLine(spacedash, cases[3], scratch: scratch), saysNothing(spacedash, cases[4], scratch: scratch) else { return }
        let loadBefore = ProcessMeasurement.loadAverage()
        var times = Array(repeating: [Double](), count: cases.count)
        var peaks = Array(repeating: [Double](), count: cases.count)
        for round in 0 ..< runs + 1 {
            for (index, item) in cases.enumerated() {
                let path = index == 0 ? baseline : spacedash
                guard let run = ProcessMeasurement.measure(path, item.arguments, environment: item.environment), run.status == 0 else {
                    warn("\(item.name): \(path) \(item.arguments) failed, skipped")
                    return
                }
                if round == 0 { continue }  // the first round warms the page cache
                times[index].append(run.seconds * 1000)
                peaks[index].append(Double(run.peakKilobytes) / 1024)
            }
        }
        let time = times.map(ProcessMeasurement.median), peak = peaks.map(ProcessMeasurement.median)
        for (index, item) in cases.enumerated() {
            print("\(item.name).time \(ProcessMeasurement.format(time[index])) ms")
            print("\(item.name).peak_rss \(ProcessMeasurement.format(peak[index])) MiB")
            if index > 0 {
                print("\(item.name).time_ratio \(ratio(time[index], time[0])) x")
                print("\(item.name).peak_rss_ratio \(ratio(peak[index], peak[0])) x")
            }
        }
        print("startup.launches_next_warm.time_ratio_to_version \(ratio(time[3], time[1])) x")
        print("startup.notify_once_warm.time_ratio_to_version \(ratio(time[4], time[1])) x")

        // BENCHMARKS.md's start-up table, row for row.
        let measured = ProcessMeasurement.measuredOn(loadBefore: loadBefore)
        BenchmarkReport.shared.add("| command | wall time | ratio to baseline | peak RSS | ratio to baseline | goal | measured |", to: .startup)
        BenchmarkReport.shared.add("| --- | --- | --- | --- | --- | --- | --- |", to: .startup)
        for (index, item) in cases.enumerated() {
            let timeRatio = index == 0 ? "1" : "\(ratio(time[index], time[0])) ×" + (index >= 3 ? " (\(ratio(time[index], time[1])) × `--version`)" : "")
            let peakRatio = index == 0 ? "1" : "\(ratio(peak[index], peak[0])) ×"
            BenchmarkReport.shared.add("| \(item.label) | \(ProcessMeasurement.format(time[index])) ms | \(timeRatio) | \(ProcessMeasurement.format(peak[index])) MiB | \(peakRatio) | \(item.goal) | \(measured) |", to: .startup)
        }
    }

    /// Runs `item` once and checks it prints one line and exits 0, as a status bar needs.
    private static func answersWithOneLine(_ spacedash: String, _ item: Case, scratch: URL) -> Bool {
        let output = scratch.appendingPathComponent("output.txt").path
        guard let (_, _, status) = ProcessMeasurement.spawnAndWait(spacedash, item.arguments, item.environment, stdout: output),
              let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            warn("\(item.name): could not run \(spacedash), skipped")
            return false
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        guard status == 0, lines.count == 1, text.hasSuffix("\n") else {
            warn("\(item.name): expected one line and exit 0, got exit \(status) and \(lines.count) lines: \(text.prefix(200)), skipped")
            return false
        }
        return true
    }

    /// Runs `item` once and checks it prints nothing and exits 0: nothing is due.
    private static func saysNothing(_ spacedash: String, _ item: Case, scratch: URL) -> Bool {
        let output = scratch.appendingPathComponent("output.txt").path
        guard let (_, _, status) = ProcessMeasurement.spawnAndWait(spacedash, item.arguments, item.environment, stdout: output),
              let text = try? String(contentsOfFile: output, encoding: .utf8), status == 0, text.isEmpty else {
            warn("\(item.name): expected nothing and exit 0 from \(spacedash), skipped")
            return false
        }
        return true
    }

    /// The bundled listing as the cache entry of the first page, saved when it
    /// was listed, in the form `launches` writes it.
    private static func writeFreshLaunchesEntry(in directory: URL, base: URL) throws {
        let endpoint = LaunchLibraryEndpoint(base: base)
        let page = try LaunchLibraryDecoder.decodePage(BundledLaunchListing.body)
        _ = try CacheStore(directory: directory, clock: { BundledLaunchListing.listedAt })
            .write(endpoint.cacheKey(.upcoming, page: 1), body: LaunchPageCompactForm.encode(page))
    }

    private static func ratio(_ value: Double, _ base: Double) -> String {
        String(format: "%.2f", value / base)
    }

    /// The one-minute load average, as `uptime` shows it.
    private static func warn(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
