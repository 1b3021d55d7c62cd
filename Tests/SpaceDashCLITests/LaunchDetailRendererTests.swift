import Foundation
import Testing
import SpaceData
import Terminal
@testable import SpaceDashCLI

@Suite struct LaunchDetailRendererTests {
    static let noonUTC = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchCaptures.july20Noon)

    static func renderer(width: Int = 80, mode: StyleMode = .plain) -> LaunchDetailRenderer {
        LaunchDetailRenderer(dates: noonUTC, width: width, mode: mode, joiner: " · ")
    }

    static func starlink() throws -> LaunchDetail {
        try LaunchCaptures.details(LaunchCaptures.july2026Detailed)[0]
    }

    /// Issue 27, item 1: `show` said "2027-01 (to the year), in ~164d".
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aNETKnownToASpanNamesItWithoutADayCount() throws {
        let details = try LaunchCaptures.coarseDatesJuly2026Details()
        func net(_ name: String) throws -> String? {
            Self.value("NET", in: Self.renderer().render(try #require(details.first { $0.launch.name == name })))
        }
        #expect(try net("Long March 3B/E | Unknown Payload") == "Q4 2026 (October to December), in ~2 mo")
        #expect(try net("Kinetica 1 | Unknown Payload") == "H2 2026 (July to December), this half")
        #expect(try net("Starship | Flight 13") == "2027 (to the year), in ~5 mo")
        #expect(try net("Long March 7A | Unknown Payload") == "FY2027 (the US fiscal year, October 2026 to September 2027), in ~2 mo")
        // A window would repeat the span.
        let starship = Self.renderer().render(try #require(details.first { $0.launch.name == "Starship | Flight 13" }))
        #expect(Self.value("Window", in: starship) == nil)
    }

    /// The labelled value of `label`, its continuation lines joined.
    static func value(_ label: String, in lines: [String]) -> String? {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(label) ") }) else { return nil }
        var parts = [String(lines[start].dropFirst(LaunchDetailRenderer.labelWidth + 2))]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: LaunchDetailRenderer.labelWidth + 2)) else { break }
            parts.append(String(line.dropFirst(LaunchDetailRenderer.labelWidth + 2)))
        }
        return parts.joined(separator: " ")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theDetailedRecordOfStarlinkGroup17_39() throws {
        let lines = Self.renderer().render(try Self.starlink())
        #expect(lines.first == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(Self.value("Status", in: lines) == "Go for Launch: Current T-0 confirmed by official or reliable sources.")
        #expect(Self.value("NET", in: lines) == "2026-07-20 14:49:32 UTC (to the second), in 2h 49m")
        #expect(Self.value("Window", in: lines) == "2026-07-20 14:00 – 18:00 UTC (07:00 PDT at the pad)")
        #expect(Self.value("Rocket", in: lines) == "Falcon 9 Block 5")
        #expect(Self.value("Provider", in: lines) == "SpaceX (SpX) · Commercial · USA")
        #expect(Self.value("Mission", in: lines)?.hasPrefix("Starlink Group 17-39 · Communications · Low Earth Orbit (LEO) A batch of 24 satellites") == true)
        #expect(Self.value("Pad", in: lines) == "Space Launch Complex 4E, Vandenberg SFB, CA, USA 34.632, -120.611 · https://www.google.com/maps?q=34.632,-120.611")
        #expect(Self.value("Probability", in: lines) == "not published")
        #expect(Self.value("Weather", in: lines) == "no concerns published")
        #expect(Self.value("Hold reason", in: lines) == nil, "an empty hold reason is no line")
        #expect(Self.value("Webcasts", in: lines)?.hasPrefix("Official Webcast by SpaceX (Starlink Mission) English · from 2026-07-20 14:39 UTC · "
            + "to 2026-07-20 17:30 UTC https://x.com/i/broadcasts/1qGoNNQZvEMKv Unofficial Webcast by Spaceflight Now") == true)
        #expect(Self.value("Information", in: lines) == "Official Page by spacex.com (SpaceX): https://www.spacex.com/launches/sl-17-39")
        #expect(Self.value("Updated", in: lines) == "2026-07-20 14:19 UTC")
        #expect(Self.value("ID", in: lines) == "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"), arguments: [40, 60, 80, 120])
    func linesFitTheWidthExceptWholeAddressesAndTheID(width: Int) throws {
        for line in Self.renderer(width: width).render(try Self.starlink()) where !line.contains("https://") && !line.hasPrefix("  ID ") {
            #expect(line.displayWidth <= width, "\(line)")
        }
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theMissionDescriptionWrapsWhole() throws {
        let lines = Self.renderer(width: 60).render(try Self.starlink())
        let mission = try #require(Self.value("Mission", in: lines))
        #expect(mission.hasSuffix("A batch of 24 satellites for the Starlink mega-constellation - SpaceX's project for space-based Internet communication system."))
        #expect(!lines.contains { $0.contains("…") }, "nothing is cut")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aListRecordShowsWhatItHoldsAndNoEmptyDetailedFields() throws {
        let lines = Self.renderer().render(try LaunchCaptures.details(LaunchCaptures.july2026List)[0])
        #expect(Self.value("NET", in: lines) == "2026-07-20 14:49:32 UTC (to the second), in 2h 49m")
        #expect(Self.value("Probability", in: lines) == nil && Self.value("Webcasts", in: lines) == nil)
        #expect(Self.value("Provider", in: lines) == "SpaceX")
        #expect(Self.value("Updated", in: lines) == "2026-07-20 13:23 UTC")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theNameIsBoldOnlyInColour() throws {
        let detail = try Self.starlink()
        #expect(Self.renderer(mode: .colour).render(detail)[0].contains("\u{1B}["))
        #expect(!Self.renderer(mode: .plain).render(detail).joined().contains("\u{1B}"))
    }

    @Test func controlCharactersInTheRecordAreCleaned() {
        let detail = LaunchDetail(launch: Launch(id: "x", name: "A\u{1B}]0;title\u{7}", missionDescription: "line\u{1B}[2Jnext"),
                                  weatherConcerns: "wind\r\nrain")
        let text = Self.renderer().render(detail).joined(separator: "\n")
        #expect(!text.contains("\u{1B}") && !text.contains("\u{7}") && !text.contains("\r"))
    }

    @Test func coordinatesKeepSixDecimalsAtMost() {
        #expect(LaunchDetailRenderer.degrees(28.56194122) == "28.561941")
        #expect(LaunchDetailRenderer.degrees(-120.611) == "-120.611")
        #expect(LaunchDetailRenderer.degrees(31.2) == "31.2")
    }
}

/// Issue 30: boosters, landings, spacecraft, patches, timeline, updates and webcasts
/// of the real detailed capture of 20 July 2026, at 40, 80 and 160 columns.
@Suite struct LaunchDetailPartsRendererTests {
    static func render(_ name: String, width: Int = 80, updates: UpdateCount = .latest(5), now: String = "2026-07-20T12:00:00Z") throws -> [String] {
        let details = try LaunchCaptures.details(LaunchCaptures.july2026Detailed)
        let detail = try #require(details.first { $0.launch.name == name })
        let dates = LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: LaunchLibraryDate.date(from: now)!)
        return LaunchDetailRenderer(dates: dates, width: width, mode: .plain, joiner: " · ", updates: updates).render(detail)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"), arguments: [40, 80, 160])
    func everyLaunchFitsExceptWholeAddressesAndTheID(width: Int) throws {
        for detail in try LaunchCaptures.details(LaunchCaptures.july2026Detailed) {
            let lines = LaunchDetailRenderer(dates: LaunchDetailRendererTests.noonUTC, width: width, mode: .plain, joiner: " · ",
                                             updates: .all).render(detail)
            for line in lines where !line.contains("https://") && !line.hasPrefix("  ID ") {
                #expect(line.displayWidth <= width, "\(detail.launch.name): \(line)")
            }
            #expect(!lines.contains { $0.contains("\u{1B}") }, "plain text in plain mode")
        }
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theBoosterAndItsLanding() throws {
        let lines = try Self.render("Falcon 9 Block 5 | Starlink Group 17-39", width: 160)
        #expect(LaunchDetailRendererTests.value("Booster", in: lines) == "B1082 · Core · 23rd flight, flown before (50 days after its last) "
            + "Landing: Autonomous Spaceport Drone Ship (ASDS) on Of Course I Still Love You (OCISLY), 574 km downrange · outcome not known yet")
        #expect(LaunchDetailRendererTests.value("Flight Club", in: lines) == "https://flightclub.io/result?llId=e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
        #expect(LaunchDetailRendererTests.value("Patches", in: lines)?.hasPrefix("Space X Starlink Mission Patch: https://") == true)
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theSpacecraftAndBothLandingsOfStarship() throws {
        let lines = try Self.render("Starship | Flight 13", width: 160)
        #expect(LaunchDetailRendererTests.value("Booster", in: lines) == "Booster 20 · Core · 1st flight Landing: Ocean on Gulf of Mexico (GOM) · outcome not known yet")
        #expect(LaunchDetailRendererTests.value("Spacecraft", in: lines) == "Ship 40 (S40) · Starship V3 · to Suborbital Landing: Ocean on Indian Ocean (IND) · outcome not known yet")
        #expect(LaunchDetailRendererTests.value("Crew", in: lines) == nil, "an uncrewed flight has no crew line")
    }

    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func theTimelineCountsFromTZero() throws {
        let lines = try Self.render("Falcon 9 Block 5 | Starlink Group 17-39", width: 160)
        let timeline = try #require(LaunchDetailRendererTests.value("Timeline", in: lines))
        #expect(timeline.hasPrefix("T-38m GO for Prop Load T-35m Stage 1 LOX Load"))
        #expect(timeline.contains("T-0 Liftoff T+1m 8s Max-Q"))
        #expect(timeline.hasSuffix("T+1h 1m 33s Starlink Deployment"))
    }

    /// A webcast is live while the launch says so and it has started; 2.2.0 has no live mark of its own.
    @Test(.enabled(if: LaunchCaptures.available, "../shared/data is not here"))
    func aLiveWebcastIsMarked() throws {
        let before = try Self.render("Falcon 9 Block 5 | Starlink Group 17-39", width: 160)
        #expect(!before.contains { $0.contains("LIVE") })
        let during = try Self.render("Falcon 9 Block 5 | Starlink Group 17-39", width: 160, now: "2026-07-20T14:40:00Z")
        #expect(during.filter { $0.contains("LIVE now") }.count == 3)
        #expect(during.contains("              English · from 2026-07-20 14:19 UTC · LIVE now"))
    }

    @Test func ordinalsAndOffsets() {
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(LaunchDetailRenderer.ordinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
        #expect(LaunchDetailRenderer.relative(-2280) == "T-38m")
        #expect(LaunchDetailRenderer.relative(0) == "T-0")
        #expect(LaunchDetailRenderer.relative(3693) == "T+1h 1m 33s")
    }

    /// Text from the record cannot drive the terminal, nor can an address break out of its link.
    @Test func hostileTextAndAddressesAreCleaned() {
        let detail = LaunchDetail(
            launch: Launch(id: "x", name: "R | M\u{1B}]0;pwned\u{07}"), isDetailed: true,
            webcasts: [LaunchLink(url: "https://a\u{1B}\\b", title: "T\u{1B}[2J", kind: "Official Webcast")],
            stages: [LauncherStage(serialNumber: "B1\u{1B}[31m")],
            updates: [LaunchLibraryUpdate(comment: "hi\u{9B}2J", createdBy: "x\u{202E}y")])
        let lines = LaunchDetailRenderer(dates: LaunchDetailRendererTests.noonUTC, width: 80, mode: .colour, joiner: " · ").render(detail)
        let text = lines.joined(separator: "\n")
        #expect(!text.contains("\u{1B}]0") && !text.contains("\u{1B}[2J") && !text.contains("\u{1B}[31m") && !text.contains("\u{9B}") && !text.contains("\u{202E}"))
        #expect(text.contains("\u{1B}]8;;https://a%1B\\b\u{1B}\\Official Webcast (T)\u{1B}]8;;\u{1B}\\"), "the address percent-encoded in its link")
        #expect(text.contains("\n              https://a%1B\\b\n"), "and printed so")
    }
}
