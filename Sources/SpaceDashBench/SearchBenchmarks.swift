import Foundation
import LaunchCorpus
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for the launch search engine: the synthetic corpus at
/// three sizes, the real 4,324 launches of `../shared/data` when present,
/// index size against text size, and peak memory with a million launches.
enum SearchBenchmarks {
    static let queries = ["falcon", "spacex starlink", "cape canaveral", "a", "zzzz"]

    /// Runs the cases `selected` accepts (by name); a corpus is built only
    /// when one of its cases is selected.
    static func run(selected: (String) -> Bool) {
        for count in [10_000, 100_000, 1_000_000] {
            let label = "synthetic.\(count)"
            guard caseNames(label: label, typing: true).contains(where: selected) else { continue }
            let start = DispatchTime.now()
            let engine = SyntheticLaunchCorpus().searchEngine(count: count)
            report("search.\(label).build", milliseconds(since: start), "ms", selected)
            runQueries(on: engine, label: label, selected)
            runTyping(on: engine, label: label, selected)
            reportMemory(of: engine, label: label, selected)
            if count == 1_000_000 {
                // The largest corpus is the last one loaded, so the peak is its.
                report("search.\(label).peak_rss", Double(peakResidentBytes()) / 1_048_576, "MiB", selected)
            }
        }
        guard caseNames(label: "real.4324", typing: false).contains(where: selected) else { return }
        if let records = realLaunchRecords() {
            let engine = SearchEngine(records: records)
            runQueries(on: engine, label: "real.\(records.count)", selected)
            reportMemory(of: engine, label: "real.\(records.count)", selected)
        } else {
            FileHandle.standardError.write(Data("search.real: ../shared/data/launches/mission_launches.csv not found, skipped\n".utf8))
        }
    }

    /// Enough of the case names of one corpus to match a filter against.
    private static func caseNames(label: String, typing: Bool) -> [String] {
        var names = queries.map { "search.\(label).\(caseName($0))" }
        names += ["search.\(label).build", "search.\(label).text_bytes", "search.\(label).index_bytes",
                  "search.\(label).index_to_text", "search.\(label).peak_rss"]
        if typing { names += ["search.\(label).typing_14_keys"] }
        return names
    }

    private static func caseName(_ query: String) -> String {
        query.replacingOccurrences(of: " ", with: "_")
    }

    /// Each query searched fresh: the median CPU time of repeated runs (the
    /// machine is shared; CPU time leaves out other processes' turns), the
    /// wall time beside it, and the time per launch.
    private static func runQueries(on engine: SearchEngine, label: String, _ selected: (String) -> Bool) {
        for text in queries {
            let name = "search.\(label).\(caseName(text))"
            guard selected(name) else { continue }
            var matches = 0
            let time = medianTime {
                matches = engine.search(text).count
            }
            report(name, time.cpu * 1e3, "ms", selected)
            report(name + ".wall", time.wall * 1e3, "ms", selected)
            report(name + ".per_launch", time.cpu * 1e9 / Double(max(engine.count, 1)), "ns", selected)
            report(name + ".matches", Double(matches), "launches", selected)
        }
    }

    /// "cape canaveral" typed a key at a time through a session (refined
    /// searches), against the same 14 queries searched fresh.
    private static func runTyping(on engine: SearchEngine, label: String, _ selected: (String) -> Bool) {
        let name = "search.\(label).typing_14_keys"
        guard selected(name) else { return }
        let typed = "cape canaveral"
        let prefixes = (1 ... typed.count).map { String(typed.prefix($0)) }
        let incremental = medianTime {
            var session = SearchSession(engine: engine)
            for prefix in prefixes { _ = session.search(prefix) }
        }
        let fresh = medianTime {
            for prefix in prefixes { _ = engine.search(prefix) }
        }
        report(name + ".incremental", incremental.cpu * 1e3, "ms", selected)
        report(name + ".fresh", fresh.cpu * 1e3, "ms", selected)
    }

    private static func reportMemory(of engine: SearchEngine, label: String, _ selected: (String) -> Bool) {
        report("search.\(label).text_bytes", Double(engine.textByteCount), "B", selected)
        report("search.\(label).index_bytes", Double(engine.indexByteCount), "B", selected)
        report("search.\(label).index_to_text", Double(engine.indexByteCount) / Double(max(engine.textByteCount, 1)), "x", selected)
    }

    // MARK: The real data set

    /// `mission_launches.csv` (newest first): Detail as the name, Organisation
    /// as the agency, Location, Mission_Status as the status. It has no mission type.
    private static func realLaunchRecords() -> [SearchRecord]? {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/data/launches/mission_launches.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        var rows = CSV.rows(text)
        guard !rows.isEmpty else { return nil }
        let header = rows.removeFirst()
        guard let organisation = header.firstIndex(of: "Organisation"), let location = header.firstIndex(of: "Location"),
              let detail = header.firstIndex(of: "Detail"), let status = header.firstIndex(of: "Mission_Status")
        else { return nil }
        let width = max(organisation, location, detail, status)
        return rows.filter { $0.count > width }.map {
            SearchRecord(name: $0[detail], agency: $0[organisation], location: $0[location], status: $0[status])
        }
    }

    // MARK: Measuring

    /// The median CPU and wall time of at least 5 runs, running for about half a second.
    private static func medianTime(_ body: () -> Void) -> (cpu: Double, wall: Double) {
        body()  // warm up
        var cpu: [Double] = []
        var wall: [Double] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + 500_000_000
        while cpu.count < 5 || (DispatchTime.now().uptimeNanoseconds < deadline && cpu.count < 200) {
            let wallStart = DispatchTime.now().uptimeNanoseconds
            let cpuStart = cpuSeconds()
            body()
            cpu.append(cpuSeconds() - cpuStart)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
        }
        return (cpu.sorted()[cpu.count / 2], wall.sorted()[wall.count / 2])
    }

    private static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    private static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }

    private static func report(_ name: String, _ value: Double, _ unit: String, _ selected: (String) -> Bool) {
        guard selected(name) else { return }
        // Unbuffered, so each line shows as soon as its case is done.
        FileHandle.standardOutput.write(Data("\(name) \(String(format: value < 10 ? "%.3f" : "%.1f", value)) \(unit)\n".utf8))
    }
}

/// Just enough CSV for `mission_launches.csv`: commas, double-quoted fields
/// with `""` escapes, newlines inside quotes.
private enum CSV {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if scalar == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.unicodeScalars.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                row.append(field)
                field = ""
            } else if scalar == "\n" || scalar == "\r" {
                if scalar == "\r" { if let next = iterator.next(), next != "\n" { pending = next } }
                row.append(field)
                field = ""
                if row.count > 1 || row.first?.isEmpty == false { rows.append(row) }
                row = []
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
