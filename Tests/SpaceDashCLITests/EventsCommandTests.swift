import Foundation
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

/// `spacedash events` end to end: against a Launch Library on 127.0.0.1 serving
/// the real events capture (../shared/data/launches/ll2-more; skipped without
/// it), offline from the bundled events, and at times past their dates
/// (`SPACEDASH_NOW`), so nothing here rots.
@Suite struct EventsCommandTests {
    static let capture = "launches/ll2-more/ll2-2.3.0-lldev-events-upcoming-limit3-REserialised.2026-09-28.AayushXL5.json"
    static var captureAvailable: Bool { ProjectPaths.sharedData != nil }

    static func spacedash(_ arguments: [String], _ environment: [String: String]) throws -> ProcessResult {
        try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["events"] + arguments, environment: environment, timeout: 60)
    }

    static func environment(_ sandbox: Sandbox, _ server: LoopbackServer?, now: String = "2026-09-27T12:00:00Z") -> [String: String] {
        sandbox.environment(server: server, launchesPath: "/2.3.0", extra: ["TZ": "UTC", "SPACEDASH_NOW": now])
    }

    static func server() throws -> LoopbackServer {
        let server = try LoopbackServer()
        server["/2.3.0/events/upcoming/"] = .json(try Data(contentsOf: try #require(ProjectPaths.sharedData).appendingPathComponent(capture)))
        return server
    }

    @Test(.enabled(if: captureAvailable, "../shared/data is not here"))
    func liveEventsArePipedAsTabSeparatedLinesAndCached() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        let result = try Self.spacedash([], Self.environment(sandbox, server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        #expect(result.stderrText.isEmpty, "\(result.stderrText)")
        #expect(result.stdoutText == """
            2026-09-28T11:45:11Z\tFlyby\tJuice Earth Flyby\tEarth\t1017
            2026-09-28T19:00:00Z\tPress Event\tInternational Space Station Operations Update Media Teleconference\tKennedy Space Center, Florida, USA\t1520
            2026-10-02T00:00:00Z\tDocking\tSpaceX Crew-13 Crew Dragon Docking\tInternational Space Station\t1519

            """)
        #expect(server.requests.map(\.target) == ["/2.3.0/events/upcoming/?limit=100&ordering=date"])
        let again = try Self.spacedash(["iss"], Self.environment(sandbox, server))
        #expect(again.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) } == ["1520", "1519"],
                "the search reads name, type, location and description")
        #expect(server.requests.count == 1, "15 minutes fresh: no second request")
    }

    @Test(.enabled(if: captureAvailable, "../shared/data is not here"))
    func theSearchLanguageAndJSONUnderLaunchLibrarysNames() throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = try Self.spacedash(["type:docking", "--json"], Self.environment(Sandbox(), server))
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let events = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events[0]["id"] as? Int == 1519)
        #expect((events[0]["type"] as? [String: Any])?["name"] as? String == "Docking")
        #expect((events[0]["date_precision"] as? [String: Any])?["name"] as? String == "Minute")
        #expect(events[0]["date"] as? String == "2026-10-02T00:00:00Z")
        #expect((events[0]["updates"] as? [[String: Any]])?.first?["created_by"] as? String == "Cosmic_Penguin")
        let excluded = try Self.spacedash(["-type:flyby", "-press"], Self.environment(Sandbox(), server))
        #expect(excluded.stdoutText.hasPrefix("2026-10-02T00:00:00Z\tDocking"))
        let unknown = try Self.spacedash(["agnecy:x"], Self.environment(Sandbox(), server))
        #expect(unknown.exitCode == 64)
    }

    @Test func offlineTheBundledEventsAreShownAndSaidSo() throws {
        let result = try Self.spacedash(["--offline", "--limit", "2"], Self.environment(Sandbox(), nil))
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.split(separator: "\n").count == 2)
        #expect(result.stderrText == "spacedash: no cached events yet; showing the bundled sample: Launch Library 2's upcoming events of late September 2026 (its development server)\n")
    }

    /// The rot rule: an event whose date has passed is never shown as upcoming.
    @Test func pastTheBundledEventsNoneIsUpcomingAndTheCountSaysWhy() throws {
        let between = try Self.spacedash(["--offline", "-q"], Self.environment(Sandbox(), nil, now: "2026-09-28T15:00:00Z"))
        #expect(between.stdoutText.split(separator: "\n").map { $0.split(separator: "\t").last.map(String.init) } == ["1520", "1519"])
        let after = try Self.spacedash(["--offline"], Self.environment(Sandbox(), nil, now: "2027-01-01T00:00:00Z"))
        #expect(after.exitCode == 0)
        #expect(after.stdout.isEmpty)
        #expect(after.stderrText.hasSuffix("spacedash: left out 3 events whose date has passed\n"), "\(after.stderrText)")
        let json = try Self.spacedash(["--offline", "--json", "-q"], Self.environment(Sandbox(), nil, now: "2027-01-01T00:00:00Z"))
        #expect(json.stdoutText == "[\n\n]\n" || json.stdoutText == "[]\n", "\(json.stdoutText)")
    }

    @Test(.enabled(if: captureAvailable, "../shared/data is not here"))
    func aFailingServerFallsBackToTheCache() throws {
        let server = try Self.server()
        defer { server.stop() }
        let sandbox = Sandbox()
        #expect(try Self.spacedash([], Self.environment(sandbox, server)).exitCode == 0)
        server["/2.3.0/events/upcoming/"] = .json(#"{"detail":"Request was throttled. Expected available in 1200 seconds."}"#, status: 429)
        let result = try Self.spacedash(["--refresh"], Self.environment(sandbox, server))
        #expect(result.exitCode == 0)
        #expect(result.stdoutText.split(separator: "\n").count == 3)
        #expect(result.stderrText.contains("showing"), "\(result.stderrText)")
        let strict = try Self.spacedash(["--refresh", "--strict"], Self.environment(sandbox, server))
        #expect(strict.exitCode == 69)
    }

    @Test func showGivesOneEventAndAnUnknownIDIsOneLine() throws {
        let result = try Self.spacedash(["show", "1519", "--offline", "-q"], Self.environment(Sandbox(), nil) .merging(["COLUMNS": "100"]) { $1 })
        #expect(result.exitCode == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "SpaceX Crew-13 Crew Dragon Docking")
        #expect(lines.contains("  Type        Docking"))
        #expect(lines.contains("  Date        2026-10-02 00:00 UTC (to the minute), in 4d 12h"))
        #expect(lines.contains("  Location    International Space Station"))
        #expect(lines.contains("  ID          1519"))
        let gone = try Self.spacedash(["show", "1017", "--offline", "-q"], Self.environment(Sandbox(), nil, now: "2026-09-29T00:00:00Z"))
        #expect(gone.exitCode == 1)
        #expect(gone.stderrText == "spacedash: no upcoming event has the id \"1017\" (1 known); 'spacedash events' lists them\n")
    }

    @Test func onATerminalATable() throws {
        let (result, screen) = try Sandbox().runOnTerminal(["events", "--offline", "-q"], server: nil, columns: 120,
                                                           extra: ["TZ": "UTC", "SPACEDASH_NOW": "2026-09-27T12:00:00Z"])
        #expect(result.exitCode == 0)
        let lines = screen.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: "")
            .split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("DATE                  WHEN        TYPE         NAME") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("2026-10-02 00:00 UTC  in 4d 12h   Docking      SpaceX Crew-13 Crew Dragon Docking") })
    }
}

/// The events decoder on the real capture and on what it must survive.
@Suite struct SpaceEventDecoderTests {
    @Test(.enabled(if: ProjectPaths.sharedData != nil, "../shared/data is not here"))
    func theCaptureOfTheDevelopmentServer() throws {
        let data = try Data(contentsOf: try #require(ProjectPaths.sharedData).appendingPathComponent(EventsCommandTests.capture))
        let events = try SpaceEventDecoder.decode(data)
        #expect(events.map(\.id) == ["1017", "1520", "1519"])
        #expect(events[0].datePrecision == "Second", "date_precision id 0 is a precision, not absent")
        #expect(events[1].webcasts.first?.live == false && events[1].webcasts.first?.startTime == LaunchLibraryDate.date(from: "2026-09-28T19:00:00Z"))
        #expect(events[1].description?.contains("\r\n") == true, "kept as sent; cleaned where shown")
        #expect(events[0].infoLinks.first?.kind == "Official Page")
        // The bundled events are these, as the derivation script writes them.
        #expect(try BundledEvents.events() == events)
    }

    @Test func oddShapesAreAbsentNotErrors() throws {
        let body = Data(#"{"count":2,"results":[{"id":"7","name":"A","type":"EVA","location":{"name":"ISS"},"date":"soon","vid_urls":null},{"name":"no id"},null]}"#.utf8)
        let events = try SpaceEventDecoder.decode(body)
        #expect(events == [SpaceEvent(id: "7", name: "A", type: "EVA", location: "ISS")])
        #expect(throws: LaunchLibraryError.self) { try SpaceEventDecoder.decode(Data("<html>".utf8)) }
        #expect(throws: LaunchLibraryError.self) { try SpaceEventDecoder.decode(Data(#"{"detail":"Request was throttled. Expected available in 5 seconds."}"#.utf8)) }
    }

    @Test func anEventKnownToTheDayStaysUpcomingThroughItsDay() {
        let day = SpaceEvent(id: "1", name: "D", date: LaunchLibraryDate.date(from: "2026-10-02T00:00:00Z"), datePrecision: "Day")
        #expect(!day.hasPassed(at: LaunchLibraryDate.date(from: "2026-10-02T20:00:00Z")!))
        #expect(day.hasPassed(at: LaunchLibraryDate.date(from: "2026-10-03T00:00:00Z")!))
        let minute = SpaceEvent(id: "2", name: "M", date: LaunchLibraryDate.date(from: "2026-10-02T00:00:00Z"), datePrecision: "Minute")
        #expect(minute.hasPassed(at: LaunchLibraryDate.date(from: "2026-10-02T00:00:00Z")!))
        #expect(!SpaceEvent(id: "3", name: "U").hasPassed(at: .distantFuture), "an undated event is not known to have passed")
    }
}
