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
        #expect(Self.value("Webcasts", in: lines)?.hasPrefix("Official Webcast by SpaceX (Starlink Mission): https://x.com/i/broadcasts/1qGoNNQZvEMKv Unofficial Webcast by Spaceflight Now") == true)
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
