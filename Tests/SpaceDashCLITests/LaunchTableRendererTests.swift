import Foundation
import Testing
import SpaceData
import Terminal
@testable import SpaceDashCLI

@Suite struct LaunchTableRendererTests {
    static let now = LaunchLibraryDate.date(from: "2026-11-21T06:00:00Z")!
    static let galileo = Launch(
        id: "g", name: "Ariane 62 | Galileo L15 (FOC FM31 & FM32)", agencyName: "Arianespace", missionType: "Navigation",
        locationName: "Centre Spatial Guyanais, Kourou, Guyane française", net: LaunchLibraryDate.date(from: "2026-12-01T20:25:00Z"),
        netPrecision: "Minute", statusName: "Go for Launch", statusAbbreviation: "Go")
    static let tianzhou = Launch(
        id: "t", name: "Long March 7 | Tianzhou 10 (天舟十号)", agencyName: "China Aerospace Science and Technology Corporation",
        missionType: "Resupply", locationName: "Wenchang Space Launch Site, People's Republic of China",
        net: LaunchLibraryDate.date(from: "2026-12-05T02:30:00Z"), netPrecision: "Minute", statusName: "To Be Confirmed", statusAbbreviation: "TBC")

    private func renderer(width: Int, mode: StyleMode = .plain, countdown: Bool = true) -> LaunchTableRenderer {
        LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now), width: width, mode: mode, showsCountdown: countdown)
    }

    @Test func aWideTerminalShowsEverythingWhole() {
        let lines = renderer(width: 300).render([LaunchRow(Self.galileo), LaunchRow(Self.tianzhou)])
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("DATE  "))
        #expect(lines[0].contains("T-") && lines[0].hasSuffix("STATUS"))
        #expect(lines[1].hasPrefix("2026-12-01 20:25 UTC  in 10d 14h  Ariane 62 | Galileo L15 (FOC FM31 & FM32)"))
        #expect(lines[1].contains("Centre Spatial Guyanais, Kourou, Guyane française"))
        #expect(lines[2].contains("Long March 7 | Tianzhou 10 (天舟十号)"))
        #expect(lines[2].hasSuffix("TBC"))
        // Columns line up in display cells, wide characters counted twice.
        let agencyColumn = lines.map { line in DisplayWidth.of(line[..<line.range(of: line == lines[0] ? "AGENCY" : (line == lines[1] ? "Arianespace" : "China"))!.lowerBound]) }
        #expect(Set(agencyColumn).count == 1)
    }

    /// The name gets the width first: the date turns compact, then whole columns go,
    /// and only then is the name cut; dates and statuses are never cut.
    @Test(arguments: [60, 80, 100, 120])
    func aNarrowTerminalFitsTheNameFirstAndCutsByDisplayWidthWithAnEllipsis(_ width: Int) {
        let lines = renderer(width: width).render([LaunchRow(Self.galileo), LaunchRow(Self.tianzhou)])
        for line in lines {
            #expect(DisplayWidth.of(line) <= width, "\(line)")
        }
        #expect(lines[1].hasPrefix("2026-12-01 20:25 UTC  ") || lines[1].hasPrefix("Dec 1 20:25  "), "the date is never cut: \(lines[1])")
        #expect(lines[2].hasSuffix("TBC"), "the status is never cut")
        let otherColumns = ["AGENCY", "MISSION", "LOCATION"].filter { lines[0].contains($0) }
        if !otherColumns.isEmpty {
            #expect(lines[1].contains(Self.galileo.name) && lines[2].contains(Self.tianzhou.name), "\(otherColumns) shown beside a cut name: \(lines)")
        }
        #expect(lines.joined().contains("…") == (width != 80), "at 80 columns everything left fits whole: \(lines)")
    }

    @Test func matchedTextIsHighlightedInColour() {
        let name = Self.galileo.name
        let range = name.range(of: "Galileo")!
        let line = renderer(width: 300, mode: .colour).render([LaunchRow(Self.galileo, highlights: [.name: [range]])])[1]
        #expect(line.contains("\u{1B}[1;33mGalileo\u{1B}[0m"))
        let plain = renderer(width: 300, mode: .plain).render([LaunchRow(Self.galileo, highlights: [.name: [range]])])[1]
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func hostileTextCannotReachTheTerminal() {
        var evil = Self.galileo
        evil.name = "Evil\u{1B}]0;pwned\u{07} | \u{1B}[2JWipe\nsecond line"
        let line = renderer(width: 300, mode: .colour).render([LaunchRow(evil)])[1]
        #expect(!line.contains("\u{1B}]") && !line.contains("\u{1B}[2J") && !line.contains("\n") && !line.contains("\u{07}"))
    }

    @Test(arguments: [60, 100])
    func inASCIIACutEndsInThreeDotsAndTheColumnsStillLineUp(_ width: Int) {
        let table = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now), width: width,
                                        mode: .plain, showsCountdown: true, ellipsis: Glyphs.forLocale(["LANG": "C"]).ellipsis)
        let lines = table.render([LaunchRow(Self.galileo), LaunchRow(Self.tianzhou)])
        #expect(!lines.joined().contains("…"))
        #expect(lines.joined().contains("..."))
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        // The status column starts at the same cell on every line, wide characters counted twice.
        let statusColumn = zip(lines, ["STATUS", "Go", "TBC"]).map { line, status in
            DisplayWidth.of(line[..<line.range(of: status, options: .backwards)!.lowerBound])
        }
        #expect(Set(statusColumn).count == 1, "\(lines)")
    }

    @Test func theLaunchesCommandOnACLocaleTerminalCutsWithThreeDots() async {
        func table(_ locale: String) async -> String {
            let streams = OutputStreams.memory(stdoutIsTerminal: true)
            let environment = ["LANG": locale, "COLUMNS": "70", "NO_COLOR": "1", "SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-table-test",
                               "SPACEDASH_NOW": "2026-07-20T14:38:00Z"]  // the bundled listing as of its own date
            _ = await SpaceDash.run(arguments: ["launches", "search", "--offline"], environment: environment, streams: streams)
            return streams.stdout.text
        }
        let ascii = await table("C")
        #expect(ascii.contains("..."))
        #expect(!ascii.contains("…"))
        #expect(ascii.contains("Falcon 9 Bl... | Starlink Group 17-39"), "the name is cut last, after whole columns, from its rocket")
        let unicode = await table("C.UTF-8")
        #expect(unicode.contains("…"))
    }

    @Test func aLongAgencyGivesWayToItsAbbreviationWhenCut() {
        var casc = Self.tianzhou
        casc.agencyAbbreviation = "CASC"
        let abbreviation = "CASC"
        let lines = renderer(width: 130, mode: .colour).render([
            LaunchRow(casc, agencyAbbreviationHighlights: [abbreviation.startIndex..<abbreviation.index(abbreviation.startIndex, offsetBy: 2)]),
            LaunchRow(Self.galileo),
        ])
        #expect(lines[1].contains("\u{1B}[1;33mCA\u{1B}[0mSC"))
        #expect(!lines[1].contains("China"))
        #expect(lines[2].contains("Arianespace"), "a name that fits stays")
        let wide = renderer(width: 300).render([LaunchRow(casc)])
        #expect(wide[1].contains("China Aerospace Science and Technology Corporation"))
    }

    @Test func pastLaunchesHaveNoCountdown() {
        let lines = renderer(width: 300, countdown: false).render([LaunchRow(Self.galileo)])
        #expect(!lines[0].contains("T-"))
        #expect(lines[1].hasPrefix("2026-12-01 20:25 UTC  Ariane 62"))
    }

    @Test func noLineEndsInPadding() {
        var quiet = Self.galileo
        quiet.statusAbbreviation = nil
        quiet.statusName = nil
        for line in renderer(width: 300).render([LaunchRow(quiet), LaunchRow(Self.tianzhou)]) {
            #expect(!line.hasSuffix(" "))
        }
    }
}

@Suite struct LaunchTableRendererNarrowTests {
    @Test func aVeryNarrowTerminalDropsWholeColumnsBeforeItCutsTheName() {
        let renderer = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchTableRendererTests.now),
                                           width: 60, mode: .plain, showsCountdown: true)
        let lines = renderer.render([LaunchRow(LaunchTableRendererTests.galileo)])
        #expect(!lines[0].contains("MISSION") && !lines[0].contains("LOCATION") && !lines[0].contains("AGENCY"))
        #expect(lines[0].contains("T-") && lines[0].contains("STATUS"), "short columns stay")
        #expect(lines[1].hasPrefix("Dec 1 20:25  in 10d 14h  Ariane 62 | Galileo L15"), "a compact date: \(lines[1])")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }
}

/// The real bundled listing (Launch Library 2's of 20 July 2026) at 12:00 UTC that day:
/// its three Starlink launches differ only by their group number, at the end of the name.
@Suite struct LaunchTableRendererListingTests {
    static func lines(width: Int) throws -> [String] {
        let launches = try BundledLaunchListing.launches()
        let renderer = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchCaptures.july20Noon),
                                           width: width, mode: .plain, showsCountdown: true)
        return renderer.render(launches.map { LaunchRow($0) })
    }

    @Test func at120ColumnsTheStarlinkLaunchesReadDifferently() throws {
        let lines = try Self.lines(width: 120)
        let starlinks = lines.filter { $0.contains("Starlink") }
        #expect(starlinks.count == 3)
        for group in ["17-39", "17-51", "17-52"] {
            #expect(starlinks.contains { $0.contains("Falcon 9 Block 5 | Starlink Group \(group)") }, "\(lines)")
        }
        #expect(lines[1].hasPrefix("2026-07-20 14:49 UTC  in 2h 49m"), "the full date where it fits")
        #expect(lines[0].contains("MISSION") && lines[0].contains("LOCATION"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 120 })
    }

    @Test func at80ColumnsDatesAreCompactAndColumnsGoBeforeTheName() throws {
        let lines = try Self.lines(width: 80)
        #expect(!lines[0].contains("MISSION") && !lines[0].contains("LOCATION"))
        #expect(lines[1].hasPrefix("Jul 20 14:49  in 2h 49m  Falcon 9 Block 5 | Starlink Group 17-39  "), "\(lines[1])")
        for group in ["17-39", "17-51", "17-52"] {
            #expect(lines.contains { $0.contains("Falcon 9 Block 5 | Starlink Group \(group)") })
        }
        for launch in try BundledLaunchListing.launches() {
            #expect(lines.contains { $0.contains(launch.name) }, "\(launch.name) whole")
        }
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    }

    /// Cut at its end, each would read "Falcon 9 Block 5 | Starlin…": the rocket gives way.
    @Test func at60ColumnsACutNameKeepsItsMission() throws {
        let lines = try Self.lines(width: 60)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
        for group in ["17-39", "17-51", "17-52"] {
            #expect(lines.contains { $0.contains("Fal… | Starlink Group \(group)") }, "\(lines)")
        }
        #expect(lines.contains { $0.contains("Gravity-1 | Unknown Payload") }, "a name that fits stays whole")
    }

    /// Issue 30: a live webcast is marked; a status other than Go stays in sight beside it.
    @Test func aLiveWebcastIsMarkedInTheStatusColumn() throws {
        var launches = try BundledLaunchListing.launches()
        launches[1].webcastLive = true
        launches[1].statusAbbreviation = "Hold"
        let renderer = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchCaptures.july20Noon),
                                           width: 160, mode: .plain, showsCountdown: true)
        let lines = renderer.render(launches.map { LaunchRow($0) })
        #expect(lines[1].hasSuffix("  LIVE"))
        #expect(lines[2].hasSuffix("  Hold LIVE"))
        #expect(lines[3].hasSuffix("  Go"))
        let coloured = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchCaptures.july20Noon),
                                           width: 160, mode: .colour, showsCountdown: true).render(launches.map { LaunchRow($0) })
        #expect(coloured[1].contains("\u{1B}[1;31mLIVE"), "bold red")
    }

    @Test func at40ColumnsOnlyTheNameIsCut() throws {
        let lines = try Self.lines(width: 40)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(lines[1].hasPrefix("Jul 20 14:49  in 2h 49m"))
        // Issue 30: the listing says Starlink Group 17-39's webcast is live; LIVE stands for its Go.
        #expect(lines[1].contains("Falcon") && lines[1].hasSuffix("LIVE"), "\(lines[1])")
        #expect(lines[2].hasSuffix("Go"), "\(lines[2])")
    }
}

extension LaunchTableRendererTests {
    // MARK: Why a row matched

    static func rows(_ query: String, _ launches: [Launch]) -> [LaunchRow] {
        LaunchSearch.rows(LaunchCatalog(ordered: launches, filter: SearchQuery(query)).selected)
    }

    /// `guyanais` matches only Galileo's location: at 80 columns the location stays,
    /// though unsearched it goes before the agency.
    @Test func aColumnThatAloneShowsTheMatchStaysWhenOthersGo() throws {
        let unsearched = renderer(width: 80).render([LaunchRow(Self.galileo), LaunchRow(Self.tianzhou)])
        #expect(!unsearched[0].contains("LOCATION"), "\(unsearched)")
        let lines = renderer(width: 80).render(Self.rows("guyanais", [Self.galileo, Self.tianzhou]))
        #expect(lines[0].contains("LOCATION"), "\(lines)")
        #expect(lines[1].contains("Centre Spatial"))
    }

    @Test func aMatchInAFieldWithoutAColumnIsSaidInALastColumn() {
        var galileo = Self.galileo
        galileo.padName = "Ensemble de Lancement Ariane 4"
        galileo.orbitName = "Medium Earth Orbit"
        let lines = renderer(width: 220).render(Self.rows("ensemble", [galileo, Self.tianzhou]))
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix("MATCHED"))
        #expect(lines[1].hasSuffix("pad: Ensemble de Lancement Ariane 4"))
        let byOrbit = renderer(width: 220).render(Self.rows("orbit:medium", [galileo, Self.tianzhou]))
        #expect(byOrbit[1].hasSuffix("orbit: Medium Earth Orbit"))
        // Nothing hidden, no column: a name match shows itself.
        let byName = renderer(width: 160).render(Self.rows("galileo", [galileo, Self.tianzhou]))
        #expect(!byName[0].contains("MATCHED"))
    }

    @Test func aStubOfAColumnIsDroppedAndHeadersAreNeverCut() {
        for width in stride(from: 40, through: 160, by: 4) {
            let header = renderer(width: width).render([LaunchRow(Self.galileo), LaunchRow(Self.tianzhou)])[0]
            #expect(!header.contains("…"), "\(width): \(header)")
        }
    }
}

