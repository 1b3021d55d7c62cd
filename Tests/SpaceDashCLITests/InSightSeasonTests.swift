import Foundation
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

/// Issue 27 item 3: one season per InSight sol, the same in the table, the
/// rows, JSON, the sol in detail and the dashboard.
@Suite struct InSightSeasonTests {
    @Test func everyViewShowsTheSameSeasonForEachSol() throws {
        let feed = MarsWeatherFixtures.sample
        let table = InSightWeatherTable(units: .metric, glyphs: .unicode, style: .plain).lines(feed.sols)
        let json = try JSONSerialization.jsonObject(with: Data(InSightWeatherJSON.render(Sourced(feed, origin: .sample), sols: feed.sols, units: .metric,
                                                                                          now: Date(timeIntervalSince1970: 0)).utf8)) as? [String: Any]
        let objects = try #require(json?["sols"] as? [[String: Any]])
        for (index, sol) in feed.sols.enumerated() {
            // Sols 675–681 of October 2020, Ls 299–303: the north's winter (the feed says "fall").
            #expect(InSightSeason(sol).name == "winter")
            #expect(table[index + 1].split(separator: " ", omittingEmptySubsequences: true)[2] == "winter")
            #expect(MarsWeatherTabSeparatedRenderer.line(sol, units: .metric).split(separator: "\t")[2] == "winter")
            #expect(objects[index]["season"] as? String == "winter")
            #expect(InSightSolDetail(units: .metric, glyphs: .unicode, style: .plain).lines(sol)[1].hasPrefix("Season       winter in the north"))
        }
        let panel = MarsPanel(units: .metric, glyphs: .unicode, style: .plain, now: Date(timeIntervalSince1970: 0)).summary(of: feed.sols[6])
        #expect(panel[0] == "Sol 681 · 2020-10-25 · northern winter")
    }

    /// Sol 810 (March 2021) is at Ls 14, the north's early spring; NASA's feed calls
    /// it "winter", "late winter" and month 12. The detail says so; JSON keeps both.
    @Test func whereTheFeedSaysAnotherSeasonTheDetailSaysSo() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("insight") else { return }
        let feed = try InSightDecoder.decode(Data(contentsOf: folder.appendingPathComponent("capture-InterImm-dapi-4.json")))
        let sol = try #require(feed.sols.first { $0.sol == 810 })
        let season = InSightSeason(sol)
        #expect(season.name == "spring" && season.marsMonth == 1)
        #expect((13...15).contains(season.solarLongitude))
        let lines = InSightSolDetail(units: .metric, glyphs: .unicode, style: .plain).lines(sol)
        #expect(lines[1] == "Season       spring in the north, where InSight is (4.5° N): Ls 14°, Mars month 1")
        #expect(lines[2] == "             south: autumn")
        #expect(lines[3] == "             NASA's feed says winter and late winter")
    }

    /// Sol 1081 (December 2021), Ls 140: northern summer, as the feed's Northern_season
    /// ("mid summer") has it; its Season says "spring".
    @Test func aFeedLabelThatAgreesIsNotRepeated() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("insight") else { return }
        let feed = try InSightDecoder.decode(Data(contentsOf: folder.appendingPathComponent("capture-InterImm-dapi-1.json")))
        let sol = try #require(feed.sols.first { $0.sol == 1081 })
        #expect(InSightSeason(sol).name == "summer")
        #expect(InSightSeason(sol).feedLabelsThatDiffer(sol) == ["spring"])
    }
}
