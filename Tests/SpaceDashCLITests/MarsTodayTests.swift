import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct MarsTodayTests {
    /// The new user's real clock (issue 27's report): 2026-11-27, 23:30 UTC.
    static let reviewed = LaunchLibraryDate.date(from: "2026-11-27T23:30:00Z")!

    @Test func todayAtGaleIsOneLine() {
        let today = MarsToday(.curiosity, now: Self.reviewed)
        #expect(today.sol == 5087)
        #expect(today.line(glyphs: .unicode)
                == "Today on Mars: sol 5087 at Gale crater, 12:57 local mean solar time · Ls 28.1° (southern autumn) · light takes 10 min 1 s from Earth")
        #expect(today.line(glyphs: .ascii).hasPrefix("Today on Mars: sol 5087 at Gale crater, 12:57 local mean solar time | Ls 28.1 (southern autumn)"))
    }

    @Test func todaysJSONHasTheDocumentedFields() {
        #expect(MarsToday(.curiosity, now: Self.reviewed).json == #"{"time":"2026-11-27T23:30:00Z","sol":5087,"local_mean_solar_time":"12:57:39","#
                + #""ls":28.07,"season":"autumn","hemisphere":"southern","light_time_seconds":601}"#)
    }

    /// InSight keeps counting on its own clock: the north's spring, its sol 2845.
    @Test func insightCountsItsOwnSols() {
        let today = MarsToday(.insight, now: Self.reviewed)
        #expect(today.sol == 2845)
        #expect(today.season == .spring && today.hemisphere == .northern)
        #expect(today.line(glyphs: .unicode).hasPrefix("Today on Mars: sol 2845 at Elysium Planitia, 12:51 local mean solar time"))
    }

    @Test func clocksAreCutAndDurationsRounded() {
        #expect(MarsToday.clock(12.999_99, seconds: false) == "12:59")
        #expect(MarsToday.clock(12.999_99, seconds: true) == "12:59:59")
        #expect(MarsToday.clock(0, seconds: true) == "00:00:00")
        #expect(MarsToday.duration(601.4) == "10 min 1 s")
        #expect(MarsToday.duration(1320) == "22 min")
        #expect(MarsToday.duration(42) == "42 s")
    }
}
