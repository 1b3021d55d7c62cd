import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct InSightWeatherJSONTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func object(_ report: Sourced<InSightFeed>, units: MarsWeatherUnits = .metric) throws -> [String: Any] {
        let text = InSightWeatherJSON.render(report, sols: report.value.sols, units: units, now: now)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func metricFieldsCarryTheirUnitsAndNullsForMissingSensors() throws {
        let feed = InSightFeed(sols: [MarsWeatherFixtures.pressureOnly, MarsWeatherFixtures.noPressure])
        let json = try object(Sourced(feed, origin: .live(fetchedAt: now)))
        #expect(json["units"] as? String == "metric")
        let sols = try #require(json["sols"] as? [[String: Any]])
        #expect(sols.map { $0["sol"] as? Int } == [751, 755])
        #expect(sols[0]["temperature_c"] is NSNull)
        #expect(sols[0]["wind_speed_mps"] is NSNull)
        #expect((sols[0]["pressure_pa"] as? [String: Any])?["avg"] as? Double == 714.567)
        #expect(sols[1]["pressure_pa"] is NSNull)
        #expect((sols[1]["temperature_c"] as? [String: Any])?["min"] as? Double == -94.77)
        #expect((sols[1]["temperature_c"] as? [String: Any])?["samples"] as? Int == 128649)
        let wind = try #require(sols[1]["wind_direction"] as? [String: Any])
        #expect((wind["most_common"] as? [String: Any])?["point"] as? String == "SW")
        #expect((wind["sectors"] as? [[String: Any]])?.map { $0["point"] as? String } == ["NE", "SW"])
        #expect((sols[0]["wind_direction"] as? [String: Any])?["most_common"] is NSNull)
        #expect((sols[0]["feed_labels"] as? [String: Any])?["month_ordinal"] is NSNull)
        // Sol 751 (January 2021): the north's winter at Ls 343, which the feed calls winter too.
        #expect(sols[0]["season"] as? String == "winter")
        #expect(sols[0]["mars_month"] as? Int == 12)
        #expect(sols[0]["first_utc"] as? String == "2021-01-07T06:13:20Z")
        #expect(sols[0]["earth_date"] as? String == "2021-01-07")
    }

    @Test func imperialRenamesAndConvertsTemperatureAndSpeedOnly() throws {
        let json = try object(Sourced(InSightFeed(sols: [MarsWeatherFixtures.noPressure]), origin: .sample), units: .imperial)
        let sol = try #require((json["sols"] as? [[String: Any]])?.first)
        #expect(sol["temperature_c"] == nil && sol["wind_speed_mps"] == nil)
        #expect((sol["temperature_f"] as? [String: Any])?["min"] as? Double == -138.586)
        #expect((sol["wind_speed_mph"] as? [String: Any])?["avg"] as? Double == 9.091)
        #expect(sol.keys.contains("pressure_pa"))
    }

    @Test func sourceSaysWhereTheDataCameFromWithItsNotices() throws {
        let feed = InSightFeed(sols: [MarsWeatherFixtures.pressureOnly])
        let saved = now.addingTimeInterval(-2400)
        let cached = try object(Sourced(feed, origin: .cache(savedAt: saved, age: 2400), notices: [Notice(.rateLimited, "limit")]))
        let source = try #require(cached["source"] as? [String: Any])
        #expect(source["kind"] as? String == "cache")
        #expect(source["age_seconds"] as? Int == 2400)
        #expect(source["fetched_at"] as? String == "2023-11-14T21:33:20Z")
        #expect((source["notices"] as? [[String: String]]) == [["kind": "rate-limited", "message": "limit"]])

        let sample = try #require(try object(Sourced(feed, origin: .sample))["source"] as? [String: Any])
        #expect(sample["kind"] as? String == "sample")
        #expect(sample["fetched_at"] is NSNull)
        #expect((sample["description"] as? String)?.contains("675–681") == true)
    }

    /// Issue 27 item 8: the shape and form of Curiosity's, one line, its keys in order.
    @Test func outputIsStableAndShapedAsCuriositys() throws {
        let report = Sourced(InSightFeed(sols: [MarsWeatherFixtures.pressureOnly]), origin: .sample)
        let first = InSightWeatherJSON.render(report, sols: report.value.sols, units: .metric, now: now)
        #expect(first == InSightWeatherJSON.render(report, sols: report.value.sols, units: .metric, now: now))
        #expect(first.hasPrefix(#"{"station":"insight","site":"Elysium Planitia","units":"metric","today":{"#))
        #expect(first.contains(#"},"source":{"kind":"sample","#))
        #expect(first.contains(#""sols":[{"sol":751,"earth_date":"2021-01-07","#))
        #expect(!first.contains("\n"))
    }

    // MARK: Readings no sensor gives (issue 8)

    // Regression (audit): `--units imperial --json` with AT.mx 1e308 trapped on the
    // `try!` around JSONSerialization ("Invalid number value (inf)").
    @Test(arguments: MarsWeatherUnits.allCases)
    func impossibleReadingsFromTheFeedAreNull(units: MarsWeatherUnits) throws {
        let json = try object(Sourced(try MarsWeatherFixtures.hostile(), origin: .live(fetchedAt: now)), units: units)
        let sols = try #require(json["sols"] as? [[String: Any]])
        let temperature = units == .metric ? "temperature_c" : "temperature_f"
        let speed = units == .metric ? "wind_speed_mps" : "wind_speed_mph"
        #expect(sols.map { $0[temperature] is NSNull } == [false, false, true, true, false])
        #expect(sols[3][speed] is NSNull)
        #expect(sols.allSatisfy { ($0["pressure_pa"] as? [String: Any])?["avg"] as? Double == 743.6 })
        let wind = sols.map { $0["wind_direction"] as? [String: Any] }
        #expect(wind[0]?["most_common"] is NSNull)
        #expect((wind[4]?["most_common"] as? [String: Any])?["degrees"] as? Double == 270)
    }

    @Test func valuesMadeInCodeThatJSONCannotHoldAreNull() throws {
        let sector = WindSector(index: 12, point: "W", degrees: .infinity, sampleCount: 5)
        let sol = MarsWeatherFixtures.raw(temperature: MarsWeatherFixtures.temperature(-90, -60, 1e308),
                                          pressure: SensorSummary(average: .nan, minimum: 1, maximum: 2, sampleCount: 1),
                                          wind: WindRose(sectors: [sector], mostCommon: sector))
        let report = Sourced(InSightFeed(sols: [sol]), origin: .cache(savedAt: Date(timeIntervalSince1970: -9e15), age: 1e300))
        let json = try object(report, units: .imperial)
        let first = try #require((json["sols"] as? [[String: Any]])?.first)
        #expect(first["temperature_f"] is NSNull)
        #expect(first["pressure_pa"] is NSNull)
        #expect(((first["wind_direction"] as? [String: Any])?["most_common"] as? [String: Any])?["degrees"] is NSNull)
        #expect((json["source"] as? [String: Any])?["age_seconds"] as? Int == 1_000_000_000_000_000)
    }
}
