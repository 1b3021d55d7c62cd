import Foundation
import Terminal
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct InSightTemperatureChartTests {
    let chart = InSightTemperatureChart(units: .metric, glyphs: .unicode, style: .plain, barWidth: 8)

    @Test func barsAreMeasuredInEighthsOfACell() {
        #expect(chart.bar(from: 0, to: 1) == "████████")
        #expect(chart.bar(from: 0, to: 0.5) == "████    ")
        #expect(chart.bar(from: 0, to: 3.0 / 64) == "▍       ")
        #expect(chart.bar(from: 4.0 / 64, to: 16.0 / 64) == "▐█      ")
        #expect(chart.bar(from: 0.5, to: 0.5) == "    ▏   ", "an empty range still shows")
    }

    @Test func everySolGetsALineOnASharedScale() {
        let sols = MarsWeatherFixtures.sample.sols
        let lines = InSightTemperatureChart(units: .metric, glyphs: .unicode, style: .plain).lines(sols)
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
        let ascii = InSightTemperatureChart(units: .imperial, glyphs: .ascii, style: .plain)
        let text = ascii.lines(MarsWeatherFixtures.sample.sols).joined(separator: "\n")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("(F)") && text.contains("#"))
    }

    @Test(arguments: [60, 40, 25])
    func aNarrowTerminalNarrowsTheBarThenDropsNumbersWhole(width: Int) {
        let sols = MarsWeatherFixtures.sample.sols
        let lines = InSightTemperatureChart.fitting(width, sols: sols, units: .metric, glyphs: .unicode, style: .plain).lines(sols)
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
        #expect(InSightTemperatureChart.fitting(nil, sols: sols, units: .metric, glyphs: .unicode, style: .plain).lines(sols)
                == InSightTemperatureChart(units: .metric, glyphs: .unicode, style: .plain).lines(sols))
    }

    // MARK: Readings no sensor gives (issue 8)

    // Regression (audit): AT from -1.7e308 to 1.7e308 trapped in `bar` ("Double value
    // cannot be converted to Int because it is either infinite or NaN"), and so did
    // a high of 1e308 in °F; both now come out of the decoder as missing.
    @Test(arguments: MarsWeatherUnits.allCases)
    func impossibleTemperaturesFromTheFeedAreNoTemperatureData(units: MarsWeatherUnits) throws {
        let sols = try MarsWeatherFixtures.hostile().sols
        let lines = InSightTemperatureChart.fitting(80, sols: sols, units: units, glyphs: .unicode, style: .plain).lines(sols)
        #expect(lines.count == 2 + 5)
        #expect(lines[4].hasPrefix("679  —") && lines[4].hasSuffix("no temperature data"))
        #expect(lines[5].hasPrefix("680  —") && lines[5].hasSuffix("no temperature data"))
        #expect(lines[2].contains("█"), "the plausible sols are drawn as before")
        #expect(lines.allSatisfy { $0.displayWidth <= 80 })
        #expect(!lines.joined().contains("?"))
    }

    /// Drawn sols made in code, bypassing the decoder: the chart's own guards.
    @Test(arguments: [
        (MarsWeatherUnits.metric, -1.7e308, 0.0, 1.7e308), (.metric, -Double.greatestFiniteMagnitude, 0, .greatestFiniteMagnitude),
        (.imperial, -90, -60, 1e308), (.metric, -90, .nan, -10), (.metric, -.infinity, -60, -10), (.imperial, -1e300, -60, -10),
    ])
    func theChartNeverTrapsOnValuesMadeInCode(units: MarsWeatherUnits, low: Double, average: Double, high: Double) {
        let sols = [MarsWeatherFixtures.raw(699, temperature: MarsWeatherFixtures.temperature(-90, -60, -10)),
                    MarsWeatherFixtures.raw(700, temperature: MarsWeatherFixtures.temperature(low, average, high))]
        let lines = InSightTemperatureChart(units: units, glyphs: .unicode, style: .plain, barWidth: 16).lines(sols)
        #expect(lines.count == 4)
        let converted = units.temperature(sols[1].temperature)
        if converted == nil {
            #expect(lines[3].hasSuffix("no temperature data"), "a value that is not finite is missing: \(lines)")
        } else {
            #expect(lines.dropFirst(2).allSatisfy { $0.contains("█") || $0.contains("▏") || $0.contains("▕") }, "\(lines)")
        }
    }

    @Test func aBarClampsFractionsThatAreNotFinite() {
        #expect(chart.bar(from: .nan, to: .infinity) == "████████")
        #expect(chart.bar(from: -.infinity, to: .nan) == "▏       ")
        #expect(chart.bar(from: -1e300, to: 1e300) == "████████")
        #expect(chart.bar(from: 1, to: 1) == "       ▕", "a range at the very end still shows")
    }
}
