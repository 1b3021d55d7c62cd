import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchLibraryDateTests {
    @Test func readsTheAPIsUTCTimestamps() {
        #expect(LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(LaunchLibraryDate.date(from: "1961-01-31T20:21:19Z") == Date(timeIntervalSince1970: -281_331_521))
    }

    @Test func readsFractionsOffsetsAndLeapDays() {
        #expect(LaunchLibraryDate.date(from: "2026-07-20T14:49:32.250Z") == Date(timeIntervalSince1970: 1_784_558_972.25))
        #expect(LaunchLibraryDate.date(from: "2026-07-20T16:49:32+02:00") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "2026-07-20T09:49:32-0500") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "2026-07-20T14:49:32") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "2028-02-29T00:00:00Z") != nil)
        #expect(LaunchLibraryDate.date(from: "2026-07-20t14:49:32z") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "2026-07-20 14:49:32Z") == Date(timeIntervalSince1970: 1_784_558_972))
        #expect(LaunchLibraryDate.date(from: "2016-12-31T23:59:60Z") == Date(timeIntervalSince1970: 1_483_228_800))
    }

    @Test(arguments: ["", "2026", "2026-07-20", "2026-13-01T00:00:00Z", "2027-02-29T00:00:00Z", "2026-07-20T24:00:00Z",
                      "2026-07-20T14:49:32Zjunk", "2026-07-20T14:49:32.Z", "20260720T144932Z", "tomorrow",
                      // The usual twenty-byte form, read at fixed places, broken at each of them.
                      "2026-07-2XT14:49:32Z", "-026-07-20T14:49:32Z", "2026-02-30T00:00:00Z", "2026-00-10T00:00:00Z",
                      "2026-07-20T14:60:32Z", "2026-07-20T14:49:61Z", "2026-07-20T14:49:3 Z", "2026/07/20T14:49:32Z"])
    func rejectsWhatIsNotADateTime(_ text: String) {
        #expect(LaunchLibraryDate.date(from: text) == nil)
    }

    @Test func writesWholeSecondsInUTC() {
        #expect(LaunchLibraryDate.string(from: Date(timeIntervalSince1970: 1_784_558_972.9)) == "2026-07-20T14:49:32Z")
        #expect(LaunchLibraryDate.string(from: Date(timeIntervalSince1970: -281_331_521)) == "1961-01-31T20:21:19Z")
    }

    @Test func roundTripsAcrossCenturies() {
        var seconds: Int64 = -2_208_988_800  // 1900-01-01
        while seconds < 4_102_444_800 {      // 2100-01-01
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(LaunchLibraryDate.date(from: LaunchLibraryDate.string(from: date)) == date)
            seconds += 7_776_011  // about 90 days and a few seconds, to land on every time of day
        }
    }
}
