import Foundation
import Testing
@testable import SpaceData

@Suite struct NotifyStateDecoderTests {
    static func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    /// Every field set, each kind of value: strings with escapes, numbers, booleans, dates, nulls.
    static func fullState() -> NotifyState {
        var state = NotifyState()
        let launch = Launch(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink \"Group\" 17-39 \\ é",
                            agencyName: "SpaceX", agencyAbbreviation: "SpX", missionName: "Starlink Group 17-39",
                            missionDescription: "A batch of satellites\nfor the constellation.", padName: "SLC-4E",
                            locationName: "Vandenberg SFB, CA, USA", latitude: 34.632, longitude: -120.611,
                            net: date("2026-07-20T14:49:32Z"), netPrecision: "Second", windowStart: date("2026-07-20T14:00:00Z"),
                            windowEnd: date("2026-07-20T18:00:00Z"), statusName: "Go for Launch", statusAbbreviation: "Go",
                            rocketName: "Falcon 9 Block 5", webcastLive: true, lastUpdated: date("2026-07-20T13:23:29Z"))
        var record = NotifyState.LaunchRecord(launch: launch, followed: true)
        record.armedNet = launch.net
        record.sentLeads = [86_400, 3600]
        record.refreshedLeads = [3600]
        record.webcastURL = "https://x.com/i/broadcasts/1qGoNNQZvEMKv"
        state.launches[launch.id] = record
        state.launches["plain"] = NotifyState.LaunchRecord(launch: Launch(id: "plain", name: "Plain"))
        state.delivered["pass:25544:2026-07-20T21:03:00Z"] = date("2026-07-20T21:10:00Z")
        state.requests = [date("2026-07-20T12:00:00Z"), date("2026-07-20T12:15:00Z")]
        return state
    }

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let state = Self.fullState()
        #expect(try NotifyState.decode(state.encoded()) == state)
        #expect(try NotifyState.decode(NotifyState().encoded()) == NotifyState())
    }

    @Test func aCutShortOrIncompleteStateIsAnError() throws {
        let whole = try Self.fullState().encoded()
        for length in stride(from: 0, to: whole.count - 2, by: 37) {
            #expect(throws: (any Error).self, "cut at \(length)") { try NotifyState.decode(whole.prefix(length)) }
        }
        #expect(throws: (any Error).self) { try NotifyState.decode(Data(#"{"format": "spacedash-notify 1", "launches": {}}"#.utf8)) }
        #expect(throws: (any Error).self) {
            try NotifyState.decode(Data(#"{"format": "x", "launches": {"a": {"launch": {"id": "a"}, "followed": true, "sentLeads": [], "refreshedLeads": []}}, "delivered": {}, "requests": []}"#.utf8))
        }
        #expect(throws: (any Error).self) {
            try NotifyState.decode(Data(#"{"format": "x", "launches": {}, "delivered": {}, "requests": ["yesterday"]}"#.utf8))
        }
    }
}
