import Foundation

/// Reads one Launch Library launch object straight from its bytes into the
/// `RawLaunch` that `JSONDecoder` would make of it, for `--file`, where a
/// million launches through `JSONDecoder` (a tree and a container per object)
/// took minutes. Only the fields spacedash uses are decoded; every other value
/// is checked and passed over. The syntax is checked in the same walk, so each
/// byte of a file is read once.
///
/// It follows `RawLaunch`'s tolerant rules to the letter: a value of the wrong
/// type is absent, `""` is absent, the agency `type`, statuses and orbits may be
/// strings or objects, mission, pad and location may be bare names (2.2.0 list
/// mode), coordinates numbers or strings; the first of two equal keys wins, as in
/// `JSONDecoder`. One deliberate difference: a string with a lone surrogate
/// escape or bytes that are not UTF-8 is read with U+FFFD in their place
/// (`JSONByteReader.string`), where `JSONDecoder` drops the field.
enum LaunchRecordDecoder {
    /// The JSON value at the start of `bytes`: the launch it is (nil for a value
    /// that is not a launch) and how many bytes it takes. Throws `.truncated`
    /// when `bytes` end inside the value (more input may complete it), and
    /// `.malformed` at the first byte that is not JSON.
    /// - Parameter repeatedText: where the names that repeat from launch to launch
    ///   (agencies, rockets, pads, sites, types) are shared across the records of one read.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, repeatedText: RepeatedText? = nil) throws(JSONByteReader.Failure) -> (launch: Launch?, length: Int) {
        var launches: [Launch] = []
        let read = try read(bytes, repeatedText: repeatedText, appendingTo: &launches)
        return (launches.first, read.length)
    }

    /// `read(_:repeatedText:)` appending the launch, if the value is one, to
    /// `launches`: `--file`'s path, where each launch is built in place rather
    /// than handed back through a tuple and an optional (two copies of its
    /// seventeen strings, counted at a tenth of a load's instructions).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, repeatedText: RepeatedText?,
                     appendingTo launches: inout [Launch]) throws(JSONByteReader.Failure) -> (isLaunch: Bool, length: Int) {
        var reader = JSONByteReader(bytes)
        reader.repeatedText = repeatedText
        guard var raw = try RawLaunch.read(from: &reader) else { return (false, reader.position) }
        return (raw.takeLaunch(appendingTo: &launches), reader.position)
    }
}

private typealias Failure = JSONByteReader.Failure

/// A raw shape read member by member into an empty value.
private protocol RecordFields {
    init()
}

/// One that 2.2.0's list mode may send as its name alone, a string.
private protocol NamedRecordFields: RecordFields {
    var name: String? { get set }
}

extension RawLaunch: RecordFields {
    private static let keys = JSONKeySet([
        "id", "name", "status", "net", "net_precision", "window_start", "window_end", "launch_service_provider",
        "rocket", "mission", "pad", "webcast_live", "last_updated", "lsp_name", "mission_type", "orbit", "location",
    ])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawLaunch? {
        try reader.object(keys) { (launch: inout RawLaunch, reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: launch.id = try reader.idText()
            case 1: launch.name = try reader.text()
            case 2: launch.status = try NamedValue.read(from: &reader)
            case 3: launch.net = try reader.date()
            case 4: launch.netPrecision = try NamedValue.read(from: &reader)
            case 5: launch.windowStart = try reader.date()
            case 6: launch.windowEnd = try reader.date()
            case 7: launch.provider = try RawAgency.read(from: &reader)
            case 8: launch.rocket = try RawRocket.read(from: &reader)
            case 9: launch.mission = try RawMission.read(from: &reader)
            case 10: launch.pad = try RawPad.read(from: &reader)
            case 11: launch.webcastLive = try reader.bool()
            case 12: launch.lastUpdated = try reader.date()
            case 13: launch.lspName = try reader.name()
            case 14: launch.missionType = try reader.name()
            case 15: launch.orbit = try NamedValue.read(from: &reader)
            default: launch.location = try RawLocation.read(from: &reader)
            }
        }
    }
}

extension NamedValue: NamedRecordFields {
    private static let keys = JSONKeySet(["name", "abbrev"])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> NamedValue? {
        try reader.objectOrName(keys) { (value: inout NamedValue, reader: inout JSONByteReader, field: Int) throws(Failure) in
            if field == 0 { value.name = try reader.name() } else { value.abbrev = try reader.name() }
        }
    }
}

extension RawAgency: RecordFields {
    private static let keys = JSONKeySet(["name", "abbrev", "type"])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawAgency? {
        try reader.object(keys) { (agency: inout RawAgency, reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: agency.name = try reader.name()
            case 1: agency.abbrev = try reader.name()
            default: agency.type = try NamedValue.read(from: &reader)?.name
            }
        }
    }
}

extension RawMission: NamedRecordFields {
    private static let keys = JSONKeySet(["name", "type", "description", "orbit"])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawMission? {
        try reader.objectOrName(keys) { (mission: inout RawMission, reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: mission.name = try reader.text()
            case 1: mission.type = try reader.name()
            case 2: mission.description = try reader.text()
            default: mission.orbit = try NamedValue.read(from: &reader)
            }
        }
    }
}

/// A pad or a location: a name, coordinates and a country, given as
/// `country_code` or, in 2.3.0, as a country object.
private protocol PlaceRecordFields: NamedRecordFields {
    var latitude: Double? { get set }
    var longitude: Double? { get set }
    var countryCode: String? { get set }
}

extension RawPad: PlaceRecordFields {
    private static let keys = JSONKeySet(placeKeys + ["location"])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawPad? {
        try reader.place(keys) { (pad: inout RawPad, reader: inout JSONByteReader, _: Int) throws(Failure) in
            pad.location = try RawLocation.read(from: &reader)
        }
    }
}

extension RawLocation: PlaceRecordFields {
    private static let keys = JSONKeySet(placeKeys)

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawLocation? {
        try reader.place(Self.keys) { (_: inout RawLocation, reader: inout JSONByteReader, _: Int) throws(Failure) in
            try reader.skipValue()  // never called: a location has no more keys
        }
    }
}

extension RawCountry: RecordFields {
    private static let keys = JSONKeySet(["alpha_3_code"])

    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawCountry? {
        try reader.object(keys) { (country: inout RawCountry, reader: inout JSONByteReader, _: Int) throws(Failure) in
            country.alpha3 = try reader.text()
        }
    }
}

extension RawRocket: RecordFields {
    private static let keys = JSONKeySet(["configuration"])

    /// Its name is the configuration's `full_name`, else its `name`.
    fileprivate static func read(from reader: inout JSONByteReader) throws(Failure) -> RawRocket? {
        try reader.object(keys) { (rocket: inout RawRocket, reader: inout JSONByteReader, _: Int) throws(Failure) in
            let configuration = try RocketConfiguration.read(from: &reader)
            rocket.name = configuration?.fullName ?? configuration?.name
        }
    }
}

private struct RocketConfiguration: RecordFields {
    static let keys = JSONKeySet(["name", "full_name"])

    var name: String?
    var fullName: String?

    static func read(from reader: inout JSONByteReader) throws(Failure) -> RocketConfiguration? {
        try reader.object(keys) { (configuration: inout RocketConfiguration, reader: inout JSONByteReader, field: Int) throws(Failure) in
            if field == 0 { configuration.name = try reader.name() } else { configuration.fullName = try reader.name() }
        }
    }
}

/// The keys `JSONByteReader.place` reads, in its order.
private let placeKeys = ["name", "latitude", "longitude", "country_code", "country"]

// MARK: - Values, as `KeyedDecodingContainer.lenient` reads them

extension JSONByteReader {
    /// An object read into an empty `Record`: `read` gets each member whose key
    /// is one of `keys` (by its index there), positioned at its value, and must
    /// consume it; other members, and a key met again, are checked and passed
    /// over (`JSONDecoder` keeps the first of two equal keys). Any other value
    /// is checked, passed over and read as nil.
    fileprivate mutating func object<Record: RecordFields>(
        _ keys: JSONKeySet,
        _ read: (inout Record, inout JSONByteReader, Int) throws(Failure) -> Void
    ) throws(Failure) -> Record? {
        guard try peekKind() == .object else {
            try skipValue()
            return nil
        }
        var record = Record()
        var seen: UInt64 = 0
        try readObject(into: &record) { (record: inout Record, reader: inout JSONByteReader, key: StringToken) throws(Failure) in
            let field = key.hasEscapes ? keys.index(of: reader.string(key)) : keys.index(of: reader.rawBytes(key.range))
            guard let field, seen & (1 << field) == 0 else { return try reader.skipValue() }
            seen |= 1 << field
            try read(&record, &reader, field)
        }
        return record
    }

    /// As `object`, and a string reads as a record of that name alone.
    fileprivate mutating func objectOrName<Record: NamedRecordFields>(
        _ keys: JSONKeySet,
        _ read: (inout Record, inout JSONByteReader, Int) throws(Failure) -> Void
    ) throws(Failure) -> Record? {
        guard try peekKind() == .string else { return try object(keys, read) }
        var record = Record()
        record.name = string(try readStringToken()).nonEmpty
        return record
    }

    /// A pad or a location (`objectOrName`): its keys are `placeKeys` and then
    /// its own, whose members `more` reads.
    fileprivate mutating func place<Place: PlaceRecordFields>(
        _ keys: JSONKeySet,
        _ more: (inout Place, inout JSONByteReader, Int) throws(Failure) -> Void
    ) throws(Failure) -> Place? {
        var code: String?
        var country: RawCountry?
        var result = try objectOrName(keys) { (place: inout Place, reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: place.name = try reader.name()
            case 1: place.latitude = try reader.coordinate()
            case 2: place.longitude = try reader.coordinate()
            case 3: code = try reader.text()
            case 4: country = try RawCountry.read(from: &reader)
            default: try more(&place, &reader, field)
            }
        }
        result?.countryCode = code ?? country?.alpha3
        return result
    }

    /// A string, `""` and whitespace alone read as absent; nil for any other value.
    fileprivate mutating func text() throws(Failure) -> String? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        let token = try readStringToken()
        return startsVisible(token) ? string(token) : string(token).nonEmpty
    }

    /// `text()` for a name that repeats from launch to launch: shared through
    /// `repeatedText` when there is one (and the string holds no escape).
    fileprivate mutating func name() throws(Failure) -> String? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        let token = try readStringToken()
        guard let repeatedText, !token.hasEscapes else { return string(token).nonEmpty }
        let name = repeatedText.string(rawBytes(token.range))
        return startsVisible(token) ? name : name.nonEmpty
    }

    /// Whether the token's text starts with a visible ASCII character, which
    /// no whitespace rule matches: then it is not blank, with no need to ask
    /// the `String` (`nonEmpty`), for the most of a million launches' strings.
    private func startsVisible(_ token: StringToken) -> Bool {
        guard let first = token.range.first else { return false }
        return bytes[first] > 0x20 && bytes[first] < 0x7F && bytes[first] != UInt8(ascii: "\\")
    }

    /// A date (`LaunchLibraryDate`), read from the bytes when they hold no
    /// escape; nil for a string that is not one and for any other value.
    fileprivate mutating func date() throws(Failure) -> Date? {
        guard try peekKind() == .string else {
            try skipValue()
            return nil
        }
        let token = try readStringToken()
        guard !token.hasEscapes else { return LaunchLibraryDate.date(from: string(token)) }
        return LaunchLibraryDate.date(utf8: UnsafeRawBufferPointer(rawBytes(token.range)))
    }

    /// `true` or `false`; nil for any other value.
    fileprivate mutating func bool() throws(Failure) -> Bool? {
        guard try peekKind() == .literal else {
            try skipValue()
            return nil
        }
        return try readLiteral()
    }

    /// The text of a number (ASCII), for parsing.
    private mutating func numberText() throws(Failure) -> String {
        String(decoding: rawBytes(try readNumberToken()), as: UTF8.self)
    }

    /// A launch id: a string, else an integer (a number with no fraction that fits an `Int`).
    fileprivate mutating func idText() throws(Failure) -> String? {
        switch try peekKind() {
        case .string:
            return string(try readStringToken()).nonEmpty
        case .number:
            let text = try numberText()
            if let integer = Int(text) { return String(integer) }
            guard let number = Double(text), let integer = Int(exactly: number) else { return nil }
            return String(integer)
        default:
            try skipValue()
            return nil
        }
    }

    /// Latitude or longitude: a number in 2.3.0, a string in 2.2.0 and 2.0.0; finite only.
    fileprivate mutating func coordinate() throws(Failure) -> Double? {
        switch try peekKind() {
        case .number:
            guard let number = double(try readNumberToken()), number.isFinite else { return nil }
            return number
        case .string:
            guard let text = string(try readStringToken()).nonEmpty,
                  let number = Double(text.trimmingSpaces()), number.isFinite else { return nil }
            return number
        default:
            try skipValue()
            return nil
        }
    }
}
