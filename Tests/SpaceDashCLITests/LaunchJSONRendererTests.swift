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
}
