import Foundation
import Testing
import TestSupport
import SpaceData
@testable import SpaceDashCLI

@Suite struct CuriosityWeatherJSONTests {
    static let sol4801 = #"{"sol":4801,"earth_date":"2026-02-07","ls":221,"mars_month":8,"air_temperature_c":{"min":-67,"max":2},"ground_temperature_c":{"min":-83,"max":12},"pressure_pa":807,"uv_index":"Moderate","sunrise":"05:23","sunset":"17:34"}"#

    static func report(_ feed: CuriosityFeed) -> Sourced<CuriosityFeed> {
        Sourced(feed, origin: .sample)
    }

    @Test func sol4801IsExactlyTheDocumentedObject() throws {
        let feed = try CuriositySample.feed()
        let json = CuriosityWeatherJSON.render(Self.report(feed), sols: [try #require(feed.sol(4801))], units: .metric, now: Date(timeIntervalSince1970: 1_771_000_000))
        // "today" is Mars at the run's clock (2026-02-13 16:26:40 UTC), not the feed's latest sol.
        #expect(json.hasPrefix(#"{"station":"curiosity","site":"Gale crater","units":"metric","#
            + #""today":{"time":"2026-02-13T16:26:40Z","sol":4807,"local_mean_solar_time":"22:23:15","ls":225.46,"season":"spring","hemisphere":"southern","light_time_seconds":1179},"#
            + #""source":{"kind":"sample","fetched_at":null,"age_seconds":null,"description":"the bundled sample: "#))
        #expect(json.hasSuffix(#","sols":["# + Self.sol4801 + "]}"))
        // Any JSON reader takes it.
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test func theLiveCaptureGivesTheSameObjectForSol4801() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return }
        let feed = try CuriosityDecoder.decode(Data(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json")))
        let json = CuriosityWeatherJSON.render(Sourced(feed, origin: .live(fetchedAt: Date(timeIntervalSince1970: 1_770_800_000))),
                                               sols: feed.recent(1), units: .metric, now: Date(timeIntervalSince1970: 1_770_800_000))
        #expect(json.hasSuffix(#","sols":["# + Self.sol4801 + "]}"))
        #expect(json.contains(#""source":{"kind":"live","fetched_at":"2026-02-11T08:53:20Z","age_seconds":0,"#))
    }

    @Test func whatWasNotMeasuredIsNullNeverZero() throws {
        let sol = CuriositySol(sol: 880, earthDate: EarthDate("2015-01-27")!, solarLongitude: 279, marsMonth: 10)
        let json = CuriosityWeatherJSON.render(Self.report(CuriosityFeed(sols: [sol])), sols: [sol], units: .metric, now: Date(timeIntervalSince1970: 0))
        #expect(json.hasSuffix(#""sols":[{"sol":880,"earth_date":"2015-01-27","ls":279,"mars_month":10,"air_temperature_c":{"min":null,"max":null},"ground_temperature_c":{"min":null,"max":null},"pressure_pa":null,"uv_index":null,"sunrise":null,"sunset":null}]}"#))
    }

    @Test func imperialConvertsTemperaturesOnlyAndSaysSoInTheFieldNames() throws {
        let feed = try CuriositySample.feed()
        let json = CuriosityWeatherJSON.render(Self.report(feed), sols: [try #require(feed.sol(4801))], units: .imperial, now: Date(timeIntervalSince1970: 0))
        #expect(json.contains(#""air_temperature_f":{"min":-89,"max":36},"ground_temperature_f":{"min":-117,"max":54},"pressure_pa":807"#))
        #expect(!json.contains("_c\""))
    }
}
