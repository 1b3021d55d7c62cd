import Testing
@testable import SpaceData

@Suite struct CuriosityFeedTests {
    static func sol(_ number: Int, measured: Bool = true) -> CuriositySol {
        CuriositySol(
            sol: number, earthDate: EarthDate(daysSince1970: 15_558 + number),
            airTemperature: measured ? TemperatureExtremes(low: -70, high: Double(number % 10)) : TemperatureExtremes()
        )
    }

    @Test func keepsTheFirstEntryOfARepeatedSol() {
        var repeated = Self.sol(5)
        repeated.pressure = 800
        let feed = CuriosityFeed(sols: [repeated, Self.sol(6), Self.sol(5)])
        #expect(feed.sols.map(\.sol) == [5, 6])
        #expect(feed.sol(5)?.pressure == 800)
    }

    @Test func latestSkipsTrailingSolsWithNothingMeasured() {
        let feed = CuriosityFeed(sols: [Self.sol(1), Self.sol(2), Self.sol(3, measured: false)])
        #expect(feed.latest?.sol == 2)
        #expect(CuriosityFeed(sols: [Self.sol(1, measured: false)]).latest == nil)
    }

    @Test func recentEndsAtTheLatestMeasuredSol() {
        let feed = CuriosityFeed(sols: [1, 2, 4, 5, 6].map { Self.sol($0) } + [Self.sol(7, measured: false)])
        #expect(feed.recent(3).map(\.sol) == [4, 5, 6])
        #expect(feed.recent(10).map(\.sol) == [1, 2, 4, 5, 6])
        #expect(feed.recent(0).isEmpty)
    }

    @Test func lastMarsYearCoversSixHundredSixtyEightSolNumbers() {
        let feed = CuriosityFeed(sols: (1...1000).map { Self.sol($0) })
        let year = feed.lastMarsYear()
        #expect(year.first?.sol == 333 && year.last?.sol == 1000)
        #expect(year.count == 668)
    }

    @Test func findsAnySolByNumber() {
        let feed = CuriosityFeed(sols: [9, 3, 7, 1].map { Self.sol($0) })
        #expect([1, 3, 7, 9].allSatisfy { feed.sol($0)?.sol == $0 })
        #expect(feed.sol(0) == nil && feed.sol(4) == nil && feed.sol(10) == nil)
    }
}
