import Foundation
import SpaceData
import Streams
import Terminal
import Testing
@testable import SpaceDashCLI

@Suite struct LaunchSearchViewTests {
    /// A state with `query` searched over `launches`, first row selected.
    static func state(_ query: String, _ launches: [Launch]) -> LaunchSearchState {
        let data = LaunchSearchData(launches: launches, origin: .sample)
        let matches = LaunchSearchMatches(query: query, data: data, matches: data.catalog.search(query))
        return LaunchSearchState(editor: LineEditor(text: query), matches: matches,
                                 selectedIndex: matches.count > 0 ? 0 : nil, data: data, searchCount: 1)
    }

    static let launches = [
        Launch(id: "a", name: "Falcon 9 | Starlink", agencyName: "SpaceX", missionDescription: "Satellites\u{1B}[31m",
               padName: "SLC-40", locationName: "Cape Canaveral", statusName: "Go for Launch", rocketName: "Falcon 9"),
        Launch(id: "b", name: "Electron | Kinéis", agencyName: "Rocket Lab"),
    ]

    @Test func drawsThePromptStatusResultsAndDetails() {
        let view = LaunchSearchView()
        let frame = view.frame(Self.state("falcon", Self.launches), size: TerminalSize(columns: 60, rows: 20), now: Date(timeIntervalSince1970: 1_800_000_000))
        let text = frame.lines.map(\.plainText)
        #expect(text[0] == "> falcon")
        #expect(frame.cursor == CursorPosition(row: 0, column: 8))
        #expect(text[1] == "1 / 2 launches · bundled listing of 20 July 2026")
        #expect(text[2] == "▶ —  Falcon 9 | Starlink · SpaceX · Cape Canaveral", "no date known: a dash where it would be")
        #expect(frame.lines[2].spans.contains { $0.text == "Falcon" && $0.style.bold })
        #expect(text.contains("Pad:     SLC-40, Cape Canaveral"))
        #expect(text.contains("Rocket:  Falcon 9"))
        #expect(!text.joined().contains("\u{1B}"), "API text never brings escape sequences")
    }

    @Test func everyRowShowsItsCountdownOrItsDate() throws {
        let now = try #require(LaunchLibraryDate.date(from: "2026-11-24T12:00:00Z"))
        let launches = [
            Launch(id: "p", name: "Past", net: now.addingTimeInterval(-3 * 86_400), netPrecision: "Minute"),
            Launch(id: "s", name: "Soon", net: now.addingTimeInterval(5 * 3600 + 12 * 60), netPrecision: "Minute"),
            Launch(id: "m", name: "Month", net: now.addingTimeInterval(45 * 86_400 + 60), netPrecision: "Month"),
            Launch(id: "u", name: "Unknown"),
        ]
        var view = LaunchSearchView()
        view.timeZone = try #require(TimeZone(identifier: "UTC"))
        var state = Self.state("", launches)
        state.showsDetails = false
        let text = view.frame(state, size: TerminalSize(columns: 60, rows: 10), now: now).lines.map(\.plainText)
        #expect(Array(text[2...5]) == ["▶ 2026-11-21  Past", "  in 5h 12m   Soon", "  in ~45d     Month", "  —           Unknown"])
    }

    @Test func theRowsShownStartAtTheScrollOffsetAndKeepTheSelectionInView() {
        let launches = (0 ..< 30).map { Launch(id: "\($0)", name: "Launch \($0)") }
        let view = LaunchSearchView()
        var state = Self.state("", launches)
        state.showsDetails = false
        state.selectedIndex = 7
        state.scrollOffset = 5
        let size = TerminalSize(columns: 40, rows: 7)  // 5 result rows
        var text = view.frame(state, size: size, now: Date(timeIntervalSince1970: 0)).lines.map(\.plainText)
        #expect(Array(text[2...]) == ["  —  Launch 5", "  —  Launch 6", "▶ —  Launch 7", "  —  Launch 8", "  —  Launch 9"])
        state.selectedIndex = 12  // out of view (the pane grew smaller): the view shows it on its last row
        text = view.frame(state, size: size, now: Date(timeIntervalSince1970: 0)).lines.map(\.plainText)
        #expect(text[2] == "  —  Launch 8" && text[6] == "▶ —  Launch 12")
    }

    @Test func asciiGlyphsDrawNoUnicodeMarksButKeepTheLaunchesOwnText() throws {
        let start = try #require(LaunchLibraryDate.date(from: "2026-12-01T20:25:00Z"))
        let launches = Self.launches + [
            Launch(id: "w", name: "Falcon 9 | Window with a name long enough to be cut", agencyName: "SpaceX", net: start,
                   netPrecision: "Minute", windowStart: start, windowEnd: start.addingTimeInterval(7200)),
            Launch(id: "t", name: "Long March 7 | Tianzhou 10 (天舟十号)", agencyName: "CASC"),
        ]
        var view = LaunchSearchView()
        view.glyphs = Glyphs.forLocale(["LANG": "C"])
        view.timeZone = try #require(TimeZone(identifier: "UTC"))
        var state = Self.state("", launches)
        state.selectedIndex = 2
        let size = TerminalSize(columns: 48, rows: 20)
        let frame = view.frame(state, size: size, now: start.addingTimeInterval(-3600))
        let text = frame.lines.map(\.plainText)
        #expect(text[1] == "4 / 4 launches | bundled listing of 20 July 2026")
        #expect(text[2].hasPrefix("  -      Falcon 9 | Starlink | SpaceX"))
        #expect(text[4].hasPrefix("> in 1h  Falcon 9 | Window with a name long"))
        #expect(text[4].hasSuffix("..."))
        #expect(text[5].hasPrefix("  -      Long March 7 | Tianzhou 10 (天舟十号"), "launch names are data: shown as they are")
        #expect(text.contains(String(repeating: "-", count: 48)))
        #expect(text.contains("Window:  2026-12-01 20:25 - 22:25 UTC | in 1h"))
        #expect(text.contains("Mission: -"), "nothing known: an ASCII dash")
        #expect(frame.lines.allSatisfy { $0.displayWidth <= 48 }, "cut by display width, the three dots counted")
        let marks: [Character] = ["▶", "·", "─", "…", "–", "—"]
        #expect(!text.joined().contains { marks.contains($0) }, "\(text)")

        var loading = LaunchSearchState(editor: LineEditor(text: ""), searchCount: 0)
        loading.data = nil
        let spinner = view.frame(loading, size: size, now: start).lines[1].plainText
        #expect(spinner == "| loading launches...")
    }

    @Test func tabHidesTheDetailsAndAShortTerminalHasNone() {
        let view = LaunchSearchView()
        var state = Self.state("", Self.launches)
        #expect(view.frame(state, size: TerminalSize(columns: 60, rows: 8), now: Date()).lines.map(\.plainText).allSatisfy { !$0.hasPrefix("Pad:") })
        #expect(LaunchSearchView.resultRows(in: TerminalSize(columns: 60, rows: 8), showingDetails: true) == 6, "no room for the details")
        #expect(LaunchSearchView.resultRows(in: TerminalSize(columns: 60, rows: 20), showingDetails: true) == 11)
        state.showsDetails = false
        let frame = view.frame(state, size: TerminalSize(columns: 60, rows: 20), now: Date())
        #expect(frame.lines.count == 4)
        #expect(LaunchSearchView.resultRows(in: TerminalSize(columns: 60, rows: 20), showingDetails: false) == 18)
    }

    /// A long paste: an ellipsis at the left of the prompt says text is hidden there.
    @Test func aLongQueryShowsAMarkWhereTextIsHidden() {
        let query = String(repeating: "spacex ", count: 20) + "crew"
        var view = LaunchSearchView()
        let frame = view.frame(Self.state(query, Self.launches), size: TerminalSize(columns: 30, rows: 8), now: Date(timeIntervalSince1970: 0))
        #expect(frame.lines[0].plainText == "> … spacex spacex spacex crew")
        #expect(frame.cursor == CursorPosition(row: 0, column: 29))
        view.glyphs = .ascii
        let ascii = view.frame(Self.state(query, Self.launches), size: TerminalSize(columns: 30, rows: 8), now: Date(timeIntervalSince1970: 0))
        #expect(ascii.lines[0].plainText == "> ...pacex spacex spacex crew")
        let short = view.frame(Self.state("crew", Self.launches), size: TerminalSize(columns: 30, rows: 8), now: Date(timeIntervalSince1970: 0))
        #expect(short.lines[0].plainText == "> crew", "nothing hidden, no mark")
    }

    @Test func aLaunchFromGCATsHistoryCarriesItsCreditOnTheDetailsPane() throws {
        var view = LaunchSearchView()
        view.timeZone = try #require(TimeZone(identifier: "UTC"))
        let history = view.frame(Self.state("apollo 11", LaunchHistory.launches), size: TerminalSize(columns: 80, rows: 20), now: Date(timeIntervalSince1970: 0))
            .lines.map(\.plainText)
        #expect(history.contains { $0.contains("Apollo 11") })
        let rule = try #require(history.first { $0.hasPrefix("──") })
        #expect(rule.hasPrefix("── Source: GCAT, J. McDowell, planet4589.org/space/gcat ─") && DisplayWidth.of(rule) == 80)

        let listing = view.frame(Self.state("falcon", Self.launches), size: TerminalSize(columns: 80, rows: 20), now: Date(timeIntervalSince1970: 0))
            .lines.map(\.plainText)
        #expect(listing.contains(String(repeating: "─", count: 80)), "Launch Library's launches keep a plain rule")
    }

    @Test func longNamesAreCutToTheWidth() {
        let frame = LaunchSearchView().frame(Self.state("", Self.launches), size: TerminalSize(columns: 12, rows: 6), now: Date())
        #expect(frame.lines.allSatisfy { $0.displayWidth <= 12 })
    }

    @Test func theDetailsShowTheWindowInTheViewsZoneWithACountdown() throws {
        let start = try #require(LaunchLibraryDate.date(from: "2026-12-01T20:25:00Z"))
        let launch = Launch(id: "w", name: "Falcon 9 | Window", net: start, netPrecision: "Minute",
                            windowStart: start, windowEnd: start.addingTimeInterval(7200))
        var view = LaunchSearchView()
        view.timeZone = try #require(TimeZone(identifier: "Europe/Paris"))
        let now = start.addingTimeInterval(-(3 * 86_400 + 4 * 3600))
        let local = view.frame(Self.state("", [launch]), size: TerminalSize(columns: 80, rows: 20), now: now).lines.map(\.plainText)
        #expect(local.contains("Window:  2026-12-01 21:25 – 23:25 CET · in 3d 4h"), "\(local)")
        #expect(!local.joined().contains("2026-12-01T20:25:00Z"), "not ISO UTC")
        view.timeZone = try #require(TimeZone(identifier: "UTC"))
        let utc = view.frame(Self.state("", [launch]), size: TerminalSize(columns: 80, rows: 20), now: now).lines.map(\.plainText)
        #expect(utc.contains("Window:  2026-12-01 20:25 – 22:25 UTC · in 3d 4h"))
    }
}
