// Prints `name value ns/event` for each Streams benchmark case, run on
// OpenCombine; arguments filter the cases as SpaceDashBench's do.
let runner = BenchmarkRunner(arguments: Array(CommandLine.arguments.dropFirst()))
runner.run(StreamsBenchmarks.cases)
runner.finish()
