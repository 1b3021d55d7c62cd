import Foundation
import Terminal
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct MarsPanelTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    func panel(_ units: MarsWeatherUnits) -> MarsPanel {
        MarsPanel(units: units, glyphs: .unicode, style: .plain, now: now, width: 80)
    }

    @Test func theLatestSolThenTheChartThenTheSource() {
        let lines = panel(.metric).lines(.loaded(Sourced(MarsWeatherFixtures.sample, origin: .sample)))
        #expect(lines[1] == "Sol 681 · 2020-10-25 · northern winter")
        #expect(lines.contains("Temperature range (°C)"))
        #expect(lines.contains { $0.hasPrefix("Source: the bundled sample") })
    }

    // Regression (audit): the dashboard drew the same chart as `mars-weather`, so
    // temperatures spanning Double's range (or infinite in °F) trapped it too.
    @Test(arguments: MarsWeatherUnits.allCases)
    func impossibleReadingsFromTheFeedDrawAsMissing(units: MarsWeatherUnits) throws {
        let lines = panel(units).lines(.loaded(Sourced(try MarsWeatherFixtures.hostile(), origin: .live(fetchedAt: now))))
        #expect(lines[1].hasPrefix("Sol 681"))
        #expect(lines.contains("Wind         —, mostly from W"), "no wind speed in sol 681, and the direction its point names")
        #expect(lines.filter { $0.hasSuffix("no temperature data") }.map { String($0.prefix(3)) } == ["679", "680"])
        #expect(!lines.joined().contains("?"))
    }

    @Test(arguments: MarsWeatherUnits.allCases)
    func aLatestSolMadeInCodeWithImpossibleValuesShowsDashes(units: MarsWeatherUnits) {
        let sol = MarsWeatherFixtures.raw(temperature: MarsWeatherFixtures.temperature(units == .metric ? -.infinity : -90, -60, 1e308))
        let lines = panel(units).lines(.loaded(Sourced(InSightFeed(sols: [sol]), origin: .sample)))
        #expect(lines.contains("Temperature  —"))
        #expect(lines.contains("Pressure     714.6 Pa"))
    }

    // The default panel: Curiosity's latest sol, with its age on the run's date.
    @Test func curiosityPanelShowsTheLatestSolAndItsAge() throws {
        let now = Date(timeIntervalSince1970: 1_795_176_000)  // 2026-11-20T12:00:00Z
        let report = Sourced(try CuriositySample.feed(), origin: .sample)
        let lines = MarsPanel(units: .metric, glyphs: .unicode, style: .plain, now: now, width: 80).lines(panel: .loaded(report.map(MarsPanelWeather.curiosity)))
        #expect(lines[0] == "Mars weather · Curiosity (REMS), Gale crater")
        #expect(lines[1] == "Sol 4801 · 2026-02-07 · 286 days ago")
        #expect(lines[2] == "Air          -67 to 2 °C")
        #expect(lines[3] == "Ground       -83 to 12 °C")
        #expect(lines[4] == "Pressure     807 Pa")
        // Issue 27, "Today on Mars": whatever the feed last said, the sol at Gale now.
        #expect(lines.contains("Today        sol 5080, 06:15 · Ls 24° · light 11 min"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("Source: the bundled sample: Curiosity's REMS weather") })
        #expect(!lines.joined().contains("Wind"), "REMS reports no wind")
    }

    /// Every number of InSight's panel names its unit, in imperial as in metric.
    @Test func insightsAverageAndGustsNameTheirUnits() throws {
        let sol = try #require(InSightSample.feed().sols.max { $0.sol < $1.sol })
        let lines = MarsPanel(units: .imperial, glyphs: .unicode, style: .plain, now: Date(timeIntervalSince1970: 0)).summary(of: sol)
        #expect(lines.contains("Temperature  -139.8 to 24.0 °F, average -80.4 °F"), "\(lines)")
        #expect(lines.contains("Wind         12.6 mph average, gusts 41.6 mph, mostly from WNW"), "\(lines)")
    }

    /// Live weather months old says why, as mars-weather's notice does; the sample's age is its own.
    @Test func liveWeatherThatIsBehindSaysSo() throws {
        let now = Date(timeIntervalSince1970: 1_795_176_000)  // 2026-11-20T12:00:00Z
        let live = Sourced(try CuriositySample.feed(), origin: .live(fetchedAt: now))
        let lines = MarsPanel(units: .metric, glyphs: .unicode, style: .plain, now: now, width: 80).lines(panel: .loaded(live.map(MarsPanelWeather.curiosity)))
        #expect(lines[1] == "Sol 4801 · 2026-02-07 · 286 days ago (the feed is behind)")
    }
}

