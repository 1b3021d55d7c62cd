import Foundation
import SpaceData

extension LaunchCaptures {
    /// The detailed capture of 20 July 2026 with four launches known only to a
    /// span, as the new user's stub served it (issue 27, item 1): no capture holds
    /// such a precision, so the real records get Launch Library's own precision
    /// objects and, as Launch Library does for a coarse NET (the captures show it
    /// for "Month"), a NET and window on the span's last day, 00:00 UTC.
    ///
    /// - Long March 3B/E: Quarter 4 (Q4 2026)
    /// - Kinetica 1: Half 2 (H2 2026)
    /// - Starship | Flight 13: Year (2027)
    /// - Long March 7A: Fiscal Year (FY2027, ending on 30 September 2027)
    static func coarseDatesJuly2026() throws -> Data {
        let spans: [String: (net: String, precision: [String: Any])] = [
            "5421e43a-1623-40ac-9dac-201075064e24": ("2026-12-31T00:00:00Z", ["id": 11, "name": "Quarter 4", "abbrev": "Q4"]),
            "fa42624c-1e30-4b4b-a06b-59b6153bc4e5": ("2026-12-31T00:00:00Z", ["id": 13, "name": "Half 2", "abbrev": "H2"]),
            "ac897b9f-44d2-4ff4-8416-1a0a076e98a2": ("2027-12-31T00:00:00Z", ["id": 14, "name": "Year", "abbrev": "Y"]),
            "beac6ac1-97dd-4eb2-912c-8b4d4d15cd4e": ("2027-09-30T00:00:00Z", ["id": 15, "name": "Fiscal Year", "abbrev": "FY"]),
        ]
        guard var page = try JSONSerialization.jsonObject(with: data(july2026Detailed)) as? [String: Any],
              let results = page["results"] as? [[String: Any]] else { throw CocoaError(.fileReadCorruptFile) }
        page["results"] = results.map { record in
            guard let id = record["id"] as? String, let span = spans[id] else { return record }
            var record = record
            record["net"] = span.net
            record["window_start"] = span.net
            record["window_end"] = span.net
            record["net_precision"] = span.precision
            return record
        }
        return try JSONSerialization.data(withJSONObject: page)
    }

    static func coarseDatesJuly2026Details() throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(coarseDatesJuly2026())
    }
}
