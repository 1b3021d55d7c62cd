import Foundation
import Testing
import LaunchCorpus
@testable import SpaceData

@Suite struct SyntheticLaunchCorpusTests {
    @Test func theSameSeedGivesTheSameCorpus() {
        #expect(SyntheticLaunchCorpus(seed: 1).records(count: 500) == SyntheticLaunchCorpus(seed: 1).records(count: 500))
        #expect(SyntheticLaunchCorpus(seed: 1).records(count: 50) != SyntheticLaunchCorpus(seed: 2).records(count: 50))
        #expect(SyntheticLaunchCorpus().launch(at: 123_456) == SyntheticLaunchCorpus().launch(at: 123_456))
    }

    @Test func launchesLookReal() {
        let launches = (0 ..< 5_000).map { SyntheticLaunchCorpus().launch(at: $0) }
        let averageName = Double(launches.map(\.name.utf8.count).reduce(0, +)) / Double(launches.count)
        #expect((25 ... 50).contains(averageName))
        #expect(launches.allSatisfy { $0.name.contains(" | ") && !$0.agency.isEmpty && !$0.location.isEmpty })
        #expect(Set(launches.map(\.agency)).count >= 10)
        #expect(Set(launches.map(\.location)).count >= 15)
        #expect(Set(launches.map(\.missionType)).count >= 8)
        #expect(Set(launches.map(\.name)).count > 4_000)  // names are mostly unique, as in real data
        #expect(launches.contains { $0.name.hasPrefix("Falcon 9 Block 5 | Starlink Group") })
        #expect(!launches.contains { $0.searchRecord.name.lowercased().contains("zzzz") })
        #expect(zip(launches, launches.dropFirst()).allSatisfy { $0.net < $1.net })
        #expect(Set(launches.map(\.id)).count == launches.count)
    }

    @Test func writesALaunchLibraryResponse() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-corpus-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try SyntheticLaunchCorpus().writeLaunchLibraryJSON(count: 1_500, to: url)
        let data = try Data(contentsOf: url)
        #expect(data == SyntheticLaunchCorpus().launchLibraryJSON(count: 1_500) + Data("\n".utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["count"] as? Int == 1_500)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 1_500)
        let first = SyntheticLaunchCorpus().launch(at: 0)
        #expect(results[0]["name"] as? String == first.name)
        let provider = try #require(results[0]["launch_service_provider"] as? [String: Any])
        #expect(provider["name"] as? String == first.agency)
        let mission = try #require(results[0]["mission"] as? [String: Any])
        #expect(mission["type"] as? String == first.missionType)
        let pad = try #require(results[0]["pad"] as? [String: Any])
        let location = try #require(pad["location"] as? [String: Any])
        #expect(location["name"] as? String == first.location)
        #expect(results[0]["net"] as? String == first.net.formatted(.iso8601))
    }

    @Test func theSyntheticJSONDecodesToTheSameLaunches() throws {
        let corpus = SyntheticLaunchCorpus(seed: 4)
        let page = try LaunchLibraryDecoder.decodePage(corpus.launchLibraryJSON(count: 300))
        #expect(page.count == 300)
        #expect(page.launches == corpus.launches(count: 300))
        let engine = SearchEngine(launches: page.launches)
        #expect(Array(engine.search("cape canaveral")) == Array(SearchEngine(records: corpus.records(count: 300)).search("cape canaveral")))
    }
}
