import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct MarsWeatherJSONTests {
    let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func object(_ report: InSightReport, units: MarsWeatherUnits = .metric) throws -> [String: Any] {
        let text = MarsWeatherJSON.render(report, sols: report.value.sols, units: units, now: now)
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
        #expect(sols[0]["month_ordinal"] is NSNull)
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

    @Test func outputIsStableSortedPrettyJSON() {
        let report = Sourced(InSightFeed(sols: [MarsWeatherFixtures.pressureOnly]), origin: .sample)
        let first = MarsWeatherJSON.render(report, sols: report.value.sols, units: .metric, now: now)
        #expect(first == MarsWeatherJSON.render(report, sols: report.value.sols, units: .metric, now: now))
        #expect(first.hasPrefix("{\n  \"sols\""))
    }
}
