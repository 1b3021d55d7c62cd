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

    /// `COLUMNS=50` on a 100-column terminal: the details are laid out as on a 50-column
    /// screen (wrapped there, not cut), as the live view they open from; a larger
    /// `COLUMNS`, or none, wraps them at the screen's width.
    @Test func columnsLimitsTheWidthButNeverWidensIt() throws {
        let detail = try Self.detail()
        let screen = TerminalSize(columns: 100, rows: 30)
        var view = Self.view
        view.columnsLimit = 50
        let limited = view.frame(detail, size: screen)
        #expect(limited.lines.count == 30, "every row")
        #expect(limited.lines.allSatisfy { $0.displayWidth <= 50 })
        #expect(limited == Self.view.frame(detail, size: TerminalSize(columns: 50, rows: 30)))
        let net = limited.lines.map(\.plainText).filter { $0.contains("(to the") || $0.contains("second), in 2h 49m") }
        #expect(net == ["  NET         2026-07-20 14:49 UTC (to the", "              second), in 2h 49m"], "wrapped at column 50")
        #expect(limited.lines.last?.plainText == "q or Esc back to the watch · / search")

        let unset = Self.view.frame(detail, size: screen)
        #expect(unset.lines.count == 30)
        #expect(unset.lines.map(\.displayWidth).max() == 97, "no limit: wrapped at the screen's width")
        #expect(unset.lines.map(\.plainText).contains("  NET         2026-07-20 14:49 UTC (to the second), in 2h 49m"))
        view.columnsLimit = 200
        #expect(view.frame(detail, size: screen) == unset, "never wider than the screen")
        view.columnsLimit = 100
        #expect(view.frame(detail, size: screen) == unset)
    }
}
