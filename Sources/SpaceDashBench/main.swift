SearchBenchmarks.run()
