import Testing
@testable import SpaceData

@Suite struct LaunchesSampleTests {
    @Test func theSampleDecodesToItsFortySixLaunches() throws {
        let launches = try LaunchesSample.launches()
        #expect(launches.count == 46)
        #expect(launches.first?.name == "Falcon 9 Block 5 | Starlink Group 6-112")
        #expect(LaunchesSample.summary.contains("sample"))
    }
}
