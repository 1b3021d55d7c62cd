import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

/// Wherever a launch's name is cut, the rocket gives way before the mission: the
/// table, the search as you type and the watch, on the real bundled listing.
@Suite struct LaunchNameFitTests {
    @Test func aCutNameKeepsTheMatchesOfItsMissionHighlighted() {
        let name = "Falcon 9 Block 5 | Starlink Group 17-39"
        let cell = StyledText(name, highlighting: [name.range(of: "Starlink")!, name.range(of: "Falcon")!])
        let cut = LaunchNameFit.keepingMission(cell, width: 27, ellipsis: "…")
        #expect(cut?.plainText == "Fal… | Starlink Group 17-39")
        #expect(cut?.spans.contains { $0.text == "Starlink" && $0.style == .highlight } == true)
        #expect(cut?.spans.first?.text == "Fal…" && cut?.spans.first?.style == .highlight)
        #expect(LaunchNameFit.keepingMission(cell, width: 23, ellipsis: "…") == nil, "no room for a letter of the rocket")
        #expect(LaunchNameFit.keepingMission(StyledText("Soyuz 2.1a"), width: 5, ellipsis: "…") == nil)
    }

    @Test func aNameThatFitsStaysWholeAndOneWithoutAMissionIsCutAtItsEnd() {
        #expect(LaunchNameFit.fitted(StyledText("Electron | Kinéis"), toWidth: 40, ellipsis: "…").plainText == "Electron | Kinéis")
        #expect(LaunchNameFit.fitted(StyledText("Soyuz 2.1a"), toWidth: 6, ellipsis: "…").plainText == "Soyuz…")
    }

    /// The three Starlink launches of the listing of 20 July 2026 read apart at 50 columns.
    @Test func theSearchAsYouTypeKeepsTheMissions() throws {
        let launches = try BundledLaunchListing.launches()
        var view = LaunchSearchView()
        view.glyphs = .unicode
        let frame = view.frame(LaunchSearchViewTests.state("starlink", launches), size: TerminalSize(columns: 50, rows: 12),
                               now: LaunchWatchViewTests.noon)
        let rows = frame.lines.map(\.plainText).filter { $0.contains("| Starlink Group") }
        #expect(rows.count >= 3, "\(frame.lines.map(\.plainText))")
        #expect(Set(rows.map { $0.components(separatedBy: "| ").last ?? "" }).count == rows.count, "\(rows)")
        #expect(rows.allSatisfy { $0.contains("… | Starlink Group") }, "\(rows)")
    }

    @Test func theWatchKeepsTheMissions() throws {
        let frame = LaunchWatchViewTests.view.frame(try LaunchWatchViewTests.state(), size: TerminalSize(columns: 40, rows: 20))
        let rows = frame.lines.map(\.plainText).filter { $0.contains("| Starlink Group") }
        #expect(rows.count >= 2, "\(frame.lines.map(\.plainText))")
        #expect(rows.contains { $0.contains("… | Starlink Group 17-39") }, "\(rows)")
        #expect(frame.lines.allSatisfy { $0.displayWidth <= 40 })
    }
}
