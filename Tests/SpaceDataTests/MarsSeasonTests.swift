import Testing
import SpaceData

@Suite struct MarsSeasonTests {
    @Test func theHemispheresHaveOppositeSeasons() {
        #expect(MarsSeason(solarLongitude: 0, hemisphere: .northern) == .spring)
        #expect(MarsSeason(solarLongitude: 0, hemisphere: .southern) == .autumn)
        #expect(MarsSeason(solarLongitude: 221, hemisphere: .southern) == .spring)
        #expect(MarsSeason(solarLongitude: 221, hemisphere: .northern) == .autumn)
        #expect(MarsSeason(solarLongitude: 300, hemisphere: .northern) == .winter)
        #expect(MarsSeason(solarLongitude: 359, hemisphere: .southern) == .summer)
        #expect(MarsSeason(solarLongitude: 360, hemisphere: .southern) == nil)
    }

    @Test func marsMonthsAreThirtyDegreesOfLs() {
        #expect(MarsSeason.marsMonth(solarLongitude: 221) == 8)
        #expect(MarsSeason.marsMonth(solarLongitude: 0) == 1)
        #expect(MarsSeason.marsMonth(solarLongitude: 359) == 12)
        #expect(MarsSeason.marsMonth(solarLongitude: -1) == nil)
    }
}
