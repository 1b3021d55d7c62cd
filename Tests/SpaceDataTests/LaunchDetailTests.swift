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
        let webcasts = try #require(try Self.object(Self.starlink)["webcasts"] as? [[String: Any]])
        #expect(webcasts.count == 1)
        #expect(webcasts[0]["url"] as? String == "https://x.com/i/broadcasts/1qGoNNQZvEMKv")
        #expect(webcasts[0]["type"] as? String == "Official Webcast")
        #expect(webcasts[0]["publisher"] as? String == "SpaceX")
        #expect(webcasts[0]["priority"] as? Int == 10)
    }
}
