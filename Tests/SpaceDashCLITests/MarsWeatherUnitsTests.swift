import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct MarsWeatherUnitsTests {
    @Test func conversions() {
        #expect(MarsWeatherUnits.imperial.temperature(0) == 32)
        #expect(MarsWeatherUnits.imperial.temperature(-40) == -40)
        #expect(MarsWeatherUnits.metric.temperature(-62.3) == -62.3)
        #expect(abs(MarsWeatherUnits.imperial.speed(10) - 22.369362920544) < 1e-9)
        let summary = SensorSummary(average: -62.314, minimum: -96.872, maximum: -15.908, sampleCount: 3)
        #expect(MarsWeatherUnits.imperial.temperature(summary) == SensorSummary(average: -80.165, minimum: -142.37, maximum: 3.366, sampleCount: 3))
        #expect(MarsWeatherUnits.imperial.temperature(nil) == nil)
        #expect(MarsWeatherUnits.imperial.speedSymbol == "mph" && MarsWeatherUnits.metric.temperatureSymbol == "°C")
    }

    @Test func formatting() {
        #expect(MarsWeatherFormat.value(-62.314) == "-62.3")
        #expect(MarsWeatherFormat.value(-0.04) == "0.0")
        #expect(MarsWeatherFormat.count(887776) == "887,776")
        #expect(MarsWeatherFormat.count(12) == "12")
        #expect(MarsWeatherFormat.count(1000) == "1,000")
        let date = Date(timeIntervalSince1970: 1_603_132_340)
        #expect(MarsWeatherFormat.iso8601(date) == "2020-10-19T18:32:20Z")
        #expect(MarsWeatherFormat.iso8601(date.addingTimeInterval(0.25)) == "2020-10-19T18:32:20.250Z")
        #expect(MarsWeatherFormat.minute(date) == "2020-10-19 18:32 UTC")
    }
}
