import Testing
@testable import SpaceData

@Suite struct CuriositySolTests {
    @Test func localTimesKeepTheFeedsPrecision() {
        #expect(MarsLocalTime("05:23")?.description == "05:23")
        #expect(MarsLocalTime("06:13:15") == MarsLocalTime(hour: 6, minute: 13, second: 15))
        #expect(MarsLocalTime("24:00") == nil)
        #expect(MarsLocalTime("5:23") == nil)
    }

    @Test func sunriseAndLsAloneAreNotAMeasurement() {
        let date = EarthDate("2015-01-27")!
        var sol = CuriositySol(sol: 880, earthDate: date, solarLongitude: 279, marsMonth: 10, sunrise: MarsLocalTime("06:14"))
        #expect(!sol.hasMeasurement)
        sol.uvIndex = .low
        #expect(sol.hasMeasurement)
        #expect(CuriositySol(sol: 3227, earthDate: date, groundTemperature: TemperatureExtremes(high: 3)).hasMeasurement)
    }
}
