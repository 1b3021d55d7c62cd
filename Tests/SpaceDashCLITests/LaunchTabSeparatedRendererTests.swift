import Foundation
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
}
