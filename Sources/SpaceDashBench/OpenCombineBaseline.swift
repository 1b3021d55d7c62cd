#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Streams cases beside OpenCombine 0.14 running the very same code
/// (Benchmarks/OpenCombineBaseline), measured in the same `make bench` run:
/// each case prints its own line, then `NAME.opencombine` and
/// `NAME.vs_opencombine` (Streams' time over OpenCombine's; below 1 is faster).
///
/// `make bench` builds the baseline and passes its path in
/// `SPACEDASH_OPENCOMBINE_BENCH`. When it is missing or fails, the figures
/// recorded in issue 16 stand in, printed as `NAME.opencombine_recorded` and
/// `NAME.vs_opencombine_recorded`, never as measured.
enum OpenCombineBaseline {
    /// OpenCombine 0.14 on this machine, ns/event, as recorded in issue 16.
    static let recorded: [String: Double] = [
        "subject_sink": 128.6,
        "chain5": 374.7,
        "just_map_sink_subscribe": 647.9,
        "anypublisher_erase": 144.7,
        "switchToLatest_inner": 718.6,
        "debounce_virtual": 2_949,
    ]

    static func run(with runner: BenchmarkRunner, arguments: [String]) {
        let names = StreamsBenchmarks.cases.map(\.name).filter(runner.selected)
        guard !names.isEmpty else { return }
        // OpenCombine first, then Streams, back to back on the same machine state.
        let measurement = MeasuredOn()
        let measured = measure(arguments: arguments)
        let streams = runner.run(StreamsBenchmarks.cases)
        let (baseline, suffix) = measured.map { ($0, "") } ?? (recorded, "_recorded")
        if measured == nil {
            runner.note("OpenCombine baseline not measured (\(failure)); ratios use the figures recorded in issue 16")
        }
        for name in names {
            guard let mine = streams[name], let theirs = baseline[name], theirs > 0 else { continue }
            runner.report("\(name).opencombine\(suffix)", theirs, "ns/event")
            runner.report("\(name).vs_opencombine\(suffix)", mine / theirs, "x")
        }
        let when = measurement.text
        for name in names {
            guard let mine = streams[name], let theirs = baseline[name], theirs > 0 else { continue }
            let source = measured == nil ? "OpenCombine 0.14 as recorded in issue 16 (not measured in this run)" : "OpenCombine 0.14"
            PerformanceTable.shared.add("Streams: \(descriptions[name] ?? name)", figure: "\(mine.quoted) ns/event",
                                        baseline: "\(source): \(theirs.quoted) ns/event", ratio: mine / theirs, bar: "≤ 0.5 ×", measured: when)
        }
    }

    /// The report's names of the cases.
    static let descriptions: [String: String] = [
        "subject_sink": "subject_sink (PassthroughSubject → sink)",
        "chain5": "chain5 (map → filter → map → removeDuplicates → sink)",
        "just_map_sink_subscribe": "just_map_sink_subscribe (Just → map → sink, subscribed per event)",
        "anypublisher_erase": "anypublisher_erase (eraseToAnyPublisher → map → sink)",
        "switchToLatest_inner": "switchToLatest_inner (a Just per event)",
        "debounce_virtual": "debounce_virtual (TestScheduler, bursts of 4)",
    ]

    nonisolated(unsafe) private static var failure = "SPACEDASH_OPENCOMBINE_BENCH is not set"

    /// Runs the baseline binary and reads its `name value ns/event` lines.
    private static func measure(arguments: [String]) -> [String: Double]? {
        guard let path = getenv("SPACEDASH_OPENCOMBINE_BENCH").map({ String(cString: $0) }), !path.isEmpty else {
            return nil
        }
        let quoted = ([path] + arguments).map { "'" + $0.replacingSingleQuotes() + "'" }.joined(separator: " ")
        guard let pipe = popen(quoted + " 2>/dev/null", "r") else {
            failure = "could not start \(path)"
            return nil
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        let status = pclose(pipe)
        var results: [String: Double] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[2] == "ns/event", let value = Double(fields[1]) {
                results[String(fields[0])] = value
            }
        }
        guard status == 0, !results.isEmpty else {
            failure = "\(path) exited with status \(status)"
            return nil
        }
        return results
    }
}

private extension String {
    func replacingSingleQuotes() -> String {
        split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
    }
}
