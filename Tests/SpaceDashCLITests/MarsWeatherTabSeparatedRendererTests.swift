import Foundation
import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct MarsWeatherTabSeparatedRendererTests {
    static func fields(_ line: String) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func anInSightSolIsTheTablesColumnsAsNASAGaveThem() throws {
        let sol = try #require(MarsWeatherFixtures.sample.sols.last)
        #expect(MarsWeatherTabSeparatedRenderer.line(sol, units: .metric)
            == "681\t2020-10-25\twinter\t-95.447\t-62.434\t-4.444\t743.55\t5.632\t18.577\tWNW")
        #expect(Self.fields(MarsWeatherTabSeparatedRenderer.line(sol, units: .metric)).count
            == MarsWeatherTabSeparatedRenderer.insightFieldNames(.metric).count)
    }

    @Test func imperialConvertsTemperatureAndWindButNotPressure() throws {
        let sol = try #require(MarsWeatherFixtures.sample.sols.last)
        #expect(MarsWeatherTabSeparatedRenderer.line(sol, units: .imperial)
            == "681\t2020-10-25\twinter\t-139.805\t-80.381\t24.001\t743.55\t12.598\t41.556\tWNW")
        #expect(MarsWeatherTabSeparatedRenderer.insightFieldNames(.imperial).contains("low_f"))
        #expect(MarsWeatherTabSeparatedRenderer.insightFieldNames(.imperial).contains("wind_mph"))
    }

    @Test func anInSightSensorNotReportedIsAnEmptyFieldNeverZeroOrADash() {
        let pressureOnly = Self.fields(MarsWeatherTabSeparatedRenderer.line(MarsWeatherFixtures.pressureOnly, units: .metric))
        #expect(pressureOnly == ["751", "2021-01-07", "winter", "", "", "", "714.567", "", "", ""])
        let noPressure = Self.fields(MarsWeatherTabSeparatedRenderer.line(MarsWeatherFixtures.noPressure, units: .metric))
        #expect(noPressure == ["755", "2021-01-07", "winter", "-94.77", "-56.191", "-7.478", "", "4.064", "13.146", "SW"])
    }

    @Test func anImpossibleReadingIsAnEmptyField() {
        let sol = MarsWeatherFixtures.raw(temperature: SensorSummary(average: .nan, minimum: -.infinity, maximum: 1e300, sampleCount: 3))
        let fields = Self.fields(MarsWeatherTabSeparatedRenderer.line(sol, units: .imperial))
        #expect(fields.count == 10)
        #expect(fields[3...5].allSatisfy { $0.isEmpty }, "\(fields)")
    }

    @Test func aCuriositySolIsTheTablesColumnsAsREMSGaveThem() throws {
        let sol = try #require(try CuriositySample.feed().latest)
        #expect(MarsWeatherTabSeparatedRenderer.line(sol, units: .metric)
            == "4801\t2026-02-07\t8\t221\t-67\t2\t-83\t12\t807\tModerate\t05:23\t17:34")
        #expect(MarsWeatherTabSeparatedRenderer.line(sol, units: .imperial)
            == "4801\t2026-02-07\t8\t221\t-89\t36\t-117\t54\t807\tModerate\t05:23\t17:34")
        #expect(MarsWeatherTabSeparatedRenderer.curiosityFieldNames(.imperial).count == 12)
    }

    @Test func aCuriositySolWithNothingMeasuredKeepsItsTwelveFields() throws {
        let empty = CuriositySol(sol: 880, earthDate: try #require(EarthDate("2015-01-27")))
        #expect(MarsWeatherTabSeparatedRenderer.line(empty, units: .metric) == "880\t2015-01-27" + String(repeating: "\t", count: 10))
    }
}
