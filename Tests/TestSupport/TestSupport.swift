// Test support: the loopback HTTP server and helpers shared by the test targets.
