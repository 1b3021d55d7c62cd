LaunchLibraryBenchmarks.run()
