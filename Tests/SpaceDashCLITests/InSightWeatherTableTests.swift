import Foundation
import Terminal
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

@Suite struct InSightWeatherTableTests {
    let metric = InSightWeatherTable(units: .metric, glyphs: .unicode, style: .plain)

    @Test func sampleRendersAHeaderAndOneRowPerSol() {
        let lines = metric.lines(MarsWeatherFixtures.sample.sols)
        #expect(lines.count == 8)
        #expect(lines[0] == "Sol  Earth date  Season  Low °C  Avg °C  High °C  Pressure Pa  Wind m/s  Gust m/s  Wind from")
        #expect(lines[1] == "675  2020-10-19  winter   -96.9   -62.3    -15.9        750.6       7.2      22.5  WNW")
        #expect(lines[7].hasPrefix("681  2020-10-25  winter   -95.4   -62.4     -4.4        743.5"))
    }

    @Test func missingSensorsShowADashNeverZero() {
        let lines = metric.lines([MarsWeatherFixtures.pressureOnly, MarsWeatherFixtures.noPressure])
        let pressureOnly = lines[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(pressureOnly == ["751", "2021-01-07", "winter", "—", "—", "—", "714.6", "—", "—", "—"])
        let noPressure = lines[2].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(noPressure == ["755", "2021-01-07", "winter", "-94.8", "-56.2", "-7.5", "—", "4.1", "13.1", "SW"])
        #expect(!lines.joined().contains(" 0.0"))
    }

    @Test func imperialConvertsTemperatureAndWindButNotPressure() {
        let table = InSightWeatherTable(units: .imperial, glyphs: .unicode, style: .plain)
        let lines = table.lines([MarsWeatherFixtures.sample.sols[0]])
        #expect(lines[0].contains("Low °F") && lines[0].contains("Wind mph") && lines[0].contains("Pressure Pa"))
        let cells = lines[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(cells == ["675", "2020-10-19", "winter", "-142.4", "-80.2", "3.4", "750.6", "16.2", "50.2", "WNW"])
    }

    @Test func asciiGlyphsOutsideAUTF8Locale() {
        let table = InSightWeatherTable(units: .metric, glyphs: .ascii, style: .plain)
        let text = table.lines([MarsWeatherFixtures.pressureOnly]).joined(separator: "\n")
        #expect(text.contains("Low C"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains(" - "))
    }

    @Test func textFromTheAPIIsSanitized() {
        var sol = MarsWeatherFixtures.noPressure
        sol.season = "\u{1B}]0;pwned\u{07}winter\u{1B}[2J"
        sol.wind?.mostCommon?.point = "S\u{9B}W"
        let text = metric.lines([sol]).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("winter"))
    }

    @Test func headerIsBoldOnlyWithColour() {
        let coloured = InSightWeatherTable(units: .metric, glyphs: .unicode, style: .colour)
        #expect(coloured.lines([])[0].hasPrefix("\u{1B}[1mSol"))
        #expect(!metric.lines([])[0].contains("\u{1B}"))
    }

    @Test(arguments: [60, 40])
    func aNarrowTerminalLosesWholeColumnsNeverPartsOfNumbers(width: Int) {
        let lines = metric.lines(MarsWeatherFixtures.sample.sols, width: width)
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
        let header = lines[0].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let row = lines[1].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if width == 60 {
            #expect(header == "Sol Earth date Low °C High °C Pressure Pa Wind m/s")
            #expect(row == ["675", "2020-10-19", "-96.9", "-15.9", "750.6", "7.2"])
        } else {
            #expect(header == "Sol Low °C High °C Pressure Pa")
            #expect(row == ["675", "-96.9", "-15.9", "750.6"])
        }
    }

    @Test func noLimitOrAWideTerminalKeepsEveryColumn() {
        let natural = metric.lines(MarsWeatherFixtures.sample.sols)
        #expect(metric.lines(MarsWeatherFixtures.sample.sols, width: nil) == natural)
        #expect(metric.lines(MarsWeatherFixtures.sample.sols, width: 120) == natural)
        // Sol, low and high stay however narrow: overflowing beats cutting a number.
        let tiny = metric.lines(MarsWeatherFixtures.sample.sols, width: 10)
        #expect(tiny[1].split(separator: " ", omittingEmptySubsequences: true) == ["675", "-96.9", "-15.9"])
    }

    // MARK: Readings no sensor gives (issue 8)

    /// The cells of a plain table row.
    private func cells(_ line: String) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }

    @Test(arguments: MarsWeatherUnits.allCases)
    func impossibleReadingsFromTheFeedShowAsADash(units: MarsWeatherUnits) throws {
        let lines = InSightWeatherTable(units: units, glyphs: .unicode, style: .plain).lines(try MarsWeatherFixtures.hostile().sols)
        #expect(lines.count == 6)
        #expect(cells(lines[1]).last == "—", "677: no direction can be told")
        #expect(cells(lines[2]).last == "—", "678: an unknown point at an impossible angle")
        #expect(Array(cells(lines[3])[3...5]) == ["—", "—", "—"], "679: temperatures spanning Double's range")
        #expect(Array(cells(lines[4])[3...5]) == ["—", "—", "—"], "680: a high of 1e308")
        #expect(Array(cells(lines[4])[7...8]) == ["—", "—"], "680: a wind of 1e300 m/s")
        #expect(cells(lines[5]).last == "W")
        #expect(lines.dropFirst().allSatisfy { cells($0)[6] == "743.6" }, "pressure still shows on every row")
        #expect(!lines.joined().contains("?"))
    }

    @Test func valuesThatAreNotFiniteShowAsADashEvenWhenMadeInCode() {
        let table = InSightWeatherTable(units: .imperial, glyphs: .unicode, style: .plain)
        let lines = table.lines([
            MarsWeatherFixtures.raw(temperature: MarsWeatherFixtures.temperature(-90, -60, 1e308)),
            MarsWeatherFixtures.raw(temperature: MarsWeatherFixtures.temperature(.nan, -60, -10), pressure: SensorSummary(average: .infinity, minimum: 0, maximum: 1, sampleCount: 1)),
        ])
        #expect(Array(cells(lines[1])[3...5]) == ["—", "—", "—"], "1e308 °C is infinite in °F")
        #expect(Array(cells(lines[2])[3...6]) == ["—", "—", "—", "—"])
    }
}
