import Foundation
import SpaceData

/// `spacedash --json`: both panels as one object.
///
///     {
///       "mars_weather": the object of `mars-weather --json` for the panel's station (latest 7 sols) | { "error": string },
///       "launches": { "source": { "kind", "fetched_at", "age_seconds", "description", "notices" },
///                     "launches": [ the objects of `launches --json`, the next 5 (--limit) ] } | { "error": string }
///     }
enum DashboardJSON {
    static func render(_ data: DashboardData, units: MarsWeatherUnits, now: Date, limit: Int = LaunchesPanel.count) throws -> String {
        var object: [String: Any] = [:]
        switch data.marsWeather {
        case .loaded(let sourced):
            switch sourced.value {
            case .curiosity(let feed):
                let report = sourced.map { _ in feed }
                object["mars_weather"] = try parsed(CuriosityWeatherJSON.render(report, sols: feed.recent(MarsPanel.chartSols), units: units, now: now))
            case .insight(let feed):
                let report = sourced.map { _ in feed }
                let sols = Array(feed.sols.sorted { $0.sol < $1.sol }.suffix(MarsPanel.chartSols))
                object["mars_weather"] = try parsed(InSightWeatherJSON.render(report, sols: sols, units: units, now: now))
            }
        case .failed(let message):
            object["mars_weather"] = ["error": message]
        }
        switch data.launches {
        case .loaded(let sourced):
            let launches = LaunchesPanel.next(sourced.value.launches, now: now, count: limit)
            object["launches"] = [
                "source": LaunchSourceJSON.object(sourced, now: now),
                "launches": try parsed(LaunchJSONRenderer.render(launches)),
            ]
        case .failed(let message):
            object["launches"] = ["error": message]
        }
        let json = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return JSONText.printable(String(decoding: json, as: UTF8.self))
    }

    private static func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
