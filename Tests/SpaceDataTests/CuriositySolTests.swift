import Testing
@testable import SpaceData

@Suite struct CuriositySolTests {
    @Test func earthDatesParseOnlyRealCalendarDates() {
        #expect(EarthDate("2026-02-07")?.description == "2026-02-07")
        #expect(EarthDate("2024-02-29") != nil)
        #expect(EarthDate("2026-02-29") == nil)
        #expect(EarthDate("2026-13-01") == nil)
        #expect(EarthDate("2026-2-7") == nil)
        #expect(EarthDate("--") == nil)
    }

    @Test func earthDatesCountDaysBothWays() {
        let landing = EarthDate(year: 2012, month: 8, day: 6)!
        #expect(landing.daysSince1970 == 15_558)
        #expect(EarthDate(daysSince1970: 15_558) == landing)
        #expect(EarthDate(daysSince1970: 0).description == "1970-01-01")
        #expect(EarthDate(secondsSince1970: 1_770_422_399).description == "2026-02-06")
        #expect(EarthDate(secondsSince1970: 1_770_422_400).description == "2026-02-07")
        #expect(EarthDate("2026-02-07")!.daysSince1970 - EarthDate("2026-01-31")!.daysSince1970 == 7)
    }

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
