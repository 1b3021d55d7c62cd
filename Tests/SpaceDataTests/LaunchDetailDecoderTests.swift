import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// The detail fields of the real Launch Library captures in ../shared/data/launches/ll2
/// (see SOURCES.md there). Skipped when ../shared/data is absent.
@Suite struct LaunchDetailDecoderTests {
    static let folder = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2")

    static func capture(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(folder).appendingPathComponent(name))
    }

    /// 2.2.0, mode=detailed, fetched 2026-07-20T14:38:00Z.
    static func detailed() throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(capture("capture-AArlert-world_tunnel-2.json"))
    }

    private static func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func v220DetailedReadsEveryDetailField() throws {
        let details = try Self.detailed()
        #expect(details.count == 10)
        let starlink = details[0]
        #expect(starlink.launch.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(starlink.launch.rocketName == "Falcon 9 Block 5")
        #expect(starlink.isDetailed)
        #expect(starlink.recordURL == "https://ll.thespacedevs.com/2.2.0/launch/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/")
        #expect(starlink.providerCountryCode == "USA")
        #expect(starlink.statusDescription == "Current T-0 confirmed by official or reliable sources.")
        #expect(starlink.netPrecisionDescription == "The T-0 is accurate to the second.")
        #expect(starlink.probability == nil && starlink.weatherConcerns == nil)
        #expect(starlink.holdReason == nil && starlink.failReason == nil, "\"\" is read as absent")
        #expect(starlink.mapURL == "https://www.google.com/maps?q=34.632,-120.611")
        #expect(starlink.padTimeZone == "America/Los_Angeles")
        #expect(starlink.launch.lastUpdated == Self.date("2026-07-20T14:19:43Z"))
        #expect(starlink.infoLinks == [LaunchLink(url: "https://www.spacex.com/launches/sl-17-39", title: "SpaceX",
                                                  publisher: "spacex.com", kind: "Official Page", priority: 10,
                                                  language: "English", languageCode: "en")])
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func webcastsComeOfficialFirst() throws {
        let starlink = try Self.detailed()[0]
        #expect(starlink.webcasts.map(\.url) == [
            "https://x.com/i/broadcasts/1qGoNNQZvEMKv",
            "https://www.youtube.com/watch?v=mXVL1SQKNvE",
            "https://www.youtube.com/watch?v=p648NlL0fi4",
        ])
        #expect(starlink.webcasts.map(\.kind) == ["Official Webcast", "Unofficial Webcast", "Unofficial Re-stream"])
        #expect(starlink.webcasts[1].publisher == "Spaceflight Now")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func aLaunchWithoutLinksHasNone() throws {
        let gravity = try Self.detailed()[2]
        #expect(gravity.launch.name == "Gravity-1 | Unknown Payload")
        #expect(gravity.webcasts.isEmpty && gravity.infoLinks.isEmpty)
        #expect(gravity.providerCountryCode == "CHN")
        #expect(gravity.netPrecisionDescription == "The T-0 is accurate to the hour.")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func theListModeOfTheSameLaunchesIsNotDetailed() throws {
        let list = try LaunchDetailDecoder.decode(Self.capture("capture-AArlert-world_tunnel-1.json"))
        #expect(list.count == 10)
        #expect(list.allSatisfy { !$0.isDetailed })
        #expect(list[0].statusDescription == "Current T-0 confirmed by official or reliable sources.")
        #expect(list[0].launch.lastUpdated == Self.date("2026-07-20T13:23:29Z"))
        #expect(list[0].webcasts.isEmpty && list[0].mapURL == nil)
        // The launch fields are exactly what the list decoder reads.
        #expect(list.map(\.launch) == (try LaunchLibraryDecoder.decodeLaunches(Self.capture("capture-AArlert-world_tunnel-1.json"))))
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func v230NormalBareArray() throws {
        let details = try LaunchDetailDecoder.decode(Self.capture("capture-EloxFire-astroshare-app-1.json"))
        #expect(details.count == 10)
        let vulcan = details[0]
        #expect(vulcan.launch.name == "Vulcan VC2S | Certification Flight 2")
        #expect(!vulcan.isDetailed)
        #expect(vulcan.recordURL == "https://ll.thespacedevs.com/2.3.0/launches/cd199e27-63cd-409c-817c-5c38039b17cd/")
        #expect(vulcan.netPrecisionDescription == "The T-0 is accurate to the minute.")
        #expect(vulcan.launch.lastUpdated == Self.date("2024-09-30T12:57:32Z"))
        #expect(vulcan.mapURL == "https://www.google.com/maps?q=28.58341025,-80.58303644")
        #expect(details[6].netPrecisionDescription == "The T-0 is expected in the given month.")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func aSingleRecordDecodes() throws {
        // `/launch/{id}/` answers one record: the first of the detailed capture, re-serialised alone.
        let page = try JSONSerialization.jsonObject(with: Self.capture("capture-AArlert-world_tunnel-2.json")) as? [String: Any]
        let first = try #require((page?["results"] as? [[String: Any]])?.first)
        let details = try LaunchDetailDecoder.decode(JSONSerialization.data(withJSONObject: first))
        #expect(details.count == 1)
        #expect(details.first?.launch.id == "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
        #expect(details.first?.webcasts.count == 3)
    }

    @Test func aDetailOfTheWrongTypeIsAbsentAndTheLaunchStays() throws {
        let body = Data(#"{"id":"x","name":"Rocket | Mission","probability":"high","vidURLs":{"url":1},"holdreason":7,"last_updated":"soon"}"#.utf8)
        let details = try LaunchDetailDecoder.decode(body)
        #expect(details.count == 1)
        #expect(details[0].probability == nil && details[0].webcasts.isEmpty && details[0].holdReason == nil && details[0].launch.lastUpdated == nil)
        #expect(details[0].launch.name == "Rocket | Mission")
    }

    @Test func aProbabilityOutsideAPercentIsAbsent() throws {
        let body = Data(#"[{"id":"a","name":"A","probability":-1},{"id":"b","name":"B","probability":80}]"#.utf8)
        #expect(try LaunchDetailDecoder.decode(body).map(\.probability) == [nil, 80])
    }

    @Test func notLaunchLibraryIsTheListDecodersError() {
        #expect(throws: LaunchLibraryError.self) { try LaunchDetailDecoder.decode(Data("<html>".utf8)) }
    }
}

/// Issue 30: the detailed record's boosters, landings, spacecraft, crew, updates,
/// patches, timeline and webcast facts, from every real capture in
/// ../shared/data/launches (ll2 and ll2-more). Skipped when ../shared/data is absent.
@Suite struct LaunchDetailStagesDecoderTests {
    static let shared = ProjectPaths.sharedData?.appendingPathComponent("launches")

    static func capture(_ path: String) throws -> Data {
        try Data(contentsOf: try #require(shared).appendingPathComponent(path))
    }

    static func v220Detailed() throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(capture("ll2/capture-AArlert-world_tunnel-2.json"))
    }

    static func v230Detailed() throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(capture("ll2-more/ll2-2.3.0-upcoming-detailed-limit2.2026-08-31.orbitwatch.json"))
    }

    private static func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func v220BoosterAndItsDroneshipLanding() throws {
        let starlink = try Self.v220Detailed()[0]
        #expect(starlink.stages == [LauncherStage(
            type: "Core", serialNumber: "B1082", flightNumber: 23, reused: true, turnAroundDays: 50,
            previousFlightDate: Self.date("2026-05-30T15:25:10Z"),
            landing: StageLanding(attempt: true, success: nil,
                                  description: "The Falcon 9 first stage B1082 will land on ASDS OCISLY after its 23rd flight.",
                                  downrangeDistance: 574, typeName: "Autonomous Spaceport Drone Ship", typeAbbreviation: "ASDS",
                                  locationName: "Of Course I Still Love You", locationAbbreviation: "OCISLY"))])
        #expect(starlink.spacecraft.isEmpty, "2.2.0's spacecraft_stage is null for a Starlink flight")
        #expect(starlink.flightClubURL == "https://flightclub.io/result?llId=e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
        #expect(starlink.patches.map(\.name) == ["Space X Starlink Mission Patch"])
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func v220SpacecraftStageIsOneObject() throws {
        let starship = try #require(try Self.v220Detailed().first { $0.launch.name == "Starship | Flight 13" })
        #expect(starship.spacecraft.count == 1)
        let ship = try #require(starship.spacecraft.first)
        #expect(ship.name == "Ship 40" && ship.serialNumber == "S40" && ship.configuration == "Starship V3")
        #expect(ship.destination == "Suborbital")
        #expect(ship.launchCrew.isEmpty && ship.onboardCrew.isEmpty && ship.landingCrew.isEmpty, "empty crews stay empty")
        #expect(ship.landing?.typeName == "Ocean" && ship.landing?.locationName == "Indian Ocean")
        #expect(ship.landing?.downrangeDistance == nil, "a null distance is absent")
        #expect(starship.stages.first?.reused == false && starship.stages.first?.flightNumber == 1)
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func v220WebcastsCarryLanguageAndTimes() throws {
        let starlink = try Self.v220Detailed()[0]
        let restream = try #require(starlink.webcasts.first { $0.publisher == "SPACE AFFAIRS" })
        #expect(restream.language == "English" && restream.languageCode == "en")
        #expect(restream.startTime == Self.date("2026-07-20T14:36:53Z") && restream.endTime == nil)
        #expect(restream.live == nil, "2.2.0 has no live mark of its own")
        // Live from its start while the launch says a webcast is live; not before.
        #expect(restream.isLive(at: Self.date("2026-07-20T14:40:00Z"), launchWebcastLive: true))
        #expect(!restream.isLive(at: Self.date("2026-07-20T14:30:00Z"), launchWebcastLive: true))
        #expect(!restream.isLive(at: Self.date("2026-07-20T14:40:00Z"), launchWebcastLive: false))
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func updatesComeNewestFirst() throws {
        for detail in try Self.v220Detailed() + Self.v230Detailed() {
            let times = detail.updates.compactMap(\.createdOn)
            #expect(times.count == detail.updates.count, "\(detail.launch.name): every update has its time")
            #expect(times == times.sorted(by: >), "\(detail.launch.name)")
        }
        let starlink = try Self.v220Detailed()[0]
        #expect(starlink.updates.count == 6)
        #expect(starlink.updates[0] == LaunchLibraryUpdate(comment: "Unofficial Re-stream by SPACE AFFAIRS has started", createdBy: "LL2",
                                                           createdOn: Self.date("2026-07-20T14:37:00Z"),
                                                           infoURL: "https://www.youtube.com/watch?v=p648NlL0fi4"))
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func theTimelineIsInTimeOrderRelativeToTZero() throws {
        let starlink = try Self.v220Detailed()[0]
        #expect(starlink.timeline.count == 23)
        #expect(starlink.timeline.first == LaunchTimelineEvent(offset: -2280, relativeTime: "-PT38M", abbreviation: "GO for Prop Load",
                                                               description: "Launch director verifies go for propellant load"))
        #expect(starlink.timeline.last?.offset == 3693 && starlink.timeline.last?.abbreviation == "Starlink Deployment")
        #expect(starlink.timeline.map(\.offset) == starlink.timeline.map(\.offset).sorted())
        #expect(starlink.timeline.contains { $0.relativeTime == "P0D" && $0.offset == 0 })
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"))
    func v230DetailedWithEmptyStagesAndResponseMode() throws {
        let details = try Self.v230Detailed()
        #expect(details.map(\.launch.name) == ["Pallas-1 | Demo Flight", "Electron | Owl Around The World (StriX Launch 11)"])
        for detail in details {
            #expect(detail.isDetailed, "response_mode: detailed")
            #expect(detail.stages.isEmpty && detail.spacecraft.isEmpty && detail.timeline.isEmpty && detail.webcasts.isEmpty)
            #expect(detail.weatherConcerns == nil)
        }
        #expect(details.map { $0.updates.count } == [3, 6])
        #expect(details[0].patches.map(\.name) == ["Pallas-1 Y1 Mission Patch"])
        #expect(details[0].updates[0].createdBy == "Cosmic_Penguin")
        #expect(details.contains { !$0.infoLinks.isEmpty && $0.infoLinks[0].language != nil })
    }

    @Test(.enabled(if: shared != nil, "../shared/data is not here"),
          arguments: ["ll2/capture-AArlert-world_tunnel-1.json", "ll2/capture-AArlert-world_tunnel-2.json",
                      "ll2/capture-Deepthi1510-milestone_1_airflow-docker-1.json", "ll2/capture-EloxFire-astroshare-app-1.json",
                      "ll2-more/ll2-2.3.0-upcoming-detailed-limit2.2026-08-31.orbitwatch.json",
                      "ll2-more/ll2-2.3.0-upcoming-list-limit5.2026-08-31.orbitwatch.json"])
    func everyCaptureDecodesWithEveryLaunchAndItsStatusAsNamed(path: String) throws {
        let data = try Self.capture(path)
        let details = try LaunchDetailDecoder.decode(data)
        #expect(details.map(\.launch) == (try LaunchLibraryDecoder.decodeLaunches(data)))
        let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? ["results": JSONSerialization.jsonObject(with: data)])
        let records = try #require(raw["results"] as? [[String: Any]])
        #expect(details.count == records.count, "no launch is dropped")
        for (detail, record) in zip(details, records) {
            let status = record["status"] as? [String: Any]
            #expect(detail.launch.statusName == status?["name"] as? String, "the status as Launch Library names it")
        }
        // The list of 31 August 2026 holds a "To Be Confirmed" launch, kept as named.
        if path.contains("list-limit5") { #expect(details.contains { $0.launch.statusName == "To Be Confirmed" && $0.launch.statusAbbreviation == "TBC" }) }
    }

    @Test func nullsEmptyListsAndStrangeEntriesAreAbsentNotErrors() throws {
        let body = Data(#"""
        {"id":"x","name":"R | M","response_mode":"detailed","updates":[null,{"comment":""},{"comment":"Go","created_on":"later"}],
         "timeline":[{"relative_time":"P1Y"},{"relative_time":"PT1M","type":null},{}],"mission_patches":[{"name":null},{"name":"P","priority":"9"}],
         "rocket":{"launcher_stage":[{"launcher":null,"landing":{"attempt":false,"type":"ASDS","downrange_distance":"12.5"}},7],
                   "spacecraft_stage":[{"spacecraft":{"name":"Dragon"},"launch_crew":[{"role":"Commander","astronaut":{"name":"A","agency":{"abbrev":"NASA"}}},{"astronaut":null}]}]},
         "vid_urls":[{"url":"-oProxyCommand=x","live":true},{"url":""}],"flightclub_url":""}
        """#.utf8)
        let detail = try #require(try LaunchDetailDecoder.decode(body).first)
        #expect(detail.updates == [LaunchLibraryUpdate(comment: "Go")], "an unreadable time is absent; an update without text is none")
        #expect(detail.timeline == [LaunchTimelineEvent(offset: 60, relativeTime: "PT1M")], "a year has no fixed length")
        #expect(detail.patches == [MissionPatch(name: "P", priority: 9)])
        #expect(detail.stages == [LauncherStage(landing: StageLanding(attempt: false, downrangeDistance: 12.5, typeName: "ASDS"))])
        #expect(detail.spacecraft == [SpacecraftStage(name: "Dragon", launchCrew: [CrewMember(name: "A", role: "Commander", agency: "NASA")])])
        #expect(detail.webcasts.map(\.url) == ["-oProxyCommand=x"], "kept as data; never offered to a browser")
        #expect(detail.bestWebcastAddress == nil)
        #expect(detail.flightClubURL == nil)
    }

    @Test func isoDurations() {
        #expect(LaunchTimelineEvent.seconds(inDuration: "-PT38M") == -2280)
        #expect(LaunchTimelineEvent.seconds(inDuration: "PT1H1M33S") == 3693)
        #expect(LaunchTimelineEvent.seconds(inDuration: "P0D") == 0)
        #expect(LaunchTimelineEvent.seconds(inDuration: "P1DT2H") == 93_600)
        #expect(LaunchTimelineEvent.seconds(inDuration: "PT0.5S") == 0.5)
        for bad in ["", "P", "PT", "38M", "P1M", "PT1H2", "P-1D", "PT1e9S", "PTTS"] {
            #expect(LaunchTimelineEvent.seconds(inDuration: bad) == nil, "\(bad)")
        }
    }
}
