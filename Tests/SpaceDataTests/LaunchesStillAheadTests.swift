import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchesStillAheadTests {
    static func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    @Test func aLaunchPassesWhenItsWindowEndsElseAtItsNET() {
        let windowed = Launch(id: "w", name: "W", net: Self.date("2026-07-23T22:45:00Z"), windowEnd: Self.date("2026-07-24T00:15:00Z"))
        #expect(!windowed.hasPassed(at: Self.date("2026-07-24T00:00:00Z")), "the NET has gone but the window is still open")
        #expect(windowed.hasPassed(at: Self.date("2026-07-24T00:15:01Z")))
        let instant = Launch(id: "i", name: "I", net: Self.date("2026-07-23T22:45:00Z"))
        #expect(!instant.hasPassed(at: Self.date("2026-07-23T22:45:00Z")), "at its NET it is still ahead")
        #expect(instant.hasPassed(at: Self.date("2026-07-23T22:45:01Z")))
        #expect(!Launch(id: "u", name: "Undated").hasPassed(at: .distantFuture), "nothing says an undated launch has gone")
    }

    @Test func theUpcomingListKeepsItsOrderAndCountsWhatItLeftOut() throws {
        let listing = LaunchList(launches: try BundledLaunchListing.launches(), timeframe: .upcoming)
        let between = listing.stillAhead(at: Self.date("2026-07-24T00:00:00Z"))
        #expect(between.launches.map(\.id) == Array(listing.launches.map(\.id).filter { id in between.launches.contains { $0.id == id } }))
        #expect(between.launches.count == 5 && between.passedCount == 5)
        // Filtering again later adds to the count rather than forgetting it.
        let after = between.stillAhead(at: Self.date("2026-07-30T08:05:00Z"))
        #expect(after.launches.isEmpty && after.passedCount == 10)
    }

    @Test func pastLaunchesAreLeftAsTheyAre() {
        let past = LaunchList(launches: [Launch(id: "p", name: "P", net: Self.date("1957-10-04T19:28:34Z"))], timeframe: .past)
        #expect(past.stillAhead(at: Self.date("2026-01-01T00:00:00Z")) == past)
    }
}
