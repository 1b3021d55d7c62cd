import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct CuriosityYearChartTests {
    static func sol(_ number: Int, low: Double, high: Double, pressure: Double) -> CuriositySol {
        CuriositySol(sol: number, earthDate: EarthDate(daysSince1970: 20_000 + number),
                     airTemperature: TemperatureExtremes(low: low, high: high), pressure: pressure)
    }

    @Test func gapsInTheDataStayEmptyColumnsAndAreNamed() {
        // Sols 1–10 and 21–30; 11–20 absent.
        let sols = (1...10).map { Self.sol($0, low: -80, high: 0, pressure: 700) } + (21...30).map { Self.sol($0, low: -60, high: 10, pressure: 900) }
        let lines = CuriosityYearChart(units: .metric, glyphs: .unicode, style: .plain).lines(sols, width: 38)
        let plot = lines.filter { $0.contains("|") }
        #expect(plot.count == 18)
        // One column per sol here: columns 10–19 (sols 11–20) are blank in every row.
        for row in plot {
            let cells = Array(row.split(separator: "|", maxSplits: 1)[1])
            #expect(cells.count <= 30)
            #expect(cells.count < 11 || cells[10..<min(20, cells.count)].allSatisfy { $0 == " " }, "\(row)")
        }
        #expect(lines.contains("Gaps: no data for sols 11–20."))
        // The top row of the temperature chart is the warmest: only the second stretch reaches it.
        let top = Array(plot[0].split(separator: "|", maxSplits: 1)[1])
        #expect(top.prefix(10).allSatisfy { $0 == " " } && top.suffix(10).allSatisfy { $0 == "█" })
    }

    @Test func theSampleYearShowsBothChartsWithinTheWidth() throws {
        let year = try CuriositySample.feed().lastMarsYear()
        let lines = CuriosityYearChart(units: .metric, glyphs: .unicode, style: .plain).lines(year, width: 80)
        #expect(lines[0].hasPrefix("Air temperature (°C), sols 4134–4801: mean daily low to high"))
        #expect(lines.contains { $0.hasPrefix("Air pressure (Pa)") })
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.contains { $0.hasPrefix("Gaps: no data for sols 4397–4403, 4416–4424") })
    }
}
