import Foundation
import TestSupport
import SpaceData

/// The NOAA SWPC captures in ../shared/data/spaceweather (see its SOURCES.md);
/// tests reading them are enabled only when the folder is there.
enum SpaceWeatherCaptures {
    static var folder: URL? { ProjectPaths.sharedData?.appendingPathComponent("spaceweather") }
    static var available: Bool { folder != nil }

    static func data(_ name: String) throws -> Data {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static let kpOld = "noaa-planetary-k-index.old-array-2026-02-09.papierpilot.json"
    static let kpNew = "noaa-planetary-k-index.new-objects-2026-08-31.orbitwatch.json"
    static let forecastOld = "noaa-planetary-k-index-forecast.old-array-2026-02-09.papierpilot.json"
    static let forecastNew = "noaa-planetary-k-index-forecast.new-objects-2026-09-06.brucehoppe.json"
    static let scales = "noaa-scales.2026-08-31.orbitwatch.json"
    static let alerts = "alerts.2026-09-06.brucehoppe.json"
    static let aurora = "ovation_aurora_latest.2025-01-12.YIN-Tairan.json"

    /// "2026-02-05T03:00:00Z" as a date.
    static func utc(_ text: String) -> Date {
        LaunchLibraryDate.date(from: text)!
    }
}
