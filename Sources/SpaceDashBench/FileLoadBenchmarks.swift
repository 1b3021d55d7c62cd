import Foundation
import LaunchCorpus
import SpaceData

/// `make bench` cases for `--file`: synthetic Launch Library files of 10,000,
/// 100,000 and 1,000,000 launches, each loaded in a fresh process (this bench run
/// again with `--load-file PATH`) by `LaunchService.load(file:)`, the loader of
/// `launches search --file` and of the interactive search, then indexed for
/// search as the app does. Reported per size: the load's MB/s (of CPU time), the process's peak
/// RSS, the index's size, and peak RSS ÷ index size (flat when memory grows no
/// faster than the index); and the spread of MB/s across the sizes.
enum FileLoadBenchmarks {
    static let sizes = [10_000, 100_000, 1_000_000]
    static let childFlag = "--load-file"

    static func run(selected: (String) -> Bool) {
        guard selected("file_load") else { return }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        var rates: [Double] = []
        for size in sizes {
            let name = "file_load.\(size)"
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid())-\(size).json")
            defer { try? FileManager.default.removeItem(at: file) }
            guard (try? SyntheticLaunchCorpus().writeLaunchLibraryJSON(count: size, to: file)) != nil,
                  let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil else {
                FileHandle.standardError.write(Data("\(name): could not write the file, skipped\n".utf8))
                return
            }
            // The child reports the load's time and the index's size on stdout.
            let report = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(getpid())-\(size).out")
            defer { try? FileManager.default.removeItem(at: report) }
            guard let (_, _, status) = ProcessMeasurement.spawnAndWait(
                      "/bin/sh", ["-c", #""$0" "$1" "$2" > "$3""#, bench, childFlag, file.path, report.path], ["PATH=/usr/bin:/bin"]),
                  status == 0,
                  let output = try? String(contentsOf: report, encoding: .utf8),
                  case let fields = output.split(separator: " "), fields.count == 3,
                  let seconds = Double(fields[0]), let launches = Int(fields[1]),
                  let indexBytes = Double(fields[2].trimmingCharacters(in: .whitespacesAndNewlines)), launches == size else {
                FileHandle.standardError.write(Data("\(name): the load failed, skipped\n".utf8))
                return
            }
            let rate = Double(bytes) / seconds / 1_000_000
            rates.append(rate)
            // Loaded again under GNU time for the peak (posix_spawn would add ours).
            guard let peak = ProcessMeasurement.peakKilobytes(bench, [childFlag, file.path], ["PATH=/usr/bin:/bin"]) else {
                FileHandle.standardError.write(Data("\(name): the second load failed, skipped\n".utf8))
                return
            }
            let peakBytes = Double(peak) * 1024
            print("\(name).file_bytes \(bytes) B")
            print("\(name).cpu_time \(String(format: "%.3f", seconds)) s")
            print("\(name).rate \(ProcessMeasurement.format(rate)) MB/s")
            print("\(name).peak_rss \(ProcessMeasurement.format(peakBytes / 1_048_576)) MiB")
            print("\(name).index_bytes \(Int(indexBytes)) B")
            print("\(name).peak_rss_to_index \(String(format: "%.2f", peakBytes / indexBytes)) x")
        }
        if let fastest = rates.max(), let slowest = rates.min() {
            print("file_load.rate_spread \(String(format: "%.1f", (fastest - slowest) / fastest * 100)) %")
        }
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
