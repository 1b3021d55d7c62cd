import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct MarsWeatherLineTests {
    /// The new user's real clock (issue 27's report): 2026-11-27, 23:30 UTC.
    static let reviewed = LaunchLibraryDate.date(from: "2026-11-27T23:30:00Z")!
    static let wttr = "{site} sol {sol}: {temperature}, {pressure}, UV {uv} ({age})"

    static func line(_ template: String, _ sol: MarsWeatherLine.Sol, station: MarsStation, units: MarsWeatherUnits = .metric,
                     glyphs: Glyphs = .unicode) throws -> String {
        try MarsWeatherLine(template).render(sol, station: station, today: MarsToday(station, now: reviewed), units: units, glyphs: glyphs)
    }

    /// The report's own example, from the bundled sample's sol 4801 (2026-02-07).
    @Test func theStatusBarLineOfTheReport() throws {
        let sol = try #require(try CuriositySample.feed().sol(4801))
        #expect(try Self.line(Self.wttr, MarsWeatherLine.Sol(sol), station: .curiosity) == "Gale sol 4801: -67/2 °C, 807 Pa, UV moderate (293 d old)")
        #expect(try Self.line("{temperature}", MarsWeatherLine.Sol(sol), station: .curiosity, units: .imperial) == "-89/36 °F")
        #expect(try Self.line("{wind}", MarsWeatherLine.Sol(sol), station: .curiosity) == "—", "REMS reports no wind")
    }

    @Test func insightsLineHasItsWindAndNoUV() throws {
        let sol = try #require(try InSightSample.feed().sols.last)
        #expect(try Self.line("{station} sol {sol} ({date}): {temperature}, {pressure}, {wind}, UV {uv}", MarsWeatherLine.Sol(sol), station: .insight)
                == "InSight sol 681 (2020-10-25): -95/-4 °C, 744 Pa, 6 m/s WNW, UV —")
    }

    @Test func nowIsMarsAtTheRunsClock() throws {
        let sol = try #require(try CuriositySample.feed().sol(4801))
        #expect(try Self.line("{now_sol} {now_time} {now_ls} {now_season} {light_time}", MarsWeatherLine.Sol(sol), station: .curiosity)
                == "5087 12:57 Ls 28° southern autumn 10 min 1 s")
        #expect(try Self.line("{now_ls}", MarsWeatherLine.Sol(sol), station: .curiosity, glyphs: .ascii) == "Ls 28")
    }

    @Test func launchesPlaceholdersAreNotMarsWeathers() {
        #expect {
            try MarsWeatherLine("{name} {temperatur}")
        } throws: { error in
            let description = (error as? UsageError)?.description ?? ""
            return description.hasPrefix("unknown placeholder {name} in --format") && description.contains("{temperature}")
        }
    }
}
