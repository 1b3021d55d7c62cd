import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// The mission clocks against the feeds' own sol numbers and dates
/// (../shared/data; those cases are skipped without it).
@Suite struct MarsMissionClockTests {
    static func utc(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    static func sol(_ clock: MarsMissionClock, at text: String) -> Int {
        clock.sol(at: MarsClock(at: utc(text)))
    }

    @Test func eachLandingIsSolZero() {
        #expect(Self.sol(.curiosity, at: "2012-08-06T05:17:57Z") == 0)
        #expect(Self.sol(.insight, at: "2018-11-26T19:52:59Z") == 0)
    }

    /// Curiosity's feed: sol 4801 is 2026-02-07, and every one of its 4,551 sols
    /// is a sol of Gale crater during its Earth date (UTC).
    @Test func curiositysSolsFallOnTheirFeedsEarthDates() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return }
        let data = try Data(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json"))
        let entries = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["soles"] as? [[String: Any]])
        #expect(entries.count == 4551)
        var checked = 0
        for entry in entries {
            let number = try #require((entry["sol"] as? String).flatMap { Int($0) })
            let day = try #require(entry["terrestrial_date"] as? String)
            let first = Self.sol(.curiosity, at: day + "T00:00:00Z")
            let last = Self.sol(.curiosity, at: day + "T23:59:59Z")
            #expect((first...last).contains(number), "sol \(number) is not on \(day) (sols \(first)–\(last) are)")
            checked += 1
        }
        #expect(checked == 4551)
        #expect(Self.sol(.curiosity, at: "2026-02-07T12:00:00Z") == 4801)
    }

    /// InSight's feed gives each sol's first and last measurement (UTC); a sol
    /// follows the one before it by a second. A minute into each sol the clock
    /// says that sol, a minute before it the sol before.
    @Test func insightsSolsTurnWhenItsFeedSays() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("insight") else { return }
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix("capture-") {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any]
            let keys = document?["sol_keys"] as? [String] ?? []
            for key in keys {
                let number = try #require(Int(key))
                let fields = try #require(document?[key] as? [String: Any])
                let first = try #require((fields["First_UTC"] as? String).flatMap(LaunchLibraryDate.date(from:)))
                let last = try #require((fields["Last_UTC"] as? String).flatMap(LaunchLibraryDate.date(from:)))
                #expect(MarsMissionClock.insight.sol(at: MarsClock(at: first.addingTimeInterval(60))) == number)
                #expect(MarsMissionClock.insight.sol(at: MarsClock(at: last.addingTimeInterval(-60))) == number)
                // Where the sol before is in the feed, it ended a second before this one began.
                if let previous = document?[String(number - 1)] as? [String: Any],
                   let end = (previous["Last_UTC"] as? String).map(Self.utc), first.timeIntervalSince(end) < 2 {
                    #expect(MarsMissionClock.insight.sol(at: MarsClock(at: first.addingTimeInterval(-60))) == number - 1)
                }
                checked += 1
            }
        }
        #expect(checked == 37)
    }

    @Test func noonIsTheMiddleOfTheSol() {
        for sol in [0, 1, 678, 1087, 4801] {
            for clock in [MarsMissionClock.curiosity, .insight] {
                let noon = MarsClock(at: clock.noon(ofSol: sol))
                #expect(clock.sol(at: noon) == sol)
                #expect(abs(clock.localMeanSolarTime(at: noon) - 12) < 1.0 / 3600, "within a second of 12:00")
            }
        }
    }

    @Test func localTimeAndSeasonAreTheSites() {
        let mars = MarsClock(at: Self.utc("2026-02-07T12:00:00Z"))
        let gale = MarsMissionClock.curiosity.localMeanSolarTime(at: mars)
        #expect(abs(gale - mars.localMeanSolarTime(eastLongitude: 137.4417)) < 1e-9)
        // Ls about 222° then (the feed says 221 for sol 4801): southern spring at Gale, northern autumn at InSight.
        #expect((221...223).contains(mars.solarLongitude))
        #expect(MarsMissionClock.curiosity.season(at: mars) == .spring)
        #expect(MarsMissionClock.insight.season(at: mars) == .autumn)
    }
}
