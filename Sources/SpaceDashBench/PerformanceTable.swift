import Foundation
import Synchronization

/// BENCHMARKS.md's summary table, row for row: each suite adds the rows of the
/// cases it ran, each with its baseline measured in the same run, and the bench
/// prints the table last, into the report too. (The start-up and
/// `--file` cases print their own tables, whose columns differ.)
final class PerformanceTable: Sendable {
    static let shared = PerformanceTable()

    private let rows = Mutex<[String]>([])

    /// Adds a row: `figure` against `baseline` (each with its unit and, for the
    /// baseline, what it is), their ratio `figure ÷ baseline`, the bar the issues
    /// set (empty when none), and when and where it was measured.
    func add(_ name: String, figure: String, baseline: String, ratio: Double?, bar: String = "", measured: String) {
        let ratioText = ratio.map { String(format: $0 < 0.1 ? "%.3f ×" : "%.2f ×", $0) } ?? "–"
        rows.withLock { $0.append("| \(name) | \(figure) | \(baseline) | \(ratioText) | \(bar) | \(measured) |") }
    }

    /// Prints the table on stdout (nothing when no row was added).
    func print() {
        let lines = rows.withLock { $0 }
        guard !lines.isEmpty else { return }
        let report = BenchmarkReport.shared
        report.add("| case | figure | baseline (same run) | ratio | bar | measured |", to: .summary)
        report.add("| --- | --- | --- | --- | --- | --- |", to: .summary)
        for line in lines { report.add(line, to: .summary) }
    }
}

/// The clock the in-process cases use: the process's CPU time, since the
/// machines this runs on are shared and wall time counts other processes' turns.
enum CPUClock {
    static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The median CPU time of `work`, after half a second of warm-up (the CPU's
    /// clock up), over at least 15 runs and up to 3 seconds (200 runs at most).
    /// `work` returns a checksum, so the optimiser cannot drop it.
    static func median(_ work: () -> Int) -> Double {
        var checksum = 0
        let warmUp = Date().addingTimeInterval(0.5)
        repeat { checksum &+= work() } while Date() < warmUp
        var samples: [Double] = []
        let deadline = Date().addingTimeInterval(3)
        while samples.count < 15 || (samples.count < 200 && Date() < deadline) {
            let start = seconds()
            checksum &+= work()
            samples.append(seconds() - start)
        }
        if checksum == 0 { Swift.print("", terminator: "") }  // keeps the work observable
        return samples.sorted()[samples.count / 2]
    }

    /// The median CPU time of Foundation's untyped parse of `body` (every value
    /// built, nothing checked or converted): the baseline of a decoder that is
    /// not itself a `JSONDecoder` over the same shape.
    static func untypedParse(_ body: Data) -> Double {
        median { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?.count ?? 0 }
    }
}

/// "2026-11-24 14:05 UTC, 2 CPUs, load 5.40–5.21", for a case whose measuring
/// started at `loadBefore` (`ProcessMeasurement.loadAverage()`).
struct MeasuredOn {
    let loadBefore = ProcessMeasurement.loadAverage()
    var text: String { ProcessMeasurement.measuredOn(loadBefore: loadBefore) }
}

extension Double {
    /// Two decimals below 10, one below 100, none above: the precision the tables quote.
    var quoted: String {
        String(format: self < 10 ? "%.2f" : (self < 100 ? "%.1f" : "%.0f"), self)
    }
}

extension Int {
    /// 1000000 as "1,000,000", whatever the locale.
    var grouped: String {
        var digits = Array(String(self))
        for index in stride(from: digits.count - 3, to: digits.first == "-" ? 1 : 0, by: -3) { digits.insert(",", at: index) }
        return String(digits)
    }
}
