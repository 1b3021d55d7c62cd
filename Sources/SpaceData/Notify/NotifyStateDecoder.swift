import Foundation

/// Reads `notify.json` as `NotifyState.encoded()` writes it, in one walk over the
/// bytes (`JSONByteReader`): a timer runs `notify --once` every few minutes, and
/// `JSONDecoder` took a sixth of such a run to read one followed launch. A
/// missing required field, a value of the wrong kind or a date that does not
/// read is an error: the caller then tells a damaged file from another program's.
enum NotifyStateDecoder {
    struct Invalid: Error, Equatable {
        let reason: String
    }

    static func decode(_ data: Data) throws -> NotifyState {
        try data.withUnsafeBytes { raw throws -> NotifyState in
            var reader = JSONByteReader(raw.bindMemory(to: UInt8.self))
            let state = try readState(&reader)
            reader.skipWhitespace()
            guard reader.isAtEnd else { throw Invalid(reason: "text after the state") }
            return state
        }
    }

    private static func readState(_ reader: inout JSONByteReader) throws -> NotifyState {
        var state = NotifyState()
        var seen = Set<String>()
        try reader.readObject { (reader: inout JSONByteReader, key: JSONByteReader.StringToken) throws(JSONByteReader.Failure) in
            let name = reader.string(key)
            seen.insert(name)
            switch name {
            case "format":
                state.format = try string(&reader)
            case "launches":
                try reader.readObject { (reader: inout JSONByteReader, id: JSONByteReader.StringToken) throws(JSONByteReader.Failure) in
                    state.launches[reader.string(id)] = try record(&reader)
                }
            case "delivered":
                try reader.readObject { (reader: inout JSONByteReader, key: JSONByteReader.StringToken) throws(JSONByteReader.Failure) in
                    state.delivered[reader.string(key)] = try date(&reader)
                }
            case "requests":
                var requests: [Date] = []
                try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in requests.append(try date(&reader)) }
                state.requests = requests
            default:
                try reader.skipValue()
            }
        }
        guard seen.isSuperset(of: ["format", "launches", "delivered", "requests"]) else { throw Invalid(reason: "a field is missing") }
        return state
    }

    private static func record(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> NotifyState.LaunchRecord {
        var launch: Launch?
        var followed: Bool?
        var armedNet: Date?
        var sentLeads: [Int]?
        var refreshedLeads: [Int]?
        var webcastURL: String?
        try reader.readObject { (reader: inout JSONByteReader, key: JSONByteReader.StringToken) throws(JSONByteReader.Failure) in
            switch reader.string(key) {
            case "launch": launch = try self.launch(&reader)
            case "followed": followed = try bool(&reader)
            case "armedNet": armedNet = try optional(&reader, date)
            case "sentLeads": sentLeads = try integers(&reader)
            case "refreshedLeads": refreshedLeads = try integers(&reader)
            case "webcastURL": webcastURL = try optional(&reader, string)
            default: try reader.skipValue()
            }
        }
        guard let launch, let followed, let sentLeads, let refreshedLeads else { throw reader.malformed("a launch's record lacks a field") }
        var record = NotifyState.LaunchRecord(launch: launch, followed: followed)
        record.armedNet = armedNet
        record.sentLeads = sentLeads
        record.refreshedLeads = refreshedLeads
        record.webcastURL = webcastURL
        return record
    }

    /// A launch as `Launch`'s `Encodable` writes it (`launches --json`).
    private static func launch(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Launch {
        var launch = Launch(id: "", name: "")
        var hasID = false, hasName = false
        try reader.readObject { (reader: inout JSONByteReader, key: JSONByteReader.StringToken) throws(JSONByteReader.Failure) in
            guard let field = Launch.CodingKeys(rawValue: reader.string(key)) else { return try reader.skipValue() }
            switch field {
            case .id: launch.id = try string(&reader); hasID = true
            case .name: launch.name = try string(&reader); hasName = true
            case .agencyName: launch.agencyName = try optional(&reader, string)
            case .agencyAbbreviation: launch.agencyAbbreviation = try optional(&reader, string)
            case .agencyType: launch.agencyType = try optional(&reader, string)
            case .missionName: launch.missionName = try optional(&reader, string)
            case .missionType: launch.missionType = try optional(&reader, string)
            case .missionDescription: launch.missionDescription = try optional(&reader, string)
            case .orbitName: launch.orbitName = try optional(&reader, string)
            case .orbitAbbreviation: launch.orbitAbbreviation = try optional(&reader, string)
            case .padName: launch.padName = try optional(&reader, string)
            case .locationName: launch.locationName = try optional(&reader, string)
            case .countryCode: launch.countryCode = try optional(&reader, string)
            case .latitude: launch.latitude = try optional(&reader, double)
            case .longitude: launch.longitude = try optional(&reader, double)
            case .net: launch.net = try optional(&reader, date)
            case .netPrecision: launch.netPrecision = try optional(&reader, string)
            case .windowStart: launch.windowStart = try optional(&reader, date)
            case .windowEnd: launch.windowEnd = try optional(&reader, date)
            case .statusName: launch.statusName = try optional(&reader, string)
            case .statusAbbreviation: launch.statusAbbreviation = try optional(&reader, string)
            case .rocketName: launch.rocketName = try optional(&reader, string)
            case .webcastLive: launch.webcastLive = try optional(&reader, bool) ?? false
            case .lastUpdated: launch.lastUpdated = try optional(&reader, date)
            }
        }
        guard hasID, hasName else { throw reader.malformed("a launch lacks its id or name") }
        return launch
    }

    // MARK: - Values

    private static func optional<Value>(_ reader: inout JSONByteReader,
                                        _ read: (inout JSONByteReader) throws(JSONByteReader.Failure) -> Value) throws(JSONByteReader.Failure) -> Value? {
        // `null`; `true` and `false` are values (`webcast_live`).
        if try reader.peekKind() == .literal, reader.bytes[reader.position] == UInt8(ascii: "n") {
            guard try reader.readLiteral() == nil else { throw reader.malformed("expected a value or null") }
            return nil
        }
        return try read(&reader)
    }

    private static func string(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> String {
        guard try reader.peekKind() == .string else { throw reader.malformed("expected a string") }
        return reader.string(try reader.readStringToken())
    }

    private static func bool(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Bool {
        guard try reader.peekKind() == .literal, let value = try reader.readLiteral() else { throw reader.malformed("expected true or false") }
        return value
    }

    private static func double(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Double {
        guard try reader.peekKind() == .number, let value = reader.double(try reader.readNumberToken()) else {
            throw reader.malformed("expected a number")
        }
        return value
    }

    private static func date(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Date {
        let text = try string(&reader)
        guard let date = LaunchLibraryDate.date(from: text) else { throw reader.malformed("expected an ISO-8601 date") }
        return date
    }

    private static func integers(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> [Int] {
        var values: [Int] = []
        try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            guard try reader.peekKind() == .number, let value = Int(String(decoding: reader.rawBytes(try reader.readNumberToken()), as: UTF8.self)) else {
                throw reader.malformed("expected a whole number")
            }
            values.append(value)
        }
        return values
    }
}
