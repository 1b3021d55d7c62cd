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
        let measurement = MeasuredOn()
        let load = CPUClock.median { (try? LaunchHistory.parse(text).count) ?? 0 }
        let index = CPUClock.median { LaunchCatalog(launches: launches, timeframe: .past).count }
        let both = CPUClock.median { LaunchCatalog(launches: (try? LaunchHistory.parse(text)) ?? [], timeframe: .past).count }
        let baseline = CPUClock.median { lineSplit(text) }
        print("history.load \(format(load * 1000)) ms")
        print("history.index \(format(index * 1000)) ms")
        print("history.load_and_index \(format(both * 1000)) ms")
        print("history.baseline.line_split \(format(baseline * 1000)) ms")
        print("history.load_and_index.ratio_to_baseline \(format(both / baseline)) x")
        print("history.binary.data_bytes \(text.utf8.count) bytes")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spacedash").path
        let table = PerformanceTable.shared
        let lineSplitText = "splitting the same bytes into lines and fields: \((baseline * 1000).quoted) ms"
        table.add("bundled history (GCAT, 6,471 launches): load", figure: "\((load * 1000).quoted) ms", baseline: lineSplitText,
                  ratio: load / baseline, measured: measurement.text)
        table.add("bundled history: index", figure: "\((index * 1000).quoted) ms", baseline: lineSplitText,
                  ratio: index / baseline, measured: measurement.text)
        table.add("bundled history: load and index (`launches --past --offline` before it searches)", figure: "\((both * 1000).quoted) ms",
                  baseline: lineSplitText, ratio: both / baseline, bar: "< 10 ms", measured: measurement.text)
        if let size = (try? FileManager.default.attributesOfItem(atPath: binary))?[.size] as? Int {
            print("spacedash.binary.bytes \(size) bytes")
            print("history.binary.share \(format(Double(text.utf8.count) / Double(size) * 100)) %")
            table.add("bytes the bundled history adds to the binary", figure: "\(text.utf8.count.grouped) bytes",
                      baseline: "the release `spacedash` beside the bench: \(size.grouped) bytes", ratio: Double(text.utf8.count) / Double(size),
                      bar: "< 1.5 MB", measured: measurement.text)
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

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
