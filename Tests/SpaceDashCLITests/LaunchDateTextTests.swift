import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchDateTextTests {
    static let now = LaunchLibraryDate.date(from: "2026-11-21T06:00:00Z")!

    private func launch(_ net: String?, precision: String? = "Minute") -> Launch {
        Launch(id: "x", name: "X", net: net.flatMap(LaunchLibraryDate.date(from:)), netPrecision: precision)
    }

    @Test func datesReadInTheChosenZoneWithItsName() {
        let utc = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now)
        #expect(utc.date(of: launch("2026-12-01T20:25:00Z")) == "2026-12-01 20:25 UTC")
        let paris = LaunchDateText(timeZone: TimeZone(identifier: "Europe/Paris")!, now: Self.now)
        #expect(paris.date(of: launch("2026-12-01T20:25:00Z")) == "2026-12-01 21:25 CET")
        let newYork = LaunchDateText(timeZone: TimeZone(identifier: "America/New_York")!, now: Self.now)
        #expect(newYork.date(of: launch("2026-12-02T03:10:00Z")) == "2026-12-01 22:10 EST")
    }

    @Test func coarsePrecisionsShowNoTime() {
        let tokyo = LaunchDateText(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: Self.now)
        #expect(tokyo.date(of: launch("2027-03-01T00:00:00Z", precision: "Month")) == "2027-03")
        #expect(tokyo.date(of: launch("2027-01-14T00:00:00Z", precision: "Day")) == "2027-01-14")
        #expect(tokyo.date(of: launch(nil)) == "date unknown")
    }

    /// Issue 27, item 1: a NET known to a quarter, a half, a year or a fiscal year
    /// is that span, never a month ("2026-10") or a day.
    @Test func aNETKnownToASpanIsThatSpanEverywhere() {
        let tokyo = LaunchDateText(timeZone: TimeZone(identifier: "Asia/Tokyo")!, now: Self.now)
        let spans = [("Quarter 4", "2026-12-31T00:00:00Z", "Q4 2026"), ("Half 2", "2026-12-31T00:00:00Z", "H2 2026"),
                     ("Year", "2027-12-31T00:00:00Z", "2027"), ("Fiscal Year", "2027-09-30T00:00:00Z", "FY2027"),
                     ("Quarter", "2027-01-14T00:00:00Z", "Q1 2027")]
        for (precision, net, shown) in spans {
            let launch = launch(net, precision: precision)
            #expect(tokyo.date(of: launch) == shown)
            #expect(tokyo.compactDate(of: launch) == shown)
            #expect(tokyo.compactDate(of: launch, withCountdown: false) == shown)
            #expect(tokyo.window(of: launch) == shown)
        }
    }

    /// No day count for a span: months to its start (a NET is the earliest), "this
    /// quarter" within it, years a year away or more.
    @Test func aSpansCountdownIsInMonths() {
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now)  // 2026-11-21
        #expect(dates.countdown(to: launch("2026-12-31T00:00:00Z", precision: "Quarter 4")) == "this quarter")
        #expect(dates.countdown(to: launch("2026-12-31T00:00:00Z", precision: "Half 2")) == "this half")
        #expect(dates.countdown(to: launch("2026-12-31T00:00:00Z", precision: "Year")) == "this year")
        #expect(dates.countdown(to: launch("2027-09-30T00:00:00Z", precision: "Fiscal Year")) == "this FY")
        #expect(dates.countdown(to: launch("2027-12-31T00:00:00Z", precision: "Year")) == "in ~1 mo")
        #expect(dates.countdown(to: launch("2027-06-30T00:00:00Z", precision: "Quarter 2")) == "in ~4 mo")
        #expect(dates.countdown(to: launch("2028-09-30T00:00:00Z", precision: "FY")) == "in ~10 mo")
        #expect(dates.countdown(to: launch("2029-12-31T00:00:00Z", precision: "Year")) == "in 2 years")
        #expect(dates.countdown(to: launch("2025-12-31T00:00:00Z", precision: "Year")) == "~11 mo ago")
    }

    @Test func countdownsUseTheTwoLargestUnits() {
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now)
        #expect(dates.countdown(to: launch("2026-11-24T10:00:00Z")) == "in 3d 4h")
        #expect(dates.countdown(to: launch("2026-11-24T06:00:00Z")) == "in 3d")
        #expect(dates.countdown(to: launch("2026-11-21T11:12:00Z")) == "in 5h 12m")
        #expect(dates.countdown(to: launch("2026-11-21T06:12:30Z")) == "in 12m")
        #expect(dates.countdown(to: launch("2026-11-21T06:00:30Z")) == "now")
        #expect(dates.countdown(to: launch("2026-11-21T03:00:00Z")) == "3h ago")
        #expect(dates.countdown(to: launch(nil)) == "")
        #expect(dates.countdown(to: launch("2027-02-09T00:00:00Z", precision: "Month")) == "in ~79d")
        #expect(dates.countdown(to: launch("2026-11-21T12:00:00Z", precision: "Day")) == "within a day")
        #expect(dates.countdown(to: launch("2026-11-11T00:00:00Z", precision: "Day")) == "~10d ago")
        // A year away or more (GCAT's history): whole years.
        #expect(dates.countdown(to: launch("1969-07-16T13:32:00Z")) == "57 years ago")
        #expect(dates.countdown(to: launch("1957-10-04T00:00:00Z", precision: "Day")) == "69 years ago")
        #expect(dates.countdown(to: launch("2025-11-21T00:00:00Z")) == "1 year ago")
        #expect(dates.countdown(to: launch("2025-11-22T00:00:00Z")) == "364d 6h ago", "under a year: days and hours")
        #expect(dates.countdown(to: launch("2028-12-01T00:00:00Z", precision: "Month")) == "in 2 years")
    }

    private func window(_ start: String, _ end: String?, precision: String = "Minute") -> Launch {
        Launch(id: "w", name: "W", net: LaunchLibraryDate.date(from: start), netPrecision: precision,
               windowStart: LaunchLibraryDate.date(from: start), windowEnd: end.flatMap(LaunchLibraryDate.date(from:)))
    }

    @Test func aLaunchPastItsT0WithItsWindowOpenCountsUpInTheCountdownColumn() {
        // "1h 15m ago" under a T- heading read as a launch gone; its window is still open.
        let utc = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now)
        #expect(utc.countdownOrElapsed(to: window("2026-11-21T04:45:00Z", "2026-11-21T08:00:00Z")) == "T+1h 15m")
        #expect(utc.countdownOrElapsed(to: window("2026-11-21T05:59:30Z", "2026-11-21T08:00:00Z")) == "T-0")
        #expect(utc.countdownOrElapsed(to: window("2026-11-21T08:00:00Z", "2026-11-21T09:00:00Z")) == "in 2h", "still ahead: a countdown")
        #expect(utc.countdownOrElapsed(to: window("2026-11-21T04:45:00Z", "2026-11-21T05:00:00Z")) == "1h 15m ago", "the window closed")
    }

    @Test func windowsReadInTheChosenZoneTheEndsDateOnlyWhenItDiffers() {
        let paris = LaunchDateText(timeZone: TimeZone(identifier: "Europe/Paris")!, now: Self.now)
        #expect(paris.window(of: window("2026-12-01T20:25:00Z", "2026-12-01T22:25:00Z")) == "2026-12-01 21:25 – 23:25 CET")
        #expect(paris.window(of: window("2026-12-01T22:30:00Z", "2026-12-01T23:30:00Z")) == "2026-12-01 23:30 CET – 2026-12-02 00:30 CET")
        #expect(paris.window(of: window("2026-12-01T20:25:00Z", "2026-12-01T20:25:00Z")) == "2026-12-01 21:25 CET", "an instantaneous window")
        #expect(paris.window(of: window("2026-12-01T20:25:00Z", nil)) == "2026-12-01 21:25 CET")
        let utc = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now)
        #expect(utc.window(of: window("2026-12-01T20:25:00Z", "2026-12-01T22:25:00Z")) == "2026-12-01 20:25 – 22:25 UTC")
        #expect(utc.window(of: window("2027-01-14T00:00:00Z", "2027-01-15T00:00:00Z", precision: "Day")) == "2027-01-14", "no made-up hours")
        #expect(utc.window(of: Launch(id: "n", name: "N")) == nil)
    }
}
