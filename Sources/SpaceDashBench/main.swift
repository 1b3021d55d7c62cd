// `make bench`: each suite adds its cases here, one call line per suite.
// Arguments filter the cases by name (`SpaceDashBench chain5 launches`).
import Foundation

if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == FileLoadBenchmarks.childFlag {
    exit(FileLoadBenchmarks.child(path: CommandLine.arguments[2]))
}
// `--report FILE` (make bench: BENCHMARKS.md) writes the report after a run of every case.
var benchmarkArguments = Array(CommandLine.arguments.dropFirst())
var reportPath: String?
if benchmarkArguments.count >= 2, benchmarkArguments[0] == "--report" {
    reportPath = benchmarkArguments[1]
    benchmarkArguments.removeFirst(2)
}
let runner = BenchmarkRunner(arguments: benchmarkArguments)
// First, while this process is small: a spawned child's peak RSS includes ours.
StartupBenchmarks.run(selected: runner.selected)
LaunchShowStartupBenchmark.run(selected: runner.selected)
FileLoadBenchmarks.run(selected: runner.selected)
if runner.selected("mars_weather") || runner.selected("insight") { InSightBenchmarks.offlinePeakMemory() }
OpenCombineBaseline.run(with: runner, arguments: benchmarkArguments)  // the Streams cases, with OpenCombine's beside them
if runner.selected("launches.decode") { LaunchLibraryBenchmarks.run() }
if runner.selected("insight") || runner.selected("mars_weather") {
    InSightBenchmarks.decode7Sol()
    InSightBenchmarks.offlineTime()
}
if runner.selected("curiosity") { CuriosityBenchmarks.run() }
if runner.selected("history") { LaunchHistoryBenchmarks.run() }
SpaceWeatherBenchmarks.run(selected: runner.selected)
SearchBenchmarks.run(selected: runner.selected)
InteractiveSearchBenchmarks.run(selected: runner.selected)
PerformanceTable.shared.print()  // the summary table, from the cases above
runner.finish()
if let reportPath {
    if benchmarkArguments.isEmpty {
        if BenchmarkReport.shared.write(to: reportPath) { runner.note("wrote \(reportPath)") }
    } else {
        runner.note("\(reportPath) is left as it is: only a run of every case writes it")
    }
}
