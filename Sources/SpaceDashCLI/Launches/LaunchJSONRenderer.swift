import Foundation
import SpaceData

/// Launch objects: `launches --json`'s `launches` (in `LaunchSourceJSON`'s envelope),
/// one per launch shown, in the order shown. Every object has every field of
/// `Launch.CodingKeys` (absent values are `null`): id, name, agency,
/// agency_abbrev, agency_type, mission, mission_type, mission_description,
/// orbit, orbit_abbrev, pad, location, country_code, latitude, longitude,
/// net, net_precision, window_start, window_end, status, status_abbrev,
/// rocket, webcast_live, last_updated. Dates are ISO-8601 UTC strings.
enum LaunchJSONRenderer {
    static func render(_ launches: [Launch]) throws -> String {
        try encode(launches)
    }

    /// One launch as a single object: what `launches search -i --json` prints on Enter.
    static func render(_ launch: Launch) throws -> String {
        try encode(launch)
    }

    /// `launches show --json`: the launch's fields, then the detailed record's.
    static func render(_ detail: LaunchDetail) throws -> String {
        try encode(detail)
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return JSONText.printable(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
