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
