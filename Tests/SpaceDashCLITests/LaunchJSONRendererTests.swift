import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchJSONRendererTests {
    @Test func anEmptyResultIsAnEmptyArray() throws {
        #expect(try LaunchJSONRenderer.render([]) == "[]")
    }

    @Test func launchesAreObjectsWithEveryDocumentedField() throws {
        let launch = Launch(id: "x", name: "A | B", agencyName: "Agency", net: LaunchLibraryDate.date(from: "2026-12-01T20:25:00Z"))
        let text = try LaunchJSONRenderer.render([launch, launch])
        let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(Set(array[0].keys) == Set(Launch.CodingKeys.allCases.map(\.rawValue)))
        #expect(array[0]["net"] as? String == "2026-12-01T20:25:00Z")
        #expect(array[0]["agency"] as? String == "Agency")
        #expect(array[0]["location"] is NSNull)
        #expect(try JSONDecoder().decode([Launch].self, from: Data(text.utf8)) == [launch, launch])
    }

    /// Issue 27, item 1: JSON keeps the ISO date Launch Library gives and says
    /// what it stands for in net_precision, as the feed names it.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aNETKnownToASpanKeepsItsISODateAndNamesItsPrecision() throws {
        let launches = try LaunchCaptures.coarseDatesJuly2026Details().map(\.launch)
        let array = try #require(JSONSerialization.jsonObject(with: Data(try LaunchJSONRenderer.render(launches).utf8)) as? [[String: Any]])
        let quarter = try #require(array.first { $0["name"] as? String == "Long March 3B/E | Unknown Payload" })
        #expect(quarter["net"] as? String == "2026-12-31T00:00:00Z")
        #expect(quarter["net_precision"] as? String == "Quarter 4")
        let fiscal = try #require(array.first { $0["name"] as? String == "Long March 7A | Unknown Payload" })
        #expect(fiscal["net_precision"] as? String == "Fiscal Year")
    }

    @Test func oneLaunchIsASingleObjectThatDecodesBack() throws {
        let launch = Launch(id: "x", name: "Falcon 9 | Starlink", agencyName: "SpaceX")
        let text = try LaunchJSONRenderer.render(launch)
        #expect(text.hasPrefix("{"))
        #expect(try JSONDecoder().decode(Launch.self, from: Data(text.utf8)) == launch)
    }

    @Test func controlCharactersAJSONEncoderLeavesRawAreEscaped() throws {
        // 8-bit CSI and a bidi override: JSON leaves both raw, a terminal would obey them.
        let launch = Launch(id: "x", name: "A\u{9B}2J \u{202E}gnp", agencyName: "B\u{7F}")
        for text in [try LaunchJSONRenderer.render(launch), try LaunchJSONRenderer.render([launch])] {
            #expect(!text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
            #expect(text.contains("\\u009b") && text.contains("\\u202e") && text.contains("\\u007f"))
        }
        #expect(try JSONDecoder().decode(Launch.self, from: Data(try LaunchJSONRenderer.render(launch).utf8)) == launch)
    }
}
