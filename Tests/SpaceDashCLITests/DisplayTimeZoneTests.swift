import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct DisplayTimeZoneTests {
    @Test func utcWinsOverTZ() {
        let zone = DisplayTimeZone(utc: true, environment: ["TZ": "Europe/Paris"])
        #expect(zone.timeZone.secondsFromGMT() == 0)
        #expect(zone.timeZone.identifier != "Europe/Paris")
    }

    @Test func tzIsReadAsTheCLibraryReadsIt() {
        #expect(DisplayTimeZone(utc: false, environment: ["TZ": "Europe/Paris"]).timeZone.identifier == "Europe/Paris")
        #expect(DisplayTimeZone(utc: false, environment: ["TZ": ":Asia/Tokyo"]).timeZone.identifier == "Asia/Tokyo")
    }

    @Test func withoutTZOrWithAZoneNobodyKnowsTimesAreInTheSystemsZone() {
        #expect(DisplayTimeZone(utc: false, environment: [:]) == .system)
        #expect(DisplayTimeZone(utc: false, environment: [:]).timeZone == TimeZone.current)
        #expect(DisplayTimeZone(utc: false, environment: ["TZ": "Mars/Olympus_Mons"]).timeZone == TimeZone.current)
    }

    @Test func aLaunchsTimeIsWrittenInTheChosenZone() throws {
        let net = try #require(LaunchLibraryDate.date(from: "2026-07-20T14:38:00Z"))
        let launch = Launch(id: "x", name: "X", net: net, netPrecision: "Minute")
        let paris = LaunchDateText(zone: DisplayTimeZone(utc: false, environment: ["TZ": "Europe/Paris"]), now: net)
        #expect(paris.date(of: launch) == "2026-07-20 16:38 CEST")
        let utc = LaunchDateText(zone: DisplayTimeZone(utc: true, environment: ["TZ": "Europe/Paris"]), now: net)
        #expect(utc.date(of: launch) == "2026-07-20 14:38 UTC")
    }
}
