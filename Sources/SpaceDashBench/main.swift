// `make bench`: each suite adds its cases here, one call line per suite.
let runner = BenchmarkRunner(arguments: Array(CommandLine.arguments.dropFirst()))
runner.run(StreamsBenchmarks.cases)
runner.finish()
