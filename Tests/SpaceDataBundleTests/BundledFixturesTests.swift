import Foundation
import Testing
import TestSupport
import SpaceDataBundle

@Suite struct BundledFixturesTests {
    /// Each compiled literal, by the file in Fixtures/bundled it comes from.
    static let compiled = [
        "curiosityWeatherSampleSols.tsv": BundledFixtures.curiosityWeatherSampleSols,
        "insightSample.json": BundledFixtures.insightSample,
        "launchHistory.tsv": BundledFixtures.launchHistory,
        "launchesListing.json": BundledFixtures.launchesListing,
        "swpcAlerts.json": BundledFixtures.swpcAlerts,
        "swpcKpForecast.json": BundledFixtures.swpcKpForecast,
        "swpcKpIndex.json": BundledFixtures.swpcKpIndex,
        "swpcScales.json": BundledFixtures.swpcScales,
        "eventsListing.json": BundledFixtures.eventsListing,
    ]

    /// The build writes every bundled file into the binary as it is, final
    /// newline included, and nothing else.
    @Test func everyBundledFileIsCompiledInByteForByte() throws {
        let folder = ProjectPaths.fixtures.appendingPathComponent("bundled")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".tsv") }
        #expect(Set(files) == Set(Self.compiled.keys))
        for (file, literal) in Self.compiled {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(Data(literal.utf8) == bytes, "\(file)")
        }
    }
}
