import SpaceDashCLI

// Everything lives in SpaceDashCLI so tests can run it in process.
await SpaceDash.main()
