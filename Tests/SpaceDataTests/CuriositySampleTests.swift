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

    @Test func everySampleSolIsTheCapturesSolAsDecoded() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return }
        let capture = try CuriosityDecoder.decode(Data(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json")))
        let sample = try CuriositySample.feed()
        #expect(sample.sols == capture.sols.filter { $0.sol >= 4134 })
    }
}
