import Foundation
import SpaceData
#if canImport(Glibc)
import Glibc
#endif

/// `make bench` cases for the launch search engine: the synthetic corpus at
/// three sizes, the real 4,324 launches of `../shared/data` when present,
/// index size against text size, and peak memory with a million launches.
enum SearchBenchmarks {
    static let queries = ["falcon", "spacex starlink", "cape canaveral", "a", "zzzz"]

    static func run() {
        for count in [10_000, 100_000, 1_000_000] {
            let start = DispatchTime.now()
            let engine = SyntheticLaunchCorpus().searchEngine(count: count)
            report("search.synthetic.\(count).build", milliseconds(since: start), "ms")
            runQueries(on: engine, label: "synthetic.\(count)")
            runTyping(on: engine, label: "synthetic.\(count)")
            reportMemory(of: engine, label: "synthetic.\(count)")
            if count == 1_000_000 {
                report("search.synthetic.1000000.peak_rss", Double(peakResidentBytes()) / 1_048_576, "MiB")
            }
        }
        if let records = realLaunchRecords() {
            let engine = SearchEngine(records: records)
            runQueries(on: engine, label: "real.\(records.count)")
            reportMemory(of: engine, label: "real.\(records.count)")
        } else {
            FileHandle.standardError.write(Data("search.real: ../shared/data/launches/mission_launches.csv not found, skipped\n".utf8))
        }
    }

    /// Each query fresh: median time of repeated runs.
    private static func runQueries(on engine: SearchEngine, label: String) {
        for text in queries {
            var matches = 0
            let seconds = medianSeconds {
                matches = engine.search(text).count
            }
            let name = "search.\(label).\(text.replacingOccurrences(of: " ", with: "_"))"
            report(name, seconds * 1e3, "ms")
            report(name + ".per_launch", seconds * 1e9 / Double(max(engine.count, 1)), "ns")
            report(name + ".matches", Double(matches), "launches")
        }
    }

    /// "cape canaveral" typed a key at a time through a session (refined
    /// searches), against the same queries searched fresh.
    private static func runTyping(on engine: SearchEngine, label: String) {
        let typed = "cape canaveral"
        let prefixes = (1 ... typed.count).map { String(typed.prefix($0)) }
        let incremental = medianSeconds {
            var session = SearchSession(engine: engine)
            for prefix in prefixes { _ = session.search(prefix) }
        }
        let fresh = medianSeconds {
            for prefix in prefixes { _ = engine.search(prefix) }
        }
        report("search.\(label).typing_14_keys.incremental", incremental * 1e3, "ms")
        report("search.\(label).typing_14_keys.fresh", fresh * 1e3, "ms")
    }

    private static func reportMemory(of engine: SearchEngine, label: String) {
        report("search.\(label).text_bytes", Double(engine.textByteCount), "B")
        report("search.\(label).index_bytes", Double(engine.indexByteCount), "B")
        report("search.\(label).index_to_text", Double(engine.indexByteCount) / Double(max(engine.textByteCount, 1)), "x")
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

    /// The median of at least 5 runs, running for about half a second.
    private static func medianSeconds(_ body: () -> Void) -> Double {
        body()  // warm up
        var samples: [Double] = []
        let deadline = DispatchTime.now().uptimeNanoseconds + 500_000_000
        while samples.count < 5 || (DispatchTime.now().uptimeNanoseconds < deadline && samples.count < 200) {
            let start = DispatchTime.now()
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    private static func milliseconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    }

    private static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(Int32(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }

    private static func report(_ name: String, _ value: Double, _ unit: String) {
        print("\(name) \(String(format: value < 10 ? "%.3f" : "%.1f", value)) \(unit)")
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
