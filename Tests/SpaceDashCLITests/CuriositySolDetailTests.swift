import Testing
import SpaceData
import Terminal
@testable import SpaceDashCLI

@Suite struct CuriositySolDetailTests {
    @Test func namesStationSiteSolAndDateAndASeasonWithItsHemisphere() throws {
        let sol = try #require(try CuriositySample.feed().sol(4801))
        let lines = CuriositySolDetail(units: .metric, glyphs: .unicode, style: .plain).lines(sol)
        #expect(lines == [
            "Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07",
            "Season       Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)",
            "Air          low -67 °C   high 2 °C",
            "Ground       low -83 °C   high 12 °C",
            "Pressure     807 Pa",
            "UV index     Moderate",
            "Sun          rises 05:23, sets 17:34 (local Mars time)",
            "",
            CuriosityWeatherText.noWindOrHumidity,
        ])
    }

    @Test func aSolWithNothingMeasuredSaysSo() {
        let sol = CuriositySol(sol: 880, earthDate: EarthDate("2015-01-27")!, solarLongitude: 279, marsMonth: 10, sunrise: MarsLocalTime("06:14"))
        let lines = CuriositySolDetail(units: .metric, glyphs: .ascii, style: .plain).lines(sol)
        #expect(lines.contains("Air          -  (not measured this sol)"))
        #expect(lines.contains("REMS published no measurement for sol 880."))
        #expect(lines[1] == "Season       Mars month 10 | Ls 279 | southern summer (Gale crater is at 4.6 S)")
    }

    @Test func aNarrowScreenWrapsEachLineAndAValueContinuesUnderItself() throws {
        let sol = try #require(try CuriositySample.feed().sol(4801))
        let lines = CuriositySolDetail(units: .metric, glyphs: .unicode, style: .plain).lines(sol, width: 40)
        for line in lines { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        let season = try #require(lines.firstIndex { $0.hasPrefix("Season       Mars month 8") })
        #expect(lines[season + 1].hasPrefix(String(repeating: " ", count: 13)) && !lines[season + 1].hasPrefix(String(repeating: " ", count: 14)))
        let air = try #require(lines.firstIndex { $0 == "Air          low -67 °C   high 2 °C" }, "a value that fits is left as it is")
        #expect(lines[season..<air].joined(separator: " ").split(separator: " ").joined(separator: " ")
                == "Season Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)")
        #expect(lines.joined(separator: " ").contains("(REMS's wind sensor was damaged at"))
    }
}
