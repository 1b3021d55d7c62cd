import Testing

@Test func StreamsTestsPlaceholder() {}
