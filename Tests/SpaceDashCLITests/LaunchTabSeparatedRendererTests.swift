import Foundation
import Terminal
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct LaunchTabSeparatedRendererTests {
    @Test func aLaunchIsSevenTabSeparatedFieldsWithAUTCDate() {
        let launch = Launch(id: "id-1", name: "Ariane 62 | Galileo L15", agencyName: "Arianespace", missionType: "Navigation",
                            locationName: "Centre Spatial Guyanais, Kourou, Guyane française",
                            net: LaunchLibraryDate.date(from: "2026-12-01T20:25:00Z"), statusName: "Go for Launch", statusAbbreviation: "Go")
        #expect(LaunchTabSeparatedRenderer.line(launch)
            == "2026-12-01T20:25:00Z\tAriane 62 | Galileo L15\tArianespace\tNavigation\tCentre Spatial Guyanais, Kourou, Guyane française\tGo for Launch\tid-1")
    }

    @Test func missingValuesAreEmptyFields() {
        let line = LaunchTabSeparatedRenderer.line(Launch(id: "x", name: "Unknown | Samos 2"))
        #expect(line == "\tUnknown | Samos 2\t\t\t\t\tx")
    }

    @Test func tabsAndLineBreaksInTheDataNeverBreakARow() {
        let launch = Launch(id: "x", name: "A\tB\nC\r\nD", agencyName: "\u{1B}[31mRed\u{1B}[0m", missionType: "line\u{2028}separator")
        let line = LaunchTabSeparatedRenderer.line(launch)
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{1B}") && !line.contains("\u{2028}"))
        #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 7)
        #expect(line.contains("A B C D"))
        #expect(LaunchTabSeparatedRenderer.fieldNames.count == 7)
    }

    @Test func colourHighlightsTheMatchesAndKeepsSevenFields() {
        let launch = Launch(id: "id-1", name: "Falcon 9 | Starlink\tGroup", agencyName: "SpaceX", statusName: "Go for Launch", statusAbbreviation: "Go")
        let name = launch.name
        let start = name.range(of: "Starlink")!
        let row = LaunchRow(launch, highlights: [.name: [start], .status: [launch.statusAbbreviation!.startIndex..<launch.statusAbbreviation!.endIndex]])
        let coloured = LaunchTabSeparatedRenderer.line(row, mode: .colour)
        let fields = coloured.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(fields.count == 7)
        #expect(fields[1] == "Falcon 9 | " + StyledText("Starlink", style: .highlight).rendered(.colour) + " Group")
        #expect(fields[5] == "Go for Launch", "the status ranges are in the abbreviation, not this field")
        let unstyled = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(unstyled == LaunchTabSeparatedRenderer.line(launch))
        #expect(LaunchTabSeparatedRenderer.line(row, mode: .plain) == LaunchTabSeparatedRenderer.line(launch))
    }
}
