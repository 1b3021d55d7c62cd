import Foundation
import Terminal
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct TemperatureChartTests {
    let chart = TemperatureChart(units: .metric, glyphs: .unicode, style: .plain, barWidth: 8)

    @Test func barsAreMeasuredInEighthsOfACell() {
        #expect(chart.bar(from: 0, to: 1) == "████████")
        #expect(chart.bar(from: 0, to: 0.5) == "████    ")
        #expect(chart.bar(from: 0, to: 3.0 / 64) == "▍       ")
        #expect(chart.bar(from: 4.0 / 64, to: 16.0 / 64) == "▐█      ")
        #expect(chart.bar(from: 0.5, to: 0.5) == "    ▏   ", "an empty range still shows")
    }

    @Test func everySolGetsALineOnASharedScale() {
        let sols = MarsWeatherFixtures.sample.sols
        let lines = TemperatureChart(units: .metric, glyphs: .unicode, style: .plain).lines(sols)
        #expect(lines.count == 2 + sols.count)
        #expect(lines[0] == "Temperature range (°C)")
        #expect(lines[1].trimmingCharacters(in: .whitespaces).hasPrefix("-100"))
        #expect(lines[1].hasSuffix(" 0"))
        #expect(lines[2].hasPrefix("675  "))
        #expect(lines[2].hasSuffix("-96.9 –  -15.9   avg  -62.3"))
        // The warmest sol (681, high -4.4) reaches furthest right.
        let reach = lines.dropFirst(2).map { $0.prefix(5 + 40).trimmingCharacters(in: .whitespaces).count }
        #expect(reach.max() == reach.last)
    }

    @Test func solWithoutTemperatureSaysSo() {
        let lines = chart.lines([MarsWeatherFixtures.noPressure, MarsWeatherFixtures.pressureOnly])
        #expect(lines.last?.contains("no temperature data") == true)
        #expect(lines.last?.contains("—") == true)
    }

    @Test func noTemperatureAtAllDrawsNothing() {
        #expect(chart.lines([MarsWeatherFixtures.pressureOnly]).isEmpty)
    }

    @Test func asciiChartIsPlainASCII() {
        let ascii = TemperatureChart(units: .imperial, glyphs: .ascii, style: .plain)
        let text = ascii.lines(MarsWeatherFixtures.sample.sols).joined(separator: "\n")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("(F)") && text.contains("#"))
    }

    @Test(arguments: [60, 40, 25])
    func aNarrowTerminalNarrowsTheBarThenDropsNumbersWhole(width: Int) {
        let sols = MarsWeatherFixtures.sample.sols
        let lines = TemperatureChart.fitting(width, sols: sols, units: .metric, glyphs: .unicode, style: .plain).lines(sols)
        #expect(lines.count == 2 + sols.count)
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(lines)")
        switch width {
        case 60: #expect(lines[2].hasSuffix("-96.9 –  -15.9   avg  -62.3"))
        case 40:
            #expect(lines[2].hasSuffix("-96.9 –  -15.9"))
            #expect(!lines[2].contains("avg"))
        default: #expect(!lines[2].contains("-96.9"), "no room for numbers: none at all, rather than a cut one")
        }
    }

    @Test func noWidthIsTheNaturalChart() {
        let sols = MarsWeatherFixtures.sample.sols
        #expect(TemperatureChart.fitting(nil, sols: sols, units: .metric, glyphs: .unicode, style: .plain).lines(sols)
                == TemperatureChart(units: .metric, glyphs: .unicode, style: .plain).lines(sols))
    }
}
