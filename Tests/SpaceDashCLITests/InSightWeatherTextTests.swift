import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct InSightWeatherTextTests {
    /// 2020-10-19 18:32:20 UTC, the first datum of sol 675 in the bundled sample.
    let fetched = Date(timeIntervalSince1970: 1_603_132_340)

    @Test func sourceSaysLiveCachedOrSampleWithTheMinuteItWasFetched() {
        #expect(InSightWeatherText.source(.live(fetchedAt: fetched)) == "live from NASA's InSight feed, fetched 2020-10-19 18:32 UTC")
        #expect(InSightWeatherText.source(.cache(savedAt: fetched, age: 7_500))
                == "cached 2 h 5 min ago (fetched 2020-10-19 18:32 UTC)")
        #expect(InSightWeatherText.source(.sample) == "the bundled sample: InSight's archived weather for sols 675–681 (October 2020)")
    }

    @Test func aCacheUnderAMinuteOldIsNotCalledZeroMinutes() {
        #expect(InSightWeatherText.source(.cache(savedAt: fetched, age: 30)).hasPrefix("cached less than a minute ago"))
    }
}
