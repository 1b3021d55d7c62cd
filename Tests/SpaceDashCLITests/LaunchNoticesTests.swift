import Foundation
import SpaceData
import Testing
@testable import SpaceDashCLI

@Suite struct LaunchNoticesTests {
    static let now = LaunchLibraryDate.date(from: "2026-07-24T00:00:00Z")!

    static func sourced(ahead: Int, passed: Int, origin: DataOrigin, notices: [Notice] = []) -> Sourced<LaunchList> {
        let launches = (0 ..< ahead).map { Launch(id: "\($0)", name: "Launch \($0)") }
        return Sourced(LaunchList(launches: launches, timeframe: .upcoming, passedCount: passed), origin: origin, notices: notices)
    }

    @Test func nothingLeftOutAddsNothing() {
        let notices = [Notice(.offline, "offline: no request made; showing launches cached 2 h ago")]
        #expect(LaunchNotices.notices(Self.sourced(ahead: 3, passed: 0, origin: .cache(savedAt: Self.now, age: 7200), notices: notices), now: Self.now) == notices)
    }

    @Test func whatWasLeftOutIsCountedWithWhereItCameFromAndTheNowThatDecided() {
        func line(_ ahead: Int, _ passed: Int, _ origin: DataOrigin) -> String? {
            LaunchNotices.notices(Self.sourced(ahead: ahead, passed: passed, origin: origin), now: Self.now).last?.message
        }
        #expect(line(5, 5, .sample) == "left out 5 launches of Launch Library 2's listing of 20 July 2026 whose time had passed by 2026-07-24T00:00:00Z")
        #expect(line(2, 1, .cache(savedAt: Self.now, age: 60)) == "left out 1 cached launch whose time had passed by 2026-07-24T00:00:00Z")
        #expect(line(0, 4, .cache(savedAt: Self.now, age: 60)) == "left out all 4 cached launches whose time had passed by 2026-07-24T00:00:00Z")
        #expect(line(3, 2, .live(fetchedAt: Self.now)) == "left out 2 launches whose time had passed by 2026-07-24T00:00:00Z")
    }

    @Test func theBundledListingWithNothingAheadSaysSoInOneLineInsteadOfBeingAnnounced() {
        let reason = Notice(.noNetwork, "cannot connect to http://127.0.0.1:9")
        let announced = Notice(.cacheMissing, "no cached launches to fall back on; showing Launch Library 2's listing of 20 July 2026")
        let sourced = Self.sourced(ahead: 0, passed: 10, origin: .sample, notices: [reason, announced])
        #expect(LaunchNotices.saysNothingAhead(sourced))
        #expect(LaunchNotices.notices(sourced, now: Self.now).map(\.message) == [
            "cannot connect to http://127.0.0.1:9",
            "the bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past",
        ])
        #expect(!LaunchNotices.saysNothingAhead(Self.sourced(ahead: 0, passed: 10, origin: .cache(savedAt: Self.now, age: 60))))
        #expect(!LaunchNotices.saysNothingAhead(Self.sourced(ahead: 1, passed: 9, origin: .sample)))
    }
}
