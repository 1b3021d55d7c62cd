import Testing

@Test func TerminalTestsPlaceholder() {}
