import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchPeriodTests {
    private func period(_ precision: String?, _ net: String) -> LaunchPeriod? {
        LaunchPeriod(precision: precision, net: LaunchLibraryDate.date(from: net))
    }

    private func utc(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    /// Launch Library's names and abbreviations, with the NET on the span's last
    /// day as it puts a coarse NET (the captures' "Month" records: 2024-10-31).
    @Test func launchLibrarysNamesAndAbbreviationsName() {
        #expect(period("Quarter 4", "2026-12-31T00:00:00Z")?.label == "Q4 2026")
        #expect(period("Q4", "2026-12-31T00:00:00Z")?.label == "Q4 2026")
        #expect(period("Quarter 1", "2027-03-31T00:00:00Z")?.label == "Q1 2027")
        #expect(period("Half 2", "2026-12-31T00:00:00Z")?.label == "H2 2026")
        #expect(period("H1", "2027-06-30T00:00:00Z")?.label == "H1 2027")
        #expect(period("Year", "2027-12-31T00:00:00Z")?.label == "2027")
        #expect(period("Y", "2027-12-31T00:00:00Z")?.label == "2027")
        #expect(period("Decade", "2039-12-31T00:00:00Z")?.label == "2030s")
    }

    @Test func finerPrecisionsAreNoSpan() {
        for precision in ["Second", "Minute", "Hour", "Morning", "Day", "Week", "Month", "M", "Quarter 5", "Half 3", ""] {
            #expect(period(precision, "2026-12-31T00:00:00Z") == nil, "\(precision)")
        }
        #expect(period(nil, "2026-12-31T00:00:00Z") == nil)
        #expect(LaunchPeriod(precision: "Year", net: nil) == nil)
    }

    /// The new user's file put a bare "Quarter" on the quarter's first day: the
    /// NET's month says which quarter, whichever end of the span the NET is on.
    @Test func aBareQuarterOrHalfTakesItsNumberFromTheMonth() {
        #expect(period("Quarter", "2026-10-01T00:00:00Z")?.label == "Q4 2026")
        #expect(period("Quarter", "2026-12-31T00:00:00Z")?.label == "Q4 2026")
        #expect(period("Half", "2026-07-01T00:00:00Z")?.label == "H2 2026")
        #expect(period("Half", "2026-06-30T00:00:00Z")?.label == "H1 2026")
    }

    /// FY2027 of the US government is October 2026 to September 2027: a NET on its
    /// last day (Launch Library's way) or its first reads FY2027.
    @Test func aFiscalYearIsTheUSGovernmentsFromOctoberToSeptember() throws {
        let end = try #require(period("Fiscal Year", "2027-09-30T00:00:00Z"))
        #expect(end.label == "FY2027")
        #expect(end.start == utc("2026-10-01T00:00:00Z"))
        #expect(end.end == utc("2027-10-01T00:00:00Z"))
        #expect(period("FY", "2026-10-01T00:00:00Z")?.label == "FY2027")
        #expect(period("Fiscal Year", "2026-12-31T00:00:00Z")?.label == "FY2027")
        #expect(period("Fiscal Year", "2026-09-30T00:00:00Z")?.label == "FY2026")
    }

    @Test func aSpanRunsFromItsFirstMomentToTheNextSpans() throws {
        let quarter = try #require(period("Quarter 4", "2026-12-31T00:00:00Z"))
        #expect(quarter.start == utc("2026-10-01T00:00:00Z"))
        #expect(quarter.end == utc("2027-01-01T00:00:00Z"))
        let half = try #require(period("Half 1", "2027-06-30T00:00:00Z"))
        #expect(half.start == utc("2027-01-01T00:00:00Z"))
        #expect(half.end == utc("2027-07-01T00:00:00Z"))
        let year = try #require(period("Year", "2027-12-31T00:00:00Z"))
        #expect(year.start == utc("2027-01-01T00:00:00Z"))
        #expect(year.end == utc("2028-01-01T00:00:00Z"))
    }

    @Test func aLaunchNamesItsSpan() {
        let launch = Launch(id: "s", name: "Starship | Flight 13", net: utc("2027-12-31T00:00:00Z"), netPrecision: "Year")
        #expect(launch.netPeriod?.label == "2027")
        #expect(LaunchPeriod.isCoarse("Fiscal Year"))
        #expect(!LaunchPeriod.isCoarse("Month"))
    }
}
