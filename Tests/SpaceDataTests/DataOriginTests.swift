import Foundation
import Testing
import SpaceData

@Suite struct DataOriginTests {
    @Test func kindsAndWhenObtained() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(DataOrigin.live(fetchedAt: date).kind == "live")
        #expect(DataOrigin.cache(savedAt: date, age: 5).kind == "cache")
        #expect(DataOrigin.sample.obtainedAt == nil)
        #expect(DataOrigin.cache(savedAt: date, age: 5).obtainedAt == date)
    }

    @Test(arguments: [(Double, String)]([
        (0.0, "less than a minute"), (59, "less than a minute"), (60, "1 min"), (2400, "40 min"),
        (3600, "1 h"), (7500, "2 h 5 min"), (86_400, "1 day"), (3 * 86_400 + 5, "3 days"), (-10, "less than a minute"),
    ]))
    func agesReadAsPeopleSayThem(seconds: Double, text: String) {
        #expect(AgeText.describe(seconds) == text)
    }

    // Regression (hardening): ages come from server data (Retry-After, dates far
    // away); Int(1e300) trapped.
    @Test(arguments: [Double.greatestFiniteMagnitude, .infinity, 1e20, -1e20, .nan])
    func anAbsurdAgeStillReads(seconds: Double) {
        #expect(!AgeText.describe(seconds).isEmpty)
        #expect(!AgeText.seconds(seconds).isEmpty)
    }
}
