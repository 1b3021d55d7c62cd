import Foundation
import LaunchCorpus
import SpaceData

/// `make bench` cases for `--file`: synthetic Launch Library files of 10,000,
/// 100,000 and 1,000,000 launches, each loaded in a fresh process (this bench run
/// again with `--load-file PATH`) by `LaunchService.load(file:)`, the loader of
/// `launches search --file` and of the interactive search, then indexed for
/// search as the app does. Reported per size: the load's MB/s (of CPU time, the
/// median of loads made in turns with the other sizes: `loadTimes(of:)`), the
/// process's peak RSS, the index's size, and peak RSS ÷ index size (flat when
/// memory grows no faster than the index); and the spread of MB/s across the sizes.
enum FileLoadBenchmarks {
    static let sizes = [10_000, 100_000, 1_000_000]
    static let childFlag = "--load-file"

    /// One size's figures.
    private struct Load {
        var size: Int
        var fileBytes: Int
        var seconds: Double
        var rate: Double
        var peakBytes: Double
        var indexBytes: Double
    }

    /// Runs the sizes `selected` takes (`file_load` all, `file_load.1000000` one),
    /// then prints BENCHMARKS.md's `--file` table, row for row.
    static func run(selected: (String) -> Bool) {
        let chosen = sizes.filter { selected("file_load.\($0)") }
        guard !chosen.isEmpty else { return }
        let loadBefore = ProcessMeasurement.loadAverage()
        var files: [Int: (url: URL, bytes: Int)] = [:]
        defer { for file in files.values { try? FileManager.default.removeItem(at: file.url) } }
        for size in chosen {
            if let file = write(size) { files[size] = file }
        }
        let times = loadTimes(of: files)
        var loads: [Load] = []
        for size in chosen {
            guard let file = files[size], let (seconds, indexBytes) = times[size] else { continue }
            // Loaded again under GNU time for the peak (posix_spawn would add ours).
            guard let peak = ProcessMeasurement.peakKilobytes(bench, [childFlag, file.url.path], ["PATH=/usr/bin:/bin"]) else {
                FileHandle.standardError.write(Data("file_load.\(size): the load for the peak failed, skipped\n".utf8))
                continue
            }
            let load = Load(size: size, fileBytes: file.bytes, seconds: seconds, rate: Double(file.bytes) / seconds / 1_000_000,
                            peakBytes: Double(peak) * 1024, indexBytes: indexBytes)
            loads.append(load)
            let name = "file_load.\(size)"
            line("\(name).file_bytes \(load.fileBytes) B")
            line("\(name).cpu_time \(String(format: "%.3f", load.seconds)) s")
            line("\(name).rate \(ProcessMeasurement.format(load.rate)) MB/s")
            line("\(name).peak_rss \(ProcessMeasurement.format(load.peakBytes / 1_048_576)) MiB")
            line("\(name).index_bytes \(Int(load.indexBytes)) B")
            line("\(name).peak_rss_to_index \(String(format: "%.2f", load.peakBytes / load.indexBytes)) x")
        }
        let rates = loads.map(\.rate)
        if rates.count > 1, let fastest = rates.max(), let slowest = rates.min() {
            line("file_load.rate_spread \(String(format: "%.1f", (fastest - slowest) / fastest * 100)) %")
        }
        // BENCHMARKS.md's table: each size's MB/s against the smallest file's (the
        // baseline: the bar is 20 % at most), its memory against its index.
        let measured = ProcessMeasurement.measuredOn(loadBefore: loadBefore)
        let baseline = loads.first { $0.size == sizes[0] }
        BenchmarkReport.shared.add("| file | load (CPU time, median) | MB/s | ratio to 10,000 launches' MB/s | peak RSS | index | peak RSS ÷ index | goal | measured |", to: .fileLoad)
        BenchmarkReport.shared.add("| --- | --- | --- | --- | --- | --- | --- | --- | --- |", to: .fileLoad)
        for load in loads {
            let ratio = baseline.map { String(format: "%.2f ×", load.rate / $0.rate) } ?? "(10,000 not run)"
            let goal = load.size == 1_000_000 ? "≥ 0.8 ×; < 15 s" : (load.size == sizes[0] ? "" : "≥ 0.8 ×")
            BenchmarkReport.shared.add("| \(load.size.grouped) launches, \(ProcessMeasurement.format(Double(load.fileBytes) / 1_000_000)) MB"
                + " | \(String(format: "%.2f", load.seconds)) s | \(ProcessMeasurement.format(load.rate)) | \(ratio)"
                + " | \(ProcessMeasurement.format(load.peakBytes / 1_048_576)) MiB | \(ProcessMeasurement.format(load.indexBytes / 1_000_000)) MB"
                + " | \(String(format: "%.1f", load.peakBytes / load.indexBytes)) × | \(goal) | \(measured) |", to: .fileLoad)
        }
    }

    /// This bench's own path: its children are this program run with `childFlag`.
    private static let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path

    /// Writes the file of `size` launches; nil (with a note) when it cannot.
    private static func write(_ size: Int) -> (url: URL, bytes: Int)? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid())-\(size).json")
        guard (try? SyntheticLaunchCorpus().writeLaunchLibraryJSON(count: size, to: file)) != nil,
              let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil else {
            try? FileManager.default.removeItem(at: file)
            FileHandle.standardError.write(Data("file_load.\(size): could not write the file, skipped\n".utf8))
            return nil
        }
        return (file, bytes)
    }

    /// Each size's median load time (CPU seconds) and its index's size. The
    /// sizes are loaded in turns, round after round, so that a slow spell of
    /// this shared machine (they last minutes, and make every load up to half
    /// again as slow) falls on every size alike rather than on one: the ratio
    /// of their rates is the figure, and it compares loads made side by side.
    private static func loadTimes(of files: [Int: (url: URL, bytes: Int)]) -> [Int: (seconds: Double, indexBytes: Double)] {
        var times: [Int: [Double]] = [:]
        var indexBytes: [Int: Double] = [:]
        var failed: Set<Int> = []
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid()).out")
        defer { try? FileManager.default.removeItem(at: report) }
        for _ in 0..<rounds {
            for size in files.keys.sorted() where !failed.contains(size) {
                guard let (seconds, index) = load(files[size]!.url, size: size, reportingTo: report) else {
                    FileHandle.standardError.write(Data("file_load.\(size): the load failed, skipped\n".utf8))
                    failed.insert(size)
                    continue
                }
                times[size, default: []].append(seconds)
                indexBytes[size] = index
            }
        }
        var result: [Int: (seconds: Double, indexBytes: Double)] = [:]
        for (size, samples) in times where !failed.contains(size) {
            result[size] = (samples.sorted()[samples.count / 2], indexBytes[size] ?? 0)
        }
        return result
    }

    /// One load in a child: its CPU seconds and the index's size, or nil.
    private static func load(_ file: URL, size: Int, reportingTo report: URL) -> (Double, Double)? {
        guard let (_, _, status) = ProcessMeasurement.spawnAndWait(
                  "/bin/sh", ["-c", #""$0" "$1" "$2" > "$3""#, bench, childFlag, file.path, report.path], ["PATH=/usr/bin:/bin"]),
              status == 0,
              let output = try? String(contentsOf: report, encoding: .utf8),
              case let fields = output.split(separator: " "), fields.count == 3,
              let seconds = Double(fields[0]), let launches = Int(fields[1]),
              let index = Double(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)), launches == size else { return nil }
        return (seconds, index)
    }

    /// Five rounds, each loading every size once: medians of five loads made
    /// side by side, the same number for every size.
    private static let rounds = 5

    /// A line on stdout at once: a 1,000,000-launch load takes a while.
    private static func line(_ text: String) {
        print(text)
        fflush(nil)  // every stream: the other cases print through the same buffer
    }

    /// In the child: load, index, and print `seconds launches index_bytes`. The
    /// seconds are the load's CPU time, as the Streams cases: the machines this
    /// runs on are shared, and wall time there counts other processes' turns.
    static func child(path: String) -> Int32 {
        let start = cpuSeconds()
        guard let list = try? LaunchService.load(file: path) else { return 1 }
        let seconds = cpuSeconds() - start
        let engine = SearchEngine(launches: list.launches)
        print("\(seconds) \(list.launches.count) \(engine.indexByteCount)")
        return 0
    }

    private static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
