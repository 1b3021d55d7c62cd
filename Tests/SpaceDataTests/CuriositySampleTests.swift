import Foundation
import Testing
import TestSupport
@testable import SpaceData

@Suite struct CuriositySampleTests {
    @Test func sampleIsTheLastMarsYearUpToSol4801() throws {
        let feed = try CuriositySample.feed()
        #expect(feed.sols.first?.sol == 4134)
        #expect(feed.latest?.sol == 4801)
        #expect(feed.latest?.earthDate.description == "2026-02-07")
        #expect(feed.sols.count == 642)
        #expect(feed.lastMarsYear().count == 642)
    }

    @Test func everySampleSolIsTheCapturesSolUnchanged() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return }
        let capture = try CuriosityDecoder.decode(Data(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json")))
        let sample = try CuriositySample.feed()
        #expect(sample.sols == capture.sols.filter { $0.sol >= 4134 })
        // The raw entries too, key for key: the sample is the feed's own text.
        let captureText = try String(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json"), encoding: .utf8)
        let captureDocument = try JSONSerialization.jsonObject(with: Data(captureText.utf8)) as? [String: Any]
        let sampleJSON = try Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("bundled/curiosityWeatherSample.json"))
        let sampleDocument = try JSONSerialization.jsonObject(with: sampleJSON) as? [String: Any]
        let captureEntries = captureDocument?["soles"] as? [[String: String]]
        let sampleEntries = sampleDocument?["soles"] as? [[String: String]]
        #expect((sampleEntries ?? []).count == 642)
        let bySol = Dictionary(uniqueKeysWithValues: (captureEntries ?? []).map { ($0["sol"]!, $0) })
        for entry in sampleEntries ?? [] {
            #expect(bySol[entry["sol"]!] == entry)
        }
    }
}
