import Testing

@Test func HTTPTestsPlaceholder() {}
