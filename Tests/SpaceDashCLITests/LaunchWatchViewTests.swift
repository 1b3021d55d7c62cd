import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

/// The `--watch` frame of the real bundled listing (Launch Library 2's of 20 July 2026) at 12:00 UTC.
@Suite struct LaunchWatchViewTests {
    static let noon = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!

    static func state(changes: [LaunchChange] = []) throws -> LaunchWatchState {
        var launches = try BundledLaunchListing.launches().map { WatchedLaunch(launch: $0) }
        launches[0].changes = changes
        return LaunchWatchState(upcoming: launches, now: noon, origin: .live(fetchedAt: noon), refreshedAt: noon,
                                nextRefresh: noon.addingTimeInterval(600))
    }

    static let view = LaunchWatchView(timeZone: TimeZone(identifier: "UTC")!, glyphs: .unicode)

    /// Countdowns are aligned on the longest ("T-1d 09:15:00").
    @Test func eachLaunchCountsDownToTheSecondWithItsNameFirst() throws {
        let frame = Self.view.frame(try Self.state(), size: TerminalSize(columns: 100, rows: 20))
        let lines = frame.lines.map(\.plainText)
        #expect(lines[0] == "Launches · live · refreshed just now · next refresh in 00:10:00")
        // Issue 30: the listing says Starlink Group 17-39's webcast is live.
        #expect(lines[2] == "T-02:49:32     Falcon 9 Block 5 | Starlink Group 17-39 · Go · LIVE · Vandenberg SFB, CA, USA")
        #expect(lines.contains { $0.hasPrefix("T-1d 09:15:00  Falcon 9 Block 5 | MRV-1 · Go · ") && !$0.contains("LIVE") }, "no mark where no webcast is live")
        #expect(lines.contains { $0.hasPrefix("T-1d 09:15:00  Falcon 9 Block 5 | MRV-1 · Go") })
        #expect(lines.last == "q quit · r refresh · / search", "the keys on the last row")
        #expect(lines.count == 20)
    }

    @Test func changesAreMarkedBeforeTheLocationWhichIsCutFirst() throws {
        let state = try Self.state(changes: [.status(from: "Go", to: "Hold"), .netMoved(seconds: 7200)])
        let wide = Self.view.frame(state, size: TerminalSize(columns: 140, rows: 20)).lines.map(\.plainText)
        #expect(wide[2] == "T-02:49:32     Falcon 9 Block 5 | Starlink Group 17-39 · Go · LIVE · Go → Hold · NET moved 2h later · Vandenberg SFB, CA, USA")
        let narrow = Self.view.frame(state, size: TerminalSize(columns: 60, rows: 20)).lines.map(\.plainText)
        #expect(narrow[2].hasPrefix("T-02:49:32     Falcon 9 Block 5 | Starlink Group 17-39 · "), "the name whole")
        #expect(narrow[2].count == 60)
    }

    @Test func liftedOffLaunchesCountUpWithTheirOutcome() throws {
        var state = try Self.state()
        var flown = state.upcoming.removeFirst()
        flown.launch.statusName = "Launch Successful"
        flown.launch.statusAbbreviation = "Success"
        flown.launch.webcastLive = false
        state.liftedOff = [flown]
        state.now = LaunchLibraryDate.date(from: "2026-07-20T14:52:42Z")!
        let lines = Self.view.frame(state, size: TerminalSize(columns: 100, rows: 20)).lines.map(\.plainText)
        let heading = try #require(lines.firstIndex(of: "Lifted off"))
        #expect(lines[heading + 1] == "T+00:03:10     Falcon 9 Block 5 | Starlink Group 17-39 · Launch Successful · Vandenberg SFB, CA, USA")
    }

    /// Issue 30: "Payload Deployed" is a success (green); a status spacedash does not
    /// know is shown as named, not as a failure nor as "not known yet".
    @Test func payloadDeployedIsASuccessAndAnUnknownStatusIsShownAsNamed() throws {
        var state = try Self.state()
        var deployed = state.upcoming.removeFirst()
        deployed.launch.statusName = "Payload Deployed"
        deployed.launch.statusAbbreviation = "Deployed"
        var unknown = state.upcoming.removeFirst()
        unknown.launch.statusName = "Scrubbed For Now"
        unknown.launch.statusAbbreviation = "Scrub"
        state.liftedOff = [deployed, unknown]
        state.now = LaunchLibraryDate.date(from: "2026-07-21T22:00:00Z")!
        let lines = Self.view.frame(state, size: TerminalSize(columns: 120, rows: 20)).lines
        let heading = try #require(lines.firstIndex { $0.plainText == "Lifted off" })
        #expect(lines[heading + 1].plainText.contains(" · Payload Deployed · "))
        #expect(lines[heading + 1].spans.contains { $0.text.contains("Payload Deployed") && $0.style == .success })
        #expect(lines[heading + 2].plainText.contains(" · Scrubbed For Now · "))
        #expect(!lines[heading + 2].spans.contains { $0.style == .error }, "an unknown status is no failure")
    }

    @Test func aSmallTerminalKeepsTheKeysAndCutsTheList() throws {
        let frame = Self.view.frame(try Self.state(), size: TerminalSize(columns: 30, rows: 5))
        #expect(frame.lines.count == 5)
        #expect(frame.lines.allSatisfy { $0.displayWidth <= 30 })
        #expect(frame.lines.last?.plainText == "q quit · r refresh · / search")
    }

    /// 50 columns (a narrow screen, or `COLUMNS=50`, which the screen loop applies to
    /// every view): each row is cut there, the rocket giving way before the mission.
    @Test func aNarrowFrameCutsTheRocketBeforeTheMission() throws {
        let lines = Self.view.frame(try Self.state(), size: TerminalSize(columns: 50, rows: 20)).lines
        #expect(lines.count == 20)
        #expect(lines.allSatisfy { $0.displayWidth <= 50 })
        #expect(lines[2].plainText == "T-02:49:32     Falcon 9 Bl… | Starlink Group 17-39", "the rocket gives way before the mission")
        #expect(lines[2].displayWidth == 50)
    }

    @Test func secondsAndDaysOfTheClock() {
        #expect(LaunchWatchView.clock(59) == "00:00:59")
        #expect(LaunchWatchView.clock(3 * 86_400 + 4 * 3600 + 12 * 60 + 9) == "3d 04:12:09")
        #expect(LaunchWatchView.clock(-5) == "00:00:00")
    }
}
