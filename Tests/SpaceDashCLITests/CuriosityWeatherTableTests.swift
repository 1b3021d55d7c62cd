import Testing
import SpaceData
import Terminal
@testable import SpaceDashCLI

@Suite struct CuriosityWeatherTableTests {
    let table = CuriosityWeatherTable(units: .metric, glyphs: .unicode, style: .plain)

    @Test func showsEveryMeasurementAndDashesForTheRest() throws {
        let feed = try CuriositySample.feed()
        let lines = table.lines(feed.recent(2), width: nil)
        #expect(lines[0] == " Sol  Earth date  Month    Ls  Air low °C  Air high °C  Ground low °C  Ground high °C  Pressure Pa  UV        Sunrise  Sunset")
        #expect(lines[2] == "4801  2026-02-07      8  221°         -67            2            -83              12          807  Moderate  05:23    17:34")
        let empty = CuriositySol(sol: 880, earthDate: EarthDate("2015-01-27")!)
        #expect(table.lines([empty], width: nil)[1] == "880  2015-01-27      —   —           —            —              —               —            —  —   —        —")
    }

    @Test func columnsDropWholeOnANarrowTerminalButSolAndAirStay() throws {
        let sols = try CuriositySample.feed().recent(7)
        for width in [20, 40, 60, 80, 100] {
            let lines = table.lines(sols, width: width)
            let header = lines[0]
            #expect(header.contains("Sol") && header.contains("Air low") && header.contains("Air high"))
            if width >= 36 { #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "width \(width)") }
            // Every cell whole: each row has as many cells as the header has titles.
            #expect(lines.dropFirst().allSatisfy { $0.split(separator: " ").count >= 3 })
        }
        let narrow = table.lines(sols, width: 60)[0]
        #expect(!narrow.contains("Sunrise") && !narrow.contains("Ls"))
        #expect(narrow.contains("Pressure Pa"))
    }

    @Test func pairsOfColumnsGoTogether() throws {
        // At 80 columns "Ground high" stayed without "Ground low", at 120 "Sunset" without "Sunrise".
        let sols = try CuriositySample.feed().recent(7)
        for width in stride(from: 40, through: 160, by: 5) {
            let header = table.lines(sols, width: width)[0]
            #expect(header.contains("Ground low") == header.contains("Ground high"), "width \(width): \(header)")
            #expect(header.contains("Sunrise") == header.contains("Sunset"), "width \(width): \(header)")
        }
    }

    /// REMS reports whole °C (1.8 °F wide): -67 °C is -89 °F, not a falsely precise -88.6.
    @Test func imperialShowsWholeFahrenheit() throws {
        let lines = CuriosityWeatherTable(units: .imperial, glyphs: .ascii, style: .plain).lines(try CuriositySample.feed().recent(1), width: nil)
        #expect(lines[0].contains("Air low F") && lines[0].contains("Ground low F") && lines[0].contains("Ground high F"), "every temperature names its unit")
        #expect(lines[1].contains("-89") && lines[1].contains("36") && !lines[1].contains("-88.6"))
    }
}
