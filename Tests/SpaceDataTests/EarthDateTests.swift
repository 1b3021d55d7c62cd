import Foundation
import Testing
@testable import SpaceData

@Suite struct EarthDateTests {
    @Test func parsesOnlyRealCalendarDates() {
        #expect(EarthDate("2026-02-07")?.description == "2026-02-07")
        #expect(EarthDate("2024-02-29") != nil)
        #expect(EarthDate("2026-02-29") == nil)
        #expect(EarthDate("2026-13-01") == nil)
        #expect(EarthDate("2026-2-7") == nil)
        #expect(EarthDate("--") == nil)
    }

    @Test func countsDaysBothWays() {
        let landing = EarthDate(year: 2012, month: 8, day: 6)!
        #expect(landing.daysSince1970 == 15_558)
        #expect(EarthDate(daysSince1970: 15_558) == landing)
        #expect(EarthDate(daysSince1970: 0).description == "1970-01-01")
        #expect(EarthDate(secondsSince1970: 1_770_422_399).description == "2026-02-06")
        #expect(EarthDate(secondsSince1970: 1_770_422_400).description == "2026-02-07")
        #expect(EarthDate("2026-02-07")!.daysSince1970 - EarthDate("2026-01-31")!.daysSince1970 == 7)
    }

    /// The arithmetic every date reader and writer calls, checked against Foundation's
    /// Gregorian calendar from 1583 (its first whole Gregorian year) to 9999.
    @Test func theCivilArithmeticAgreesWithFoundationsGregorianCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        var days = EarthDate.days(year: 1583, month: 1, day: 1)
        let last = EarthDate.days(year: 9999, month: 12, day: 31)
        while days <= last {
            let civil = EarthDate.civil(fromDays: days)
            let fields = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect([civil.year, civil.month, civil.day] == [fields.year, fields.month, fields.day], "day \(days)")
            #expect(EarthDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
            days += 997  // a prime: every month and weekday, leap days and century years among them
        }
        #expect(EarthDate.civil(fromDays: EarthDate.days(year: 2000, month: 2, day: 29)) == (2000, 2, 29))
        #expect(EarthDate.civil(fromDays: EarthDate.days(year: 1900, month: 2, day: 29)) == (1900, 3, 1), "1900 was no leap year")
    }

    @Test func daysBeforeTheCommonEraAndPastTheFourHundredYearCycleRoundTrip() {
        for days in [-719_469, -719_468, -146_097, -1, 0, 146_096, 146_097, 2_932_896, 1_157_407_407, -1_157_407_407] {
            let civil = EarthDate.civil(fromDays: days)
            #expect(EarthDate.days(year: civil.year, month: civil.month, day: civil.day) == days)
            #expect((1...12).contains(civil.month) && (1...EarthDate.daysIn(month: civil.month, year: civil.year)).contains(civil.day))
        }
        #expect(EarthDate.civil(fromDays: -719_468) == (0, 3, 1), "the start of Hinnant's era 0")
    }
}
