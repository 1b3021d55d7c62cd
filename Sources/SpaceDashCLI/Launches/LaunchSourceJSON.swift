import Foundation
import SpaceData

/// Where a list of launches came from, in the shape `mars-weather --json` gives its
/// own: `{"kind": "live"|"cache"|"sample"|"file", "fetched_at": ISO-8601|null,
/// "age_seconds": number|null, "description": text, "notices": [{"kind", "message"}]}`.
/// `launches --json` and the dashboard's `launches` object carry it beside the launches.
enum LaunchSourceJSON {
    static func object(_ sourced: Sourced<LaunchList>, now: Date) -> [String: Any] {
        var age: Any = NSNull()
        if case .cache(_, let seconds) = sourced.origin { age = seconds.rounded() }
        return [
            "kind": sourced.origin.kind,
            "fetched_at": sourced.origin.obtainedAt.map { ISO8601DateFormatter().string(from: $0) } ?? NSNull(),
            "age_seconds": age,
            "description": OriginText.launches(sourced),
            "notices": LaunchNotices.notices(sourced, now: now).map { ["kind": $0.kind.rawValue, "message": $0.message] },
        ]
    }

    /// A file given with `--file`: its name, no fetch time or age.
    static func file(named name: String) -> [String: Any] {
        ["kind": "file", "fetched_at": NSNull(), "age_seconds": NSNull(), "description": "the file \(name)", "notices": [Any]()]
    }

    /// `launches --json`: `{"source": …, "launches": [the objects of LaunchJSONRenderer]}`.
    static func listing(_ launches: [Launch], source: [String: Any]) throws -> String {
        let object: [String: Any] = ["source": source, "launches": try JSONSerialization.jsonObject(with: Data(LaunchJSONRenderer.render(launches).utf8))]
        let json = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return JSONText.printable(String(decoding: json, as: UTF8.self))
    }
}
