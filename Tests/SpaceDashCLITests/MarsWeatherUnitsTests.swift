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

    /// InSight's feed sends some floats with their binary noise (sol 679's highest
    /// wind: `19.409000000000002`); every output shows NASA's three decimals.
    @Test func theFeedsFloatNoiseIsNotShownInEitherUnits() {
        let wind = SensorSummary(average: 5.565, minimum: 0.16399999999999998, maximum: 19.409000000000002, sampleCount: 2)
        #expect(MarsWeatherUnits.metric.speed(wind) == SensorSummary(average: 5.565, minimum: 0.164, maximum: 19.409, sampleCount: 2))
        #expect(TabSeparated.number(MarsWeatherUnits.metric.speed(wind)?.maximum) == "19.409")
        let pressure = SensorSummary(average: 750.5630000000001, minimum: 720, maximum: 800, sampleCount: 1)
        #expect(MarsWeatherUnits.imperial.pressure(pressure)?.average == 750.563, "pascals either way, without the noise")
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

@Suite struct MarsWeatherCalendarTests {
    @Test(arguments: [0.0, -1, 951_782_400, 1_603_132_340.25, 4_102_444_800, -2_208_988_800, 1_709_164_800])
    func civilFieldsMatchFoundationsCalendar(seconds: Double) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: seconds)
        let expected = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let civil = MarsWeatherFormat.civil(date)
        let actual: [Int] = [civil.year, civil.month, civil.day, civil.hour, civil.minute, civil.second]
        let wanted: [Int] = [expected.year!, expected.month!, expected.day!, expected.hour!, expected.minute!, expected.second!]
        #expect(actual == wanted)
    }

    @Test func oneDecimalRounding() {
        #expect(MarsWeatherFormat.value(-15.908) == "-15.9")
        #expect(MarsWeatherFormat.value(0.05) == "0.1")
        #expect(MarsWeatherFormat.value(-0.04) == "0.0")
        #expect(MarsWeatherFormat.value(768.791) == "768.8")
        #expect(MarsWeatherFormat.value(-9.055) == "-9.1")
    }

    // MARK: Values no sensor gives (issue 8)

    @Test func summariesThatAreNotFiniteAreNotShown() {
        let hot = SensorSummary(average: -60, minimum: -90, maximum: 1e308, sampleCount: 3)
        #expect(MarsWeatherUnits.metric.temperature(hot) == hot, "finite in °C")
        #expect(MarsWeatherUnits.imperial.temperature(hot) == nil, "infinite in °F")
        #expect(MarsWeatherUnits.imperial.speed(SensorSummary(average: 1e307, minimum: 0, maximum: 1e308, sampleCount: 3)) == nil)
        #expect(MarsWeatherUnits.metric.pressure(SensorSummary(average: .nan, minimum: 0, maximum: 1, sampleCount: 3)) == nil)
        #expect(MarsWeatherUnits.metric.pressure(nil) == nil)
    }

    @Test func aValueTooLargeToPrintWholeIsAQuestionMark() {
        #expect(MarsWeatherFormat.value(1e300) == "?")
        #expect(MarsWeatherFormat.value(-.infinity) == "?")
        #expect(MarsWeatherFormat.value(123_456_789.04) == "123456789.0")
    }

    // A cache header may hold any saved-ms an Int64 can; Int(_:) of ms since 1970 trapped near its end.
    @Test(arguments: [Double(Int64.max) / 1000, Double(Int64.min) / 1000, 1e300, -.infinity, .nan])
    func datesFarOutsideAnyFeedFormatWithoutATrap(seconds: Double) {
        let text = MarsWeatherFormat.iso8601(Date(timeIntervalSince1970: seconds))
        #expect(text.hasSuffix("Z"))
        #expect(!MarsWeatherFormat.minute(Date(timeIntervalSince1970: seconds)).isEmpty)
    }
}
