import Foundation
import Testing
@testable import SpaceData

/// What `--past` shows, whichever step answered, on any clock.
@Suite struct LaunchServicePastTests {
    static func history(now: Date) -> Sourced<LaunchList> {
        LaunchService.prepared(Sourced(LaunchList(launches: LaunchHistory.launches, timeframe: .past), origin: .sample), now: now)
    }

    /// On today's clock the bundled listing of 20 July 2026 is past: its launches lead
    /// the history rather than vanish from both the upcoming and the past lists.
    @Test func theBundledListingsPassedLaunchesLeadTheHistory() throws {
        let now = try #require(LaunchLibraryDate.date(from: "2026-11-28T00:00:00Z"))
        let past = Self.history(now: now)
        let listing = try BundledLaunchListing.launches()
        #expect(past.value.launches.count == LaunchHistory.launches.count + listing.count)
        #expect(Set(past.value.launches.prefix(listing.count).map(\.id)) == Set(listing.map(\.id)))
        #expect(past.value.launches.first?.net == listing.compactMap(\.net).max(), "newest first")
        #expect(past.notices.contains { $0.message == "the newest \(listing.count) from \(BundledLaunchListing.summary)" })
    }

    @Test func onTheListingsOwnDayOnlyWhatHasFlownIsAdded() throws {
        let now = try #require(LaunchLibraryDate.date(from: "2026-07-24T00:00:00Z"))
        let past = Self.history(now: now)
        let added = past.value.launches.prefix { !LaunchHistory.isHistory($0) }
        #expect(!added.isEmpty && added.allSatisfy { ($0.net ?? .distantFuture) <= now })
        #expect(added.count < (try BundledLaunchListing.launches()).count)
    }

    /// SPACEDASH_NOW=2000-01-01: the 2023 launches are not past yet.
    @Test func nothingAfterNowIsPast() throws {
        let now = try #require(LaunchLibraryDate.date(from: "2000-01-01T00:00:00Z"))
        let past = Self.history(now: now)
        #expect(!past.value.launches.isEmpty)
        #expect(past.value.launches.allSatisfy { ($0.net ?? .distantPast) <= now })
        #expect(past.value.launches.first?.net.map { $0 > LaunchLibraryDate.date(from: "1999-12-01T00:00:00Z")! } == true)
    }
}
