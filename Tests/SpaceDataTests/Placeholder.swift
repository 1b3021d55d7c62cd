import Testing

@Test func SpaceDataTestsPlaceholder() {}
