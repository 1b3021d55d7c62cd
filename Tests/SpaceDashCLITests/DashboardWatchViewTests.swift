import Foundation
import SpaceData
import Terminal
import Testing
@testable import SpaceDashCLI

/// The frame of `spacedash --watch`: Curiosity's bundled sample beside (or above) the
/// real bundled listing (Launch Library 2's of 20 July 2026) at 12:00 UTC.
@Suite struct DashboardWatchViewTests {
    static let noon = LaunchWatchViewTests.noon

    static func state() throws -> DashboardWatchState {
        var state = DashboardWatchState(launches: try LaunchWatchViewTests.state())
        state.weather = .loaded(Sourced(MarsPanelWeather.curiosity(try CuriositySample.feed()), origin: .sample))
        state.weatherRefresh = .init(isRefreshing: false, refreshedAt: noon, nextRefresh: noon.addingTimeInterval(6 * 3600))
        return state
    }

    static let view = DashboardWatchView(launches: LaunchWatchViewTests.view, units: .metric)

    @Test func onAWideScreenTheWeatherIsBesideTheLiveLaunches() throws {
        let lines = Self.view.frame(try Self.state(), size: TerminalSize(columns: 180, rows: 24)).lines.map(\.plainText)
        #expect(lines[0].hasPrefix("Mars weather · Curiosity (REMS), Gale crater"))
        #expect(lines[0].hasSuffix("Launches · live · refreshed just now · next refresh in 00:10:00"))
        let starlink = try #require(lines.first { $0.contains("Falcon 9 Block 5 | Starlink Group 17-39") })
        #expect(starlink.contains("T-02:49:32     Falcon 9 Block 5 | Starlink Group 17-39 · Go · LIVE · Vandenberg SFB, CA, USA"), "its webcast is live (issue 30)")
        #expect(lines.contains { $0.hasPrefix("Air          -67 to 2 °C") })
        #expect(lines.contains { $0.hasPrefix("weather: next refresh in 06:00:00") })
        #expect(lines.last == "q quit · r refresh · / search")
        #expect(lines.count == 24)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 180 })
        // The launches start in one column, after the widest weather line and the gutter.
        func column(_ line: String, _ text: String) -> Int? {
            line.range(of: text).map { DisplayWidth.of(String(line[..<$0.lowerBound])) }
        }
        let season = "Season       Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)"
        #expect(lines.contains { $0.hasPrefix(season + "    T-") }, "the widest weather line")
        #expect(column(lines[0], "Launches · live") == DisplayWidth.of(season) + DashboardLayout.gutter)
        #expect(column(starlink, "T-02:49:32") == column(lines[0], "Launches · live"))
    }

    @Test func onANarrowScreenTheWeatherIsAboveTheLaunches() throws {
        let lines = Self.view.frame(try Self.state(), size: TerminalSize(columns: 80, rows: 40)).lines.map(\.plainText)
        #expect(lines[0] == "Mars weather · Curiosity (REMS), Gale crater")
        let weather = try #require(lines.firstIndex { $0.hasPrefix("weather: next refresh in") })
        let title = try #require(lines.firstIndex { $0.hasPrefix("Launches · live") })
        #expect(title == weather + 2, "a blank line between the panels")
        #expect(lines[title + 2].hasPrefix("T-02:49:32     Falcon 9 Block 5 | Starlink Group 17-39"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(lines.last == "q quit · r refresh · / search")
    }

    /// Which station, where, and how old the data is: secondary text, dim as the
    /// dashboard prints it, however it wraps; the readings above it are not.
    @Test func theWeatherSourceIsDim() throws {
        let state = try Self.state()
        let lines = Self.view.frame(state, size: TerminalSize(columns: 80, rows: 40)).lines
        let first = try #require(lines.firstIndex { $0.plainText.hasPrefix("Source: ") })
        let status = try #require(lines.firstIndex { $0.plainText.hasPrefix("weather: next refresh in") })
        #expect(first < status)
        #expect(lines[first..<status].allSatisfy { $0.spans.map(\.style) == [.dim] })
        let air = try #require(lines.first { $0.plainText.hasPrefix("Air ") })
        #expect(air.spans.map(\.style) == [.plain])
        // Beside the launches, the weather's part of the row.
        let beside = Self.view.frame(state, size: TerminalSize(columns: 180, rows: 24)).lines
        let row = try #require(beside.first { $0.plainText.hasPrefix("Source: ") })
        #expect(row.spans.first?.style == .dim)
        #expect(row.spans.first?.text.hasPrefix("Source: ") == true)
        // InSight's archive (`--station insight`) too.
        var insight = state
        insight.weather = .loaded(Sourced(MarsPanelWeather.insight(InSightFeed(sols: [MarsWeatherFixtures.pressureOnly])), origin: .sample))
        let archive = Self.view.frame(insight, size: TerminalSize(columns: 80, rows: 40)).lines
        let archiveSource = try #require(archive.first { $0.plainText.hasPrefix("Source: ") })
        #expect(archiveSource.spans.map(\.style) == [.dim])
    }

    @Test func beforeTheFirstAnswerEachPanelSaysItIsLoading() throws {
        let state = DashboardWatchState(launches: LaunchWatchState(now: Self.noon))
        let lines = Self.view.frame(state, size: TerminalSize(columns: 80, rows: 12)).lines.map(\.plainText)
        #expect(lines[0] == "Mars weather")
        #expect(lines[1] == "loading the weather…")
        #expect(lines.contains("loading launches…"))
    }

    @Test func theWeatherSaysWhenItRefreshesAndWhyItIsOlder() throws {
        var state = try Self.state()
        state.launches.now = Self.noon.addingTimeInterval(3600)
        #expect(Self.view.weatherStatus(state) == "weather: next refresh in 05:00:00")
        state.weatherRefresh.isRefreshing = true
        #expect(Self.view.weatherStatus(state) == "refreshing the weather…")
        state.weatherNotice = "Curiosity's feed did not answer"
        #expect(Self.view.weatherLines(state, width: 80).map(\.plainText).contains("Curiosity's feed did not answer"))
    }
}
