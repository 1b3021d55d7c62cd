import Foundation
import Testing
@testable import SpaceData

@Suite struct LaunchTests {
    static let full = Launch(
        id: "0f1e2d3c-0000-4000-8000-000000000001", name: "Ariane 62 | Galileo L15",
        agencyName: "Arianespace", agencyAbbreviation: "ASA", agencyType: "Commercial",
        missionName: "Galileo L15", missionType: "Navigation", missionDescription: "Two \"Galileo\" satellites.\nLine two.",
        orbitName: "Medium Earth Orbit", orbitAbbreviation: "MEO",
        padName: "Ensemble de Lancement Ariane 4 (ELA-4)", locationName: "Centre Spatial Guyanais, Kourou, Guyane française",
        countryCode: "GUF", latitude: 5.2624, longitude: -52.7904,
        net: Date(timeIntervalSince1970: 1_796_156_700), netPrecision: "Minute",
        windowStart: Date(timeIntervalSince1970: 1_796_156_700), windowEnd: Date(timeIntervalSince1970: 1_796_163_900),
        statusName: "Go for Launch", statusAbbreviation: "Go", rocketName: "Ariane 62", webcastLive: true
    )

    @Test func jsonRoundTripKeepsEveryField() throws {
        let data = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(Launch.self, from: data) == Self.full)
        let bare = Launch(id: "x", name: "Unnamed")
        #expect(try JSONDecoder().decode(Launch.self, from: JSONEncoder().encode(bare)) == bare)
    }

    @Test func jsonHasTheDocumentedKeysWithNullsAndUTCDates() throws {
        let bare = Launch(id: "x", name: "Unnamed", net: Date(timeIntervalSince1970: 1_784_558_972))
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(bare)) as? [String: Any])
        #expect(Set(object.keys) == Set(Launch.CodingKeys.allCases.map(\.rawValue)))
        #expect(object["net"] as? String == "2026-07-20T14:49:32Z")
        #expect(object["agency"] is NSNull)
        #expect(object["webcast_live"] as? Bool == false)
    }

    @Test func aCachedLaunchWithABadDateIsRejected() {
        let json = #"{"id":"x","name":"n","net":"soon"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Launch.self, from: Data(json.utf8)) }
    }

    @Test func statusShortPrefersTheAbbreviation() {
        #expect(Self.full.statusShort == "Go")
        #expect(Launch(id: "x", name: "n", statusName: "TBD").statusShort == "TBD")
        #expect(Launch(id: "x", name: "n").statusShort == nil)
    }
}
