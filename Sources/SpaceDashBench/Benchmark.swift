#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark case: `run(n)` performs `n` events and returns a checksum of
/// what it observed, so the optimiser cannot drop the work.
struct BenchmarkCase {
    let name: String
    let events: Int
    let unit: String
    let run: (Int) -> UInt64

    init(_ name: String, events: Int, unit: String = "ns/event", run: @escaping (Int) -> UInt64) {
        self.name = name
        self.events = events
        self.unit = unit
        self.run = run
    }
}

/// Runs cases and prints one line per case on stdout: `name value unit`,
/// the median of 5 timed repetitions after one warm-up run.
///
/// Time is the process's CPU time, not wall time: the machines this runs on
/// are shared, and CPU time does not count the time other processes hold
/// the core. Every case runs on one thread, so for them the two agree on an
/// idle machine.
///
/// Arguments name the cases to run (a substring of the name is enough); with
/// none, every case runs. The combined checksum goes to stderr at the end.
final class BenchmarkRunner {
    private let filters: [String]
    private var checksum: UInt64 = 0
    private let repetitions = 5

    init(arguments: [String]) {
        filters = arguments
    }

    /// Runs the selected cases; returns each one's median, by name.
    @discardableResult
    func run(_ cases: [BenchmarkCase]) -> [String: Double] {
        var medians: [String: Double] = [:]
        for benchmark in cases where selected(benchmark.name) {
            checksum &+= benchmark.run(max(1, benchmark.events / 10))  // warm-up
            var samples: [Double] = []
            for _ in 0..<repetitions {
                let start = cpuNanoseconds()
                checksum &+= benchmark.run(benchmark.events)
                let elapsed = cpuNanoseconds() - start
                samples.append(Double(elapsed) / Double(benchmark.events))
            }
            samples.sort()
            let median = samples[samples.count / 2]
            medians[benchmark.name] = median
            writeLine("\(benchmark.name) \(formatted(median)) \(benchmark.unit)", to: STDOUT_FILENO)
        }
        return medians
    }

    /// Prints one `name value unit` line (value with one decimal, or two under 10).
    func report(_ name: String, _ value: Double, _ unit: String) {
        let text = value < 10 ? String(format2: value) : formatted(value)
        writeLine("\(name) \(text) \(unit)", to: STDOUT_FILENO)
    }

    /// A note on stderr, prefixed as the bench's messages are.
    func note(_ message: String) {
        writeLine("SpaceDashBench: \(message)", to: STDERR_FILENO)
    }

    /// Prints the checksum, so the work every case did is observable.
    func finish() {
        writeLine("checksum \(checksum)", to: STDERR_FILENO)
    }

    /// Whether the arguments select a case with this name (all, with none).
    func selected(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { name.contains($0) }
    }

    private func formatted(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10)"
    }

    /// Unbuffered, so each line shows as soon as its case is done.
    private func writeLine(_ line: String, to descriptor: Int32) {
        var bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    private func cpuNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

extension String {
    /// `value` with two decimals, without Foundation.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        self = "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
