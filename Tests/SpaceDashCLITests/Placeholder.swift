import Testing

@Test func SpaceDashCLITestsPlaceholder() {}
