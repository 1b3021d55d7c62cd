import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

@Suite struct LaunchesPanelTests {
    static let now = LaunchLibraryDate.date(from: "2026-07-30T08:05:00Z")!

    func lines(_ sourced: Sourced<LaunchList>, width: Int = 40) -> [String] {
        LaunchesPanel(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now), width: width, style: .plain)
            .lines(.loaded(sourced))
    }

    @Test func theBundledListingWithNothingAheadSaysSoInThePanelsOwnWidth() {
        let shown = lines(Sourced(LaunchList(launches: [], timeframe: .upcoming, passedCount: 10), origin: .sample))
        #expect(shown.first == "Next launches · Launch Library 2")
        #expect(shown.dropFirst().allSatisfy { $0.displayWidth <= 40 }, "\(shown)")
        #expect(shown.dropFirst().joined(separator: " ").hasPrefix(
            "The bundled listing of 20 July 2026 has no launches still ahead; connect to get today's, or search the history with --past."))
        #expect(shown.joined(separator: " ").hasSuffix("--past. Source: Launch Library 2's listing of 20 July 2026"), "\(shown)")
    }

    /// Review P3 16: the footer said "(Launch Library allows 15 requests an hour)" whatever
    /// the reason; it gives the fallback chain's own reason for stepping down.
    @Test func theSourceLineGivesTheReasonTheChainSteppedDown() {
        let list = LaunchList(launches: [], timeframe: .upcoming)
        let stale = DataOrigin.cache(savedAt: Self.now, age: 3 * 86_400)
        func described(_ origin: DataOrigin, _ reason: Notice?) -> String {
            LaunchesPanel.describe(Sourced(list, origin: origin, fallbackReason: reason))
        }
        #expect(described(stale, Notice(.offline, "--offline: no request made")) == "cached 3 days ago (--offline: no request made)")
        #expect(described(stale, Notice(.liveFailed, "HTTP 500 Internal Server Error from http://127.0.0.1:8765/2.3.0/launches/upcoming/"))
            == "cached 3 days ago (HTTP 500 Internal Server Error from http://127.0.0.1:8765/2.3.0/launches/upcoming/)")
        #expect(described(stale, Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: 1234).description))
            == "cached 3 days ago (Launch Library's limit of 15 requests an hour was reached; retry in 21 min)")
        #expect(described(.cache(savedAt: Self.now, age: 600), nil) == "cached 10 min ago (Launch Library allows 15 requests an hour)",
                "a fresh cache needed no request")
        #expect(described(.sample, Notice(.offline, "--offline: no request made")) == "Launch Library 2's listing of 20 July 2026 (--offline: no request made)")
        #expect(described(.sample, Notice(.liveFailed, "a\u{1B}[31mb\nc")).contains("(ab c)"), "a server's words are cleaned")
        // Worded as the weather panel words its own: "fetched 2026-07-30 08:05 UTC".
        #expect(described(.live(fetchedAt: Self.now), nil) == "live from Launch Library 2, fetched 2026-07-30 08:05 UTC")
    }

    @Test func aCacheWithNothingAheadSaysHowManyHavePassed() {
        let shown = lines(Sourced(LaunchList(launches: [], timeframe: .upcoming, passedCount: 3), origin: .cache(savedAt: Self.now, age: 86_400)), width: 80)
        #expect(shown[1] == "No launch still ahead: the 3 listed have passed.")
        let none = lines(Sourced(LaunchList(launches: [], timeframe: .upcoming), origin: .live(fetchedAt: Self.now)), width: 80)
        #expect(none[1] == "No upcoming launches listed.")
    }

    @Test func aLaunchWhoseTimeHasPassedIsNeverShownAsNext() {
        let gone = Launch(id: "g", name: "Gone", net: Self.now.addingTimeInterval(-60))
        let open = Launch(id: "o", name: "Window open", net: Self.now.addingTimeInterval(-60), windowEnd: Self.now.addingTimeInterval(600))
        let ahead = (0 ..< 6).map { Launch(id: "\($0)", name: "Ahead \($0)", net: Self.now.addingTimeInterval(Double($0 + 1) * 3600)) }
        #expect(LaunchesPanel.next([gone, open] + ahead, now: Self.now).map(\.id) == ["o", "0", "1", "2", "3"])
    }
}
