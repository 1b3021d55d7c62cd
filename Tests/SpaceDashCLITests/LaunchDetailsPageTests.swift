import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

/// The details page a live view's search opens on Enter, of the first launch of the
/// bundled listing (Launch Library 2's of 20 July 2026) at 12:00 UTC.
@Suite struct LaunchDetailsPageTests {
    static let noon = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!

    static func detail() throws -> LaunchDetail {
        LaunchDetailsPage(try #require(try BundledLaunchListing.launches().first)).state
    }

    static let view = LaunchDetailsPageView(timeZone: TimeZone(identifier: "UTC")!, glyphs: .unicode, now: { noon })

    /// 50 columns (a narrow screen, or `COLUMNS=50`, which the screen loop applies to
    /// every view): the details are wrapped there, not cut; at 100, at the screen's width.
    @Test func theDetailsWrapAtTheWidthTheyAreGiven() throws {
        let detail = try Self.detail()
        let narrow = Self.view.frame(detail, size: TerminalSize(columns: 50, rows: 30))
        #expect(narrow.lines.count == 30, "every row")
        #expect(narrow.lines.allSatisfy { $0.displayWidth <= 50 })
        let net = narrow.lines.map(\.plainText).filter { $0.contains("(to the") || $0.contains("second), in 2h 49m") }
        #expect(net == ["  NET         2026-07-20 14:49:32 UTC (to the", "              second), in 2h 49m"], "wrapped at column 50")
        #expect(narrow.lines.last?.plainText == "q or Esc back to the watch · / search")

        let wide = Self.view.frame(detail, size: TerminalSize(columns: 100, rows: 30))
        #expect(wide.lines.count == 30)
        #expect(wide.lines.map(\.displayWidth).max() == 97, "wrapped at the screen's width")
        #expect(wide.lines.map(\.plainText).contains("  NET         2026-07-20 14:49:32 UTC (to the second), in 2h 49m"))
    }
}
