import Foundation
import Testing
@testable import SpaceData

@Suite struct AuroraGridDecoderTests {
    func place(_ latitude: Double, _ longitude: Double) -> GeographicCoordinate {
        GeographicCoordinate(latitude: latitude, longitude: longitude)!
    }

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func theCapturesWholeGridIsRead() throws {
        let grid = try AuroraGridDecoder.decode(try SpaceWeatherCaptures.data(SpaceWeatherCaptures.aurora))
        #expect(grid.observedAt == SpaceWeatherCaptures.utc("2025-01-12T21:42:00Z"))
        #expect(grid.forecastFor == SpaceWeatherCaptures.utc("2025-01-12T22:51:00Z"))
        #expect(grid.highest == 24)
        // The first and last triples: [0, -90, 4] and [359, 90, 0]; [359, 80, 1].
        #expect(grid.probability(at: place(-90, 0)) == 4)
        #expect(grid.probability(at: place(80, -1)) == 1)
        #expect(grid.probability(at: place(-61, 0)) == 0)
        #expect(grid.probability(at: place(0, 0)) == 3, "the grid holds small values at the equator too")
    }

    @Test func negativeLongitudesAndTheWrapFindTheirCells() {
        #expect(AuroraGrid.cell(of: place(64.1, -21.9)) == (338, 64))
        #expect(AuroraGrid.cell(of: place(10, -0.4)) == (0, 10))
        #expect(AuroraGrid.cell(of: place(10, -0.6)) == (359, 10))
        #expect(AuroraGrid.cell(of: place(10, 179.6)) == (180, 10))
        #expect(AuroraGrid.cell(of: place(10, -180)) == (180, 10))
        #expect(AuroraGrid.cell(of: place(-89.7, 359 - 360)) == (359, -90))
    }

    @Test func aSparseGridReadsItsListedCellsAndZeroElsewhere() throws {
        let body = #"{"Observation Time": "2026-11-28T01:00:00Z", "Forecast Time": "2026-11-28T01:35:00Z", "coordinates": [[338, 64, 37], [0, 70, 12]], "type": "MultiPoint"}"#
        let grid = try AuroraGridDecoder.decode(Data(body.utf8))
        #expect(grid.probability(at: place(64.2, -22.3)) == 37)
        #expect(grid.probability(at: place(70, 0.2)) == 12)
        #expect(grid.probability(at: place(70, 359.7 - 360)) == 12)
        #expect(grid.probability(at: place(40, -74)) == 0)
    }

    @Test func changedShapesAreErrors() {
        let cases: [(String, SpaceWeatherError.Problem)] = [
            (#"{"Observation Time": "2026-11-28T01:00:00Z", "Forecast Time": "2026-11-28T01:35:00Z", "coordinates": [[338, 64, 170]]}"#,
             .unknownShape("a cell holds 170, not a percentage")),
            (#"{"Observation Time": "2026-11-28T01:00:00Z", "Forecast Time": "2026-11-28T01:35:00Z", "coordinates": [[338, 95, 1]]}"#,
             .unknownShape("a cell is not [longitude, latitude, value] in whole degrees on the globe")),
            (#"{"Observation Time": "2026-11-28T01:00:00Z", "Forecast Time": "2026-11-28T01:35:00Z", "coordinates": [{"lon": 338}]}"#,
             .unknownShape("a cell is not a [longitude, latitude, value] list")),
            (#"{"Observation Time": "2026-11-28T01:00:00Z", "coordinates": [[338, 64, 1]]}"#,
             .unknownShape("\"Observation Time\" or \"Forecast Time\" is missing or not a time")),
            (#"{"Observation Time": "2026-11-28T01:00:00Z", "Forecast Time": "2026-11-28T01:35:00Z", "coordinates": []}"#, .noData),
            (#"{"type": "MultiPoint"}"#, .unknownShape("there is no \"coordinates\" list")),
            (#"[[0, 0, 1]]"#, .unknownShape("the top level is not an object")),
        ]
        for (body, problem) in cases {
            #expect(throws: SpaceWeatherError(.auroraGrid, problem), "\(body)") { try AuroraGridDecoder.decode(Data(body.utf8)) }
        }
    }
}
