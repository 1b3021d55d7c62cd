LaunchLibraryBenchmarks.run()
SearchBenchmarks.run()
