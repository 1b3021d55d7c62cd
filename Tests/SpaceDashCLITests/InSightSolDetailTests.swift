import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct InSightSolDetailTests {
    let detail = InSightSolDetail(units: .metric, glyphs: .unicode, style: .plain, roseWidth: 16)

    @Test func detailNamesEverySensorAndSeason() {
        let lines = detail.lines(MarsWeatherFixtures.sample.sols[3])
        #expect(lines[0] == "Sol 678  2020-10-22 20:31 UTC – 2020-10-23 21:10 UTC")
        // Issue 27 item 3: the season every view shows (the north's at the sol's noon),
        // then the south's, and the feed's own label where it names another season.
        #expect(lines[1] == "Season       winter in the north, where InSight is (4.5° N): Ls 301°, Mars month 11")
        #expect(lines[2] == "             south: summer")
        #expect(lines[3] == "             NASA's feed says fall")
        #expect(lines[4] == "Temperature  low -97.7 °C   average -62.6 °C   high -9.1 °C   (177,556 samples)")
        #expect(lines[7] == "Wind from    WNW (292.5°, 26,617 samples)")
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

    // MARK: Readings no sensor gives (issue 8)

    // Regression (audit): `mars-weather --sol 681` trapped in `String(Int(value))` on 1e300 degrees.
    @Test func anImpossibleAngleFromTheFeedShowsThePointsAngle() throws {
        let sols = try MarsWeatherFixtures.hostile().sols
        let lines = detail.lines(try #require(sols.last))
        #expect(lines[0].hasPrefix("Sol 681"))
        #expect(lines.contains("Wind from    W (270°, 5 samples)"))
        #expect(detail.lines(sols[0]).contains("Wind from    —"))
        let imperial = InSightSolDetail(units: .imperial, glyphs: .ascii, style: .plain).lines(sols[3])
        #expect(imperial.contains("Temperature  -  (no valid data this sol)"), "\(imperial)")
        #expect(imperial.contains("Wind speed   -  (no valid data this sol)"))
    }

    @Test(arguments: [1e300, -1e300, Double.nan, .infinity, -.infinity, 9.3e18, 359.5, 270])
    func anyAngleMadeInCodeIsShownWithoutATrap(degrees: Double) {
        let most = WindSector(index: 12, point: "W", degrees: degrees, sampleCount: 5)
        let sol = MarsWeatherFixtures.raw(temperature: nil, wind: WindRose(sectors: [most], mostCommon: most))
        let line = detail.lines(sol).first { $0.hasPrefix("Wind from") }
        switch degrees {
        case 270: #expect(line == "Wind from    W (270°, 5 samples)")
        case 359.5: #expect(line == "Wind from    W (359.5°, 5 samples)")
        default: #expect(line == "Wind from    W (?°, 5 samples)", "not a number anyone can use")
        }
    }

    @Test func impossibleValuesMadeInCodeAreMissing() {
        let sol = MarsWeatherFixtures.raw(temperature: MarsWeatherFixtures.temperature(-90, -60, 1e308),
                                          pressure: SensorSummary(average: .nan, minimum: 1, maximum: 2, sampleCount: 1))
        let lines = InSightSolDetail(units: .imperial, glyphs: .unicode, style: .plain).lines(sol)
        #expect(lines.contains("Temperature  —  (no valid data this sol)"))
        #expect(lines.contains("Pressure     —  (no valid data this sol)"))
    }
}
