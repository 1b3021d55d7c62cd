import Foundation
import SpaceData
import Testing
@testable import SpaceDashCLI

/// The launches' alerts, step by step on a state kept between checks, as `notify` keeps it.
@Suite struct LaunchAlertsTests {
    /// Starlink Group 17-39 as Launch Library listed it on 20 July 2026 (NET 14:49:32 UTC).
    static let net = LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z")!

    static func launch(net: Date? = LaunchAlertsTests.net, status: String? = "Go", precision: String? = "Second",
                       webcastLive: Bool = false) -> Launch {
        Launch(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink Group 17-39",
               locationName: "Vandenberg SFB, CA, USA", net: net, netPrecision: precision,
               windowStart: net, windowEnd: net?.addingTimeInterval(4 * 3600), statusAbbreviation: status, webcastLive: webcastLive)
    }

    static func at(_ text: String) -> Date { LaunchLibraryDate.date(from: "2026-07-20T\(text):00Z")! }

    static func source(_ launch: Launch, watched: Bool = true) -> LaunchAlerts {
        LaunchAlerts(launches: [launch], queries: watched ? [LaunchSearchQuery(words: ["starlink"])] : [],
                     leads: LeadTimes(seconds: [3600, 600]), zone: .fixed(TimeZone(identifier: "UTC")!), glyphs: .unicode)
    }

    /// What each check at these moments tells, in order.
    static func messages(_ steps: [(String, Launch)], state: inout NotifyState, watched: Bool = true) -> [String] {
        steps.flatMap { time, launch in source(launch, watched: watched).alerts(at: at(time), state: &state).map(\.message) }
    }

    @Test func eachLeadOnceAtItsMomentTheLastOneUrgent() {
        var state = NotifyState()
        let launch = Self.launch()
        #expect(Self.source(launch).alerts(at: Self.at("13:00"), state: &state).isEmpty)
        #expect(Self.source(launch).nextDue(after: Self.at("13:00"), state: state) == Self.net.addingTimeInterval(-3600))
        let hour = Self.source(launch).alerts(at: Self.at("13:50"), state: &state)
        #expect(hour.map(\.message) == ["Falcon 9 Block 5 | Starlink Group 17-39: launch in 59m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)"])
        #expect(hour.map(\.isUrgent) == [false])
        #expect(Self.source(launch).alerts(at: Self.at("13:55"), state: &state).isEmpty, "the same lead is told once")
        let last = Self.source(launch).alerts(at: Self.at("14:40"), state: &state)
        #expect(last.map(\.summary) == ["Falcon 9 Block 5 | Starlink Group 17-39 in 9m"])
        #expect(last.map(\.isUrgent) == [true])
        #expect(Self.source(launch).nextDue(after: Self.at("14:40"), state: state) == nil)
    }

    @Test func remindersMissedWhileAsleepComeLateWithTheTrueCountdownOnceNeverAfterTheLaunch() {
        var state = NotifyState()
        let late = Self.messages([("14:30", Self.launch())], state: &state)
        #expect(late == ["Falcon 9 Block 5 | Starlink Group 17-39: launch in 19m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)"],
                "only the shortest lead passed, not both")
        var asleep = NotifyState()
        #expect(Self.messages([("13:00", Self.launch()), ("14:50", Self.launch())], state: &asleep).isEmpty,
                "after T-0 a missed reminder is dropped")
    }

    @Test func onHoldTBDOrKnownOnlyToTheDayNoReminderUntilTheTimeIsSetAgain() {
        var state = NotifyState()
        #expect(Self.messages([("13:50", Self.launch(status: "Hold")), ("14:00", Self.launch(status: "TBD")),
                               ("14:10", Self.launch(precision: "Day")), ("14:15", Self.launch(precision: "Afternoon"))],
                              state: &state).isEmpty)
        #expect(Self.messages([("14:20", Self.launch())], state: &state) == [
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 29m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)"])
    }

    @Test func aNetMovedAfterAReminderBringsOnePostponedNoticeAndTheRemindersReArm() {
        var state = NotifyState()
        let slipped = Self.launch(net: Self.net.addingTimeInterval(2 * 3600))
        let told = Self.messages([("13:50", Self.launch()), ("14:00", slipped), ("14:10", slipped), ("15:50", slipped), ("16:40", slipped)],
                                 state: &state, watched: true)
        #expect(told == [
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 59m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",
            "Falcon 9 Block 5 | Starlink Group 17-39: postponed 2h to 2026-07-20 16:49 UTC",
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 59m (2026-07-20 16:49 UTC, Vandenberg SFB, CA, USA)",
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m (2026-07-20 16:49 UTC, Vandenberg SFB, CA, USA)",
        ])
    }

    @Test func aSlipInsideALeadCountsThatLeadAsToldByTheNotice() {
        var state = NotifyState()
        let slipped = Self.launch(net: Self.net.addingTimeInterval(15 * 60))
        let told = Self.messages([("14:40", Self.launch()), ("14:45", slipped), ("14:50", slipped), ("14:55", slipped)], state: &state)
        #expect(told == [
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",
            "Falcon 9 Block 5 | Starlink Group 17-39: postponed 15m to 2026-07-20 15:04 UTC",
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 9m (2026-07-20 15:04 UTC, Vandenberg SFB, CA, USA)",
        ], "the 1h lead, already past at the new NET, is not told again")
    }

    @Test func aFollowedLaunchTellsEveryChangeAndANetMoveOnce() {
        var state = NotifyState()
        state.launches[Self.launch().id] = NotifyState.LaunchRecord(launch: Self.launch(), followed: true)
        let hold = Self.launch(net: Self.net.addingTimeInterval(86_400), status: "Hold")
        var window = Self.launch()
        window.windowEnd = Self.net.addingTimeInterval(3600)
        var live = window
        live.webcastLive = true
        let told = Self.messages([("13:50", Self.launch()), ("14:00", hold), ("14:10", Self.launch()), ("14:20", window),
                                  ("14:30", live)], state: &state, watched: false)
        #expect(told == [
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 59m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",
            "Falcon 9 Block 5 | Starlink Group 17-39: status Go → Hold",
            "Falcon 9 Block 5 | Starlink Group 17-39: postponed 1d to 2026-07-21 14:49 UTC",
            "Falcon 9 Block 5 | Starlink Group 17-39: status Hold → Go",
            "Falcon 9 Block 5 | Starlink Group 17-39: moved earlier by 1d to 2026-07-20 14:49 UTC",
            // Back on, 39 minutes away: the reminders re-armed, and the 1h lead has passed.
            "Falcon 9 Block 5 | Starlink Group 17-39: launch in 39m (2026-07-20 14:49 UTC, Vandenberg SFB, CA, USA)",
            "Falcon 9 Block 5 | Starlink Group 17-39: window now 2026-07-20 14:49 – 15:49 UTC",
            "Falcon 9 Block 5 | Starlink Group 17-39: webcast live",
        ])
    }

    @Test func aLaunchNeitherMatchedNorFollowedIsNotWatched() {
        var state = NotifyState()
        #expect(Self.messages([("13:50", Self.launch())], state: &state, watched: false).isEmpty)
        #expect(state.launches.isEmpty)
    }
}
