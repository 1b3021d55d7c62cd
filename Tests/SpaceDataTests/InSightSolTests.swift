import Foundation
import Testing
@testable import SpaceData

@Suite struct InSightSolTests {
    @Test func aSummaryIsFiniteOnlyWhenEveryValueIs() {
        #expect(SensorSummary(average: -60, minimum: -90, maximum: 1.7e308, sampleCount: 1).isFinite)
        #expect(!SensorSummary(average: -60, minimum: -90, maximum: .infinity, sampleCount: 1).isFinite)
        #expect(!SensorSummary(average: .nan, minimum: -90, maximum: -10, sampleCount: 1).isFinite)
        #expect(!SensorSummary(average: -60, minimum: -.infinity, maximum: -10, sampleCount: 1).isFinite)
    }

    @Test func countsBySectorAddsUpEachDirection() {
        let rose = WindRose(sectors: [WindSector(index: 3, point: "ENE", degrees: 67.5, sampleCount: 7),
                                      WindSector(index: 0, point: "N", degrees: 0, sampleCount: 2)], mostCommon: nil)
        #expect(rose.countsBySector == [2, 0, 0, 7] + [Int](repeating: 0, count: 12))
    }

    // Defensive: a rose made in code (not by the decoder) with a sector index off
    // the compass indexed past the array, and huge counts overflowed the sum.
    @Test func countsBySectorSurvivesSectorsTheDecoderNeverMakes() {
        let rose = WindRose(sectors: [WindSector(index: 16, point: "?", degrees: 0, sampleCount: 5),
                                      WindSector(index: -1, point: "?", degrees: 0, sampleCount: 5),
                                      WindSector(index: 2, point: "NE", degrees: 45, sampleCount: .max),
                                      WindSector(index: 2, point: "NE", degrees: 45, sampleCount: .max),
                                      WindSector(index: 4, point: "E", degrees: 90, sampleCount: -3)], mostCommon: nil)
        let counts = rose.countsBySector
        #expect(counts.count == 16)
        #expect(counts[2] == .max)
        #expect(counts[4] == 0)
        #expect(counts.reduce(0) { $0 &+ $1 } == .max, "nothing else was counted")
    }
}
