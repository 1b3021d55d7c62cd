import Foundation
import SpaceData
import Testing

@Suite struct SpaceTrimmingTests {
    /// Coordinates arrive as strings such as " -80.577366 " from older API versions.
    @Test(arguments: [
        "", " ", "\t \t", "28.5", "  28.5\t", "\u{00A0}-80.57\u{3000}", "\u{2009}a b\u{202F}", "\n28.5\n", " \r\n ", "é ", " 🚀",
    ])
    func trimsWhatFoundationsWhitespacesTrims(_ text: String) {
        #expect(String(text.trimmingSpaces()) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func keepsInnerSpacesAndWorksOnSubstrings() {
        let name = "Falcon 9 Block 5 |  Starlink Group 17-39 "
        let mission = name[name.range(of: "|")!.upperBound...]
        #expect(mission.trimmingSpaces() == "Starlink Group 17-39")
    }
}
