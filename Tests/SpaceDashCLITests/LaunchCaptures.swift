import Foundation
import SpaceData
import TestSupport

/// The real Launch Library captures in ../shared/data/launches/ll2 (see SOURCES.md
/// there), decoded, for the tests of what spacedash makes of real launches.
/// nil when ../shared/data is absent: those tests are skipped then.
enum LaunchCaptures {
    static let folder: URL? = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2")
    static var available: Bool { folder != nil }

    /// 2.2.0 `mode=detailed`, the ten upcoming launches of 20 July 2026 (fetched 14:38 UTC).
    static let july2026Detailed = "capture-AArlert-world_tunnel-2.json"
    /// 2.2.0 `mode=list`, the same launches 19 minutes earlier (fetched 14:19 UTC).
    static let july2026List = "capture-AArlert-world_tunnel-1.json"
    /// 2.3.0 `mode=normal`, ten upcoming launches of October 2024, four known only to the month.
    static let october2024Normal = "capture-EloxFire-astroshare-app-1.json"

    static func data(_ name: String) throws -> Data {
        guard let folder else { throw CocoaError(.fileNoSuchFile) }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    static func details(_ name: String) throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(data(name))
    }

    /// The replay time of the example: 20 July 2026, 12:00 UTC.
    static let july20Noon = LaunchLibraryDate.date(from: "2026-07-20T12:00:00Z")!
}
