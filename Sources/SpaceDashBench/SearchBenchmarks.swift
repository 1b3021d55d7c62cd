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
            let measurement = MeasuredOn()
            let start = DispatchTime.now()
            let engine = SyntheticLaunchCorpus().searchEngine(count: count)
            report("search.\(label).build", milliseconds(since: start), "ms", selected)
            let queryTimes = runQueries(on: engine, label: label, selected)
            let typing = runTyping(on: engine, label: label, selected)
            reportMemory(of: engine, label: label, selected)
            guard count == 1_000_000 else { continue }
            // The largest corpus is the last one loaded, so the peak is its (read
            // before the baseline's buffer below adds to it).
            let peak = Double(peakResidentBytes())
            report("search.\(label).peak_rss", peak / 1_048_576, "MiB", selected)
            let scan = queryTimes.isEmpty ? nil : LinearScan(SyntheticLaunchCorpus(), count: count)
            let table = PerformanceTable.shared
            for (text, time) in queryTimes {
                guard let scan else { break }
                let (scanTime, scanMatches) = scan.time(text)
                report("search.\(label).\(caseName(text)).linear_scan", scanTime * 1e3, "ms", selected)
                if scanMatches != time.matches {
                    FileHandle.standardError.write(Data("search.\(label).\(caseName(text)): the scan found \(scanMatches) launches, the engine \(time.matches)\n".utf8))
                }
                table.add("search, 1,000,000 launches: `\(text)` (\(time.matches.grouped) found)", figure: "\((time.cpu * 1e3).quoted) ms",
                          baseline: "a linear scan of the same folded text: \((scanTime * 1e3).quoted) ms", ratio: time.cpu / scanTime,
                          bar: "< 30 ms", measured: measurement.text)
            }
            if selected("search.\(label).index_bytes") {
                table.add("search index size, 1,000,000 launches", figure: "\((Double(engine.indexByteCount) / 1e6).quoted) MB",
                          baseline: "the launches' searchable text: \((Double(engine.textByteCount) / 1e6).quoted) MB",
                          ratio: Double(engine.indexByteCount) / Double(engine.textByteCount), bar: "< 2 ×", measured: measurement.text)
            }
            if selected("search.\(label).peak_rss") {
                table.add("search, 1,000,000 launches: the process's peak RSS", figure: "\((peak / 1_048_576).quoted) MiB",
                          baseline: "the index: \((Double(engine.indexByteCount) / 1_048_576).quoted) MiB",
                          ratio: peak / Double(engine.indexByteCount), measured: measurement.text)
            }
            if let typing {
                table.add("typing `cape canaveral` key by key, 1,000,000 launches (14 searches)", figure: "\((typing.incremental * 1e3).quoted) ms, each search within the last",
                          baseline: "each prefix searched afresh: \((typing.fresh * 1e3).quoted) ms", ratio: typing.incremental / typing.fresh,
                          measured: measurement.text)
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
    @discardableResult
    private static func runQueries(on engine: SearchEngine, label: String, _ selected: (String) -> Bool)
        -> [(text: String, time: (cpu: Double, matches: Int))] {
        var times: [(text: String, time: (cpu: Double, matches: Int))] = []
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
            times.append((text, (time.cpu, matches)))
        }
        return times
    }

    /// "cape canaveral" typed a key at a time through a session (refined
    /// searches), against the same 14 queries searched fresh.
    private static func runTyping(on engine: SearchEngine, label: String, _ selected: (String) -> Bool) -> (incremental: Double, fresh: Double)? {
        let name = "search.\(label).typing_14_keys"
        guard selected(name) else { return nil }
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
        return (incremental.cpu, fresh.cpu)
    }

    private static func reportMemory(of engine: SearchEngine, label: String, _ selected: (String) -> Bool) {
        report("search.\(label).text_bytes", Double(engine.textByteCount), "B", selected)
        report("search.\(label).index_bytes", Double(engine.indexByteCount), "B", selected)
        report("search.\(label).index_to_text", Double(engine.indexByteCount) / Double(max(engine.textByteCount, 1)), "x", selected)
    }

    // MARK: The baseline

    /// What searching costs without an index: every launch's folded text in the
    /// fields a plain word searches, one after the other in one buffer, scanned
    /// launch by launch for each word with the engine's own byte search,
    /// counting the launches that hold every word.
    private struct LinearScan {
        private let text: [UInt8]
        private let ends: [Int]

        init(_ corpus: SyntheticLaunchCorpus, count: Int) {
            var text: [UInt8] = []
            var ends: [Int] = []
            ends.reserveCapacity(count)
            for index in 0 ..< count {
                let record = corpus.launch(at: index).searchRecord
                for field in SearchQualifier.unqualifiedFields {
                    text += TextFolding.fold(record[field])
                    text.append(0)  // no word spans two fields
                }
                ends.append(text.count)
            }
            self.text = text
            self.ends = ends
        }

        /// The median CPU time of scanning for `query`'s words, and the launches found.
        func time(_ query: String) -> (Double, Int) {
            let words = SearchQuery(query).terms.map(\.folded).filter { !$0.isEmpty }
            var found = 0
            let time = CPUClock.median {
                found = scan(words)
                return found
            }
            return (time, found)
        }

        private func scan(_ words: [[UInt8]]) -> Int {
            text.withUnsafeBufferPointer { buffer in
                var found = 0
                var start = 0
                for end in ends {
                    let launch = UnsafeBufferPointer(rebasing: buffer[start ..< end])
                    if words.allSatisfy({ word in
                        word.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: launch) != nil }
                    }) { found += 1 }
                    start = end
                }
                return found
            }
        }
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
