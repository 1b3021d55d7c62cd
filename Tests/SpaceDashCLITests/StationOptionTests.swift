import Testing
@testable import SpaceDashCLI

@Suite struct StationOptionTests {
    private func station(_ words: [String]) throws -> MarsStation {
        StationOption.station(try CommandLineParser.parse(words, root: SpaceDash.self).arguments)
    }

    @Test func curiosityUnlessInSightIsAskedFor() throws {
        #expect(try station(["mars-weather"]) == .curiosity)
        #expect(try station(["mars-weather", "--station", "insight"]) == .insight)
        #expect(try station([]) == .curiosity)
        #expect(try station(["--station", "insight"]) == .insight)
    }

    @Test func marsWeatherAndTheDashboardTakeTheOneDeclaration() {
        for configuration in [MarsWeatherCommand.configuration, SpaceDash.configuration] {
            let stations = configuration.arguments.filter { $0.name == "station" }
            #expect(stations.count == 1)
            #expect(stations.first?.help == StationOption.station.info.help, "\(configuration.name)")
        }
    }
}
