import Dispatch
import Foundation
import LaunchCorpus
import SpaceData
import SpaceDashCLI
import Streams
import Terminal

/// `spacedash launches search -i --file corpus.json` with 1,000,000 synthetic
/// launches: the corpus is written as a Launch Library response and read
/// back the way `--file` reads it (`LaunchService.load(file:)`), then indexed.
/// Measured in process (the view model and the view's renderer writing into
/// a `RecordingOutput`, no pseudo-terminal): wall time from a keystroke to the
/// redrawn prompt while a search runs, and from the end of the debounce (the
/// query sent, debounce 0) to the redrawn results as a query is typed a key at
/// a time with a pause after each (the results of one key drawn before the next
/// is sent, as when a user types slower than the debounce), medians in ms;
/// and, once, the file's load and the index's build, in seconds. The same typing
/// runs twice: through the app's searcher (the catalog's incremental session),
/// then with every query searched from scratch, the baseline of the ratio.
enum InteractiveSearchBenchmarks {
    static let names = ["interactive.1000000.keystroke_to_prompt", "interactive.1000000.debounce_to_results",
                        "interactive.1000000.file_load", "interactive.1000000.index_build",
                        "interactive.1000000.keystroke_to_prompt.from_scratch", "interactive.1000000.debounce_to_results.from_scratch",
                        "interactive.1000000.debounce_to_results.ratio_to_from_scratch"]

    static func run(selected: (String) -> Bool) {
        guard names.contains(where: selected) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-bench-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let launches: [Launch]
        do {
            try SyntheticLaunchCorpus().writeLaunchLibraryJSON(count: 1_000_000, to: file)
            let loading = DispatchTime.now()
            launches = try LaunchService.load(file: file.path).launches
            report(names[2], seconds: milliseconds(from: loading) / 1000, selected)
        } catch {
            print("\(names[2]) failed: \(error)")
            return
        }
        let measurement = MeasuredOn()
        let indexing = CPUClock.seconds()
        // As `launches search -i --file` prepares it (LaunchSearchFeed): one catalog, one index.
        let catalog = LaunchCatalog(launches: launches, timeframe: .upcoming)
        let indexSeconds = CPUClock.seconds() - indexing
        report(names[3], seconds: indexSeconds, selected)
        if selected(names[3]) {
            // The least any index of these launches does: fold every searchable field once.
            let folding = CPUClock.seconds()
            var folded = 0
            for launch in launches {
                let record = SearchRecord(launch)
                for field in SearchField.allCases { folded &+= TextFolding.fold(record[field]).count }
            }
            let foldSeconds = CPUClock.seconds() - folding
            print("\(names[3]).baseline_fold \(String(format: "%.2f", foldSeconds)) s (\(folded) bytes)")
            PerformanceTable.shared.add("interactive: indexing the 1,000,000 launches `--file` loaded (CPU time)", figure: "\(indexSeconds.quoted) s",
                                        baseline: "folding their searchable fields, nothing more: \(foldSeconds.quoted) s",
                                        ratio: indexSeconds / foldSeconds, measured: measurement.text)
        }
        let data = LaunchSearchData(catalog: catalog, source: .file(path: file.path))

        // The app's path (the view model's default searcher: the catalog's incremental
        // session), then the baseline: every query searched over all launches again.
        let app = typing(data, searcher: nil)
        let baseline = typing(data, searcher: { text, catalog in catalog.searchFromScratch(text) })
        report(names[0], median(app.prompt), selected)
        report(names[1], median(app.results), selected)
        report(names[4], median(baseline.prompt), selected)
        report(names[5], median(baseline.results), selected)
        if selected(names[6]) { print("\(names[6]) \(String(format: "%.2f", median(app.results) / median(baseline.results))) x") }
        let table = PerformanceTable.shared
        if selected(names[0]) {
            table.add("interactive: keystroke → redrawn prompt, 1,000,000 launches, a search running", figure: "\(median(app.prompt).quoted) ms",
                      baseline: "the same with every search from scratch: \(median(baseline.prompt).quoted) ms",
                      ratio: median(app.prompt) / median(baseline.prompt), bar: "< 16 ms", measured: measurement.text)
        }
        if selected(names[1]) {
            table.add("interactive: end of debounce → redrawn results, 1,000,000 launches, typed key by key", figure: "\(median(app.results).quoted) ms",
                      baseline: "the same with every search from scratch: \(median(baseline.results).quoted) ms",
                      ratio: median(app.results) / median(baseline.results), bar: "< 50 ms", measured: measurement.text)
        }
    }

    /// Types the queries into a view model over `data` (debounce 0): for each, the
    /// query less its last key is sent, then the last key is typed while that search
    /// runs. Milliseconds from the last key to the redrawn prompt and to the drawn results.
    static func typing(_ data: LaunchSearchData, searcher: LaunchSearchViewModel.Searcher?) -> (prompt: [Double], results: [Double]) {
        let main = DispatchQueue(label: "bench.interactive.main")
        let search = DispatchQueue(label: "bench.interactive.search").eraseToAnyScheduler()
        let model = searcher.map {
            LaunchSearchViewModel(data: Just(data), debounce: .zero, scheduler: main.eraseToAnyScheduler(), searchScheduler: search, searcher: $0)
        } ?? LaunchSearchViewModel(data: Just(data), debounce: .zero, scheduler: main.eraseToAnyScheduler(), searchScheduler: search)
        let screen = BenchScreen()
        let drawn = DispatchSemaphore(value: 0)
        model.onChange = { state in
            screen.draw(state)
            if !state.isSearching { drawn.signal() }
        }
        drawn.wait()  // the first search (all launches) shown

        /// Waits until the results of `query` are drawn.
        func waitForResults(of query: String) {
            while !main.sync(execute: { model.state.matches?.query == query && !model.state.isSearching }) { drawn.wait() }
        }

        var promptTimes: [Double] = []
        var resultTimes: [Double] = []
        for query in ["falcon", "starlink", "cape", "electron", "soyuz", "china", "vandenberg", "group 1"] {
            // Send the query less its last key (debounce off: this is the moment the
            // debounce ends) and type the last key while that search runs: the
            // prompt must not wait for the search.
            main.sync { model.setQuery(String(query.dropLast())) }
            let typed = DispatchTime.now()
            main.sync { model.type(String(query.last!)) }
            promptTimes.append(milliseconds(from: typed))
            waitForResults(of: query)

            // Then the same query typed a key at a time from an empty prompt, each
            // key's results drawn before the next key: from the second key on, each
            // search narrows the one before (the first searches everything, alike
            // in both runs, and is left out).
            main.sync { model.setQuery("") }
            waitForResults(of: "")
            for length in 1 ... query.count {
                let prefix = String(query.prefix(length))
                let sent = DispatchTime.now()
                main.sync { model.setQuery(prefix) }
                waitForResults(of: prefix)
                if length > 1 { resultTimes.append(milliseconds(from: sent)) }
            }
        }
        model.stop()
        return (promptTimes, resultTimes)
    }

    /// The runner's drawing, into memory: frame → diff → one write.
    final class BenchScreen: @unchecked Sendable {
        let renderer = ScreenRenderer(output: RecordingOutput(), styleMode: .colour)
        let view = LaunchSearchView()
        let size = TerminalSize(columns: 120, rows: 40)
        func draw(_ state: LaunchSearchState) {
            try? renderer.render(view.frame(state, size: size, now: Date()), size: size)
        }
    }

    static func milliseconds(from start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }

    static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    static func report(_ name: String, _ value: Double, _ selected: (String) -> Bool) {
        guard selected(name) else { return }
        print("\(name) \(String(format: "%.2f", value)) ms")
    }

    static func report(_ name: String, seconds: Double, _ selected: (String) -> Bool) {
        guard selected(name) else { return }
        print("\(name) \(String(format: "%.2f", seconds)) s")
    }
}
