import Foundation
import Testing
import TestSupport
import SpaceData

@Suite struct InSightSampleTests {
    @Test func sampleIsSevenConsecutiveSolsWithEverySensor() throws {
        let feed = try InSightSample.feed()
        #expect(feed.sols.map(\.sol) == Array(675...681))
        for sol in feed.sols {
            #expect(sol.temperature != nil && sol.windSpeed != nil && sol.pressure != nil)
            #expect(sol.wind?.mostCommon != nil)
            #expect(sol.monthOrdinal != nil && sol.northernSeason != nil && sol.southernSeason != nil)
            #expect(sol.season == "fall")
        }
    }

    @Test func sampleHoldsNASAsPublishedValues() throws {
        let feed = try InSightSample.feed()
        let first = feed.sols[0]
        #expect(first.temperature == SensorSummary(average: -62.314, minimum: -96.872, maximum: -15.908, sampleCount: 177556))
        #expect(first.pressure?.sampleCount == 887776)
        #expect(first.wind?.mostCommon?.point == "WNW")
        #expect(first.wind?.sectors.map(\.index) == [0, 1, 9, 10, 11, 12, 13, 14, 15])
        #expect(first.northernSeason == "early winter")
        let last = feed.sols[6]
        #expect(last.temperature?.maximum == -4.444)
        #expect(last.windSpeed?.average == 5.632)
        #expect(last.lastUTC == Date(timeIntervalSince1970: 1_603_753_766))
    }
}
