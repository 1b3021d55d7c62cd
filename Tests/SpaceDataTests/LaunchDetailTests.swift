import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchDetailTests {
    /// The first launch of the 2.2.0 detailed capture of 20 July 2026 (../shared/data/launches/ll2, capture 2).
    static let starlink = LaunchDetail(
        launch: Launch(id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink Group 17-39",
                       agencyName: "SpaceX", net: LaunchLibraryDate.date(from: "2026-07-20T14:49:32Z"),
                       lastUpdated: LaunchLibraryDate.date(from: "2026-07-20T14:19:43Z")),
        isDetailed: true, providerCountryCode: "USA",
        webcasts: [LaunchLink(url: "https://x.com/i/broadcasts/1qGoNNQZvEMKv", title: "Starlink Mission", publisher: "SpaceX",
                              kind: "Official Webcast", priority: 10)])

    static func object(_ detail: LaunchDetail) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any])
    }

    @Test func encodesOneFlatObjectWithEveryLaunchFieldAndEveryDetailField() throws {
        let object = try Self.object(Self.starlink)
        let expected = Set(Launch.CodingKeys.allCases.map(\.rawValue) + LaunchDetail.CodingKeys.allCases.map(\.rawValue))
        #expect(Set(object.keys) == expected)
        #expect(object["name"] as? String == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(object["net"] as? String == "2026-07-20T14:49:32Z")
        #expect(object["last_updated"] as? String == "2026-07-20T14:19:43Z")
        #expect(object["agency_country_code"] as? String == "USA")
        #expect(object["detailed"] as? Bool == true)
        #expect(object["probability"] is NSNull, "absent values are null, so scripts see a fixed shape")
    }

    @Test func linksKeepTheirKindAndPublisher() throws {
        let webcasts = try #require(try Self.object(Self.starlink)["vid_urls"] as? [[String: Any]], "Launch Library's name")
        #expect(webcasts.count == 1)
        #expect(webcasts[0]["url"] as? String == "https://x.com/i/broadcasts/1qGoNNQZvEMKv")
        #expect((webcasts[0]["type"] as? [String: Any])?["name"] as? String == "Official Webcast", "nested as Launch Library nests it")
        #expect(webcasts[0]["publisher"] as? String == "SpaceX")
        #expect(webcasts[0]["priority"] as? Int == 10)
    }
}

/// Issue 30: `launches show --json` carries the detailed record's parts under Launch Library's names.
@Suite struct LaunchDetailJSONNamesTests {
    @Test func thePartsUseLaunchLibrarysNames() throws {
        let detail = LaunchDetail(
            launch: Launch(id: "x", name: "R | M"), isDetailed: true, holdReason: "Weather",
            webcasts: [LaunchLink(url: "https://w", language: "English", languageCode: "en",
                                  startTime: LaunchLibraryDate.date(from: "2026-07-20T14:36:53Z"), live: true)],
            flightClubURL: "https://flightclub.io/result?llId=x",
            stages: [LauncherStage(type: "Core", serialNumber: "B1082", flightNumber: 23, reused: true,
                                   landing: StageLanding(attempt: true, downrangeDistance: 574, typeName: "Autonomous Spaceport Drone Ship",
                                                         typeAbbreviation: "ASDS", locationName: "Of Course I Still Love You"))],
            spacecraft: [SpacecraftStage(name: "Endeavour", serialNumber: "C206", configuration: "Crew Dragon",
                                         launchCrew: [CrewMember(name: "A", role: "Commander", agency: "NASA")])],
            updates: [LaunchLibraryUpdate(comment: "Go", createdBy: "LL2", createdOn: LaunchLibraryDate.date(from: "2026-07-20T14:37:00Z"))],
            patches: [MissionPatch(name: "Patch", imageURL: "https://p", priority: 10)],
            timeline: [LaunchTimelineEvent(offset: -2280, relativeTime: "-PT38M", abbreviation: "GO for Prop Load")])
        let object = try LaunchDetailTests.object(detail)
        #expect(object["holdreason"] as? String == "Weather")
        #expect(object["flightclub_url"] as? String == "https://flightclub.io/result?llId=x")
        let webcast = try #require((object["vid_urls"] as? [[String: Any]])?.first)
        #expect((webcast["language"] as? [String: Any])?["code"] as? String == "en")
        #expect(webcast["start_time"] as? String == "2026-07-20T14:36:53Z" && webcast["live"] as? Bool == true)
        let stage = try #require((object["launcher_stage"] as? [[String: Any]])?.first)
        #expect((stage["launcher"] as? [String: Any])?["serial_number"] as? String == "B1082")
        #expect(stage["launcher_flight_number"] as? Int == 23 && stage["reused"] as? Bool == true)
        let landing = try #require(stage["landing"] as? [String: Any])
        #expect((landing["type"] as? [String: Any])?["abbrev"] as? String == "ASDS")
        #expect((landing["landing_location"] as? [String: Any])?["name"] as? String == "Of Course I Still Love You")
        #expect(landing["downrange_distance"] as? Double == 574)
        let craft = try #require((object["spacecraft_stage"] as? [[String: Any]])?.first)
        #expect((craft["spacecraft"] as? [String: Any])?["serial_number"] as? String == "C206")
        let crew = try #require((craft["launch_crew"] as? [[String: Any]])?.first)
        #expect((crew["role"] as? [String: Any])?["role"] as? String == "Commander")
        #expect((crew["astronaut"] as? [String: Any])?["name"] as? String == "A")
        let update = try #require((object["updates"] as? [[String: Any]])?.first)
        #expect(update["created_by"] as? String == "LL2" && update["created_on"] as? String == "2026-07-20T14:37:00Z")
        #expect((object["mission_patches"] as? [[String: Any]])?.first?["image_url"] as? String == "https://p")
        let step = try #require((object["timeline"] as? [[String: Any]])?.first)
        #expect(step["relative_time"] as? String == "-PT38M")
        #expect((step["type"] as? [String: Any])?["abbrev"] as? String == "GO for Prop Load")
    }
}
