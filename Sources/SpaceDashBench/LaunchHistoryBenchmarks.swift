import Foundation
import SpaceData
import SpaceDataBundle
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for the bundled launch history (GCAT, 6,471 launches):
/// - `history.load`: reading the compiled-in table into `Launch` values, ms;
/// - `history.index`: building the search catalog over them, ms;
/// - `history.load_and_index`: both, the cost of `launches --past --offline`
///   before it searches (the bar is 10 ms), and its ratio to the baseline;
/// - `history.baseline.line_split`: splitting the same bytes into lines and
///   fields and nothing more, the least any reader of the table does;
/// - `history.binary.data_bytes`: the bytes the table adds to the binary (the
///   string literal, stored once as UTF-8), beside `spacedash.binary.bytes`,
///   the size of the release `spacedash` built by `make bench` next to this
///   program (the bar for the table is 1.5 MB).
///
/// Times are the median CPU time of repeated runs (the machine is shared).
enum LaunchHistoryBenchmarks {
    static func run() {
        let text = BundledFixtures.launchHistory
        guard let launches = try? LaunchHistory.parse(text), launches.count == 6_471 else {
            FileHandle.standardError.write(Data("history: the bundled history did not read as 6,471 launches, skipped\n".utf8))
            return
        }
        let load = median { (try? LaunchHistory.parse(text).count) ?? 0 }
        let index = median { LaunchCatalog(launches: launches, timeframe: .past).count }
        let both = median { LaunchCatalog(launches: (try? LaunchHistory.parse(text)) ?? [], timeframe: .past).count }
        let baseline = median { lineSplit(text) }
        print("history.load \(format(load * 1000)) ms")
        print("history.index \(format(index * 1000)) ms")
        print("history.load_and_index \(format(both * 1000)) ms")
        print("history.baseline.line_split \(format(baseline * 1000)) ms")
        print("history.load_and_index.ratio_to_baseline \(format(both / baseline)) x")
        print("history.binary.data_bytes \(text.utf8.count) bytes")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        if let size = (try? FileManager.default.attributesOfItem(atPath: binary))?[.size] as? Int {
            print("spacedash.binary.bytes \(size) bytes")
            print("history.binary.share \(format(Double(text.utf8.count) / Double(size) * 100)) %")
        } else {
            FileHandle.standardError.write(Data("spacedash.binary.bytes: \(binary) not found (make bench builds it), skipped\n".utf8))
        }
        fflush(nil)  // the other suites write unbuffered
    }

    /// Lines and tab-separated fields counted, the bytes otherwise untouched.
    private static func lineSplit(_ text: String) -> Int {
        var fields = 0
        for byte in text.utf8 where byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") { fields += 1 }
        return fields
    }

    /// The median CPU time of `work` over at least 15 runs (up to 3 s), after a warm-up.
    private static func median(_ work: () -> Int) -> Double {
        var checksum = work()
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 200 && Date() < deadline) {
            let start = cpuSeconds()
            checksum &+= work()
            samples.append(cpuSeconds() - start)
        }
        if checksum == 0 { print("") }  // keeps the work from being optimised away
        return samples.sorted()[samples.count / 2]
    }

    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
