import SpaceDashCLI

// Everything lives in SpaceDashCLI so tests can run it in process.
SpaceDash.answerIfVersionAlone()  // before the first await starts the runtime's threads
await SpaceDash.main()
