import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct SolDetailTests {
    let detail = SolDetail(units: .metric, glyphs: .unicode, style: .plain, roseWidth: 16)

    @Test func detailNamesEverySensorAndSeason() {
        let lines = detail.lines(MarsWeatherFixtures.sample.sols[3])
        #expect(lines[0] == "Sol 678  2020-10-22 20:31 UTC – 2020-10-23 21:10 UTC")
        #expect(lines[1] == "Season       fall (northern hemisphere), Mars month 11")
        #expect(lines[2] == "             north: mid winter, south: mid summer")
        #expect(lines[3] == "Temperature  low -97.7 °C   average -62.6 °C   high -9.1 °C   (177,556 samples)")
        #expect(lines[6] == "Wind from    WNW (292.5°, 26,617 samples)")
    }

    @Test func roseListsAllSixteenDirectionsScaledToTheLargest() {
        let lines = detail.lines(MarsWeatherFixtures.noPressure)
        let rose = Array(lines.drop { !$0.hasPrefix("Wind rose") }.dropFirst())
        #expect(rose.count == 16)
        #expect(rose[0].hasPrefix("  N   ") && rose[0].hasSuffix("  0"))
        #expect(rose[10] == "  SW  " + String(repeating: "█", count: 16) + "  900 <")
        #expect(rose[2].hasPrefix("  NE  █▊ "))
        #expect(rose[2].hasSuffix("100"))
    }

    @Test func missingSensorsAndRoseAreSaidNotZeroed() {
        let lines = detail.lines(MarsWeatherFixtures.pressureOnly)
        #expect(lines.contains("Temperature  —  (no valid data this sol)"))
        #expect(lines.contains("Wind speed   —  (no valid data this sol)"))
        #expect(lines.contains("Wind from    —"))
        #expect(lines.last == "  —  no wind direction data this sol")
    }
}
