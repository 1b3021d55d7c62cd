import Foundation

/// Reads one Launch Library launch object straight from its bytes into the
/// `RawLaunch` that `JSONDecoder` would make of it, for `--file`, where a
/// million launches through `JSONDecoder` (a tree and a container per object)
/// took minutes. Only the fields spacedash uses are read; every other value is
/// passed over without being decoded.
///
/// It follows `RawLaunch`'s tolerant rules to the letter: a value of the wrong
/// type is absent, `""` is absent, the agency `type`, statuses and orbits may be
/// strings or objects, mission, pad and location may be bare names (2.2.0 list
/// mode), coordinates numbers or strings; the first of two equal keys wins, as in
/// `JSONDecoder`. One deliberate difference: a string with a lone surrogate
/// escape or bytes that are not UTF-8 is read with U+FFFD in their place
/// (`JSONByteReader.string`), where `JSONDecoder` drops the field.
///
/// The bytes must be one well-formed JSON value (`ChunkedJSONReader` has
/// checked them); anything but an object is not a launch.
enum LaunchRecordDecoder {
    static func launch(in bytes: UnsafeBufferPointer<UInt8>) -> Launch? {
        var reader = JSONByteReader(bytes)
        do {
            guard try reader.peekKind() == .object else { return nil }
            return try RawLaunch(reading: &reader).launch
        } catch {
            return nil  // cannot happen on checked bytes; not a launch if it does
        }
    }
}

private typealias Failure = JSONByteReader.Failure

extension RawLaunch {
    private static let keys: [StaticString] = [
        "id", "name", "status", "net", "net_precision", "window_start", "window_end", "launch_service_provider",
        "rocket", "mission", "pad", "webcast_live", "last_updated", "lsp_name", "mission_type", "orbit", "location",
    ]

    /// At an object.
    fileprivate init(reading reader: inout JSONByteReader) throws(Failure) {
        self.init()
        try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: id = try reader.idText()
            case 1: name = try reader.text()
            case 2: status = try NamedValue(reading: &reader)
            case 3: net = try reader.text()
            case 4: netPrecision = try NamedValue(reading: &reader)
            case 5: windowStart = try reader.text()
            case 6: windowEnd = try reader.text()
            case 7: provider = try RawAgency(reading: &reader)
            case 8: rocket = try RawRocket(reading: &reader)
            case 9: mission = try RawMission(reading: &reader)
            case 10: pad = try RawPad(reading: &reader)
            case 11: webcastLive = try reader.bool()
            case 12: lastUpdated = try reader.text()
            case 13: lspName = try reader.text()
            case 14: missionType = try reader.text()
            case 15: orbit = try NamedValue(reading: &reader)
            default: location = try RawLocation(reading: &reader)
            }
        }
    }
}

extension NamedValue {
    private static let keys: [StaticString] = ["name", "abbrev"]

    /// An object, or a bare string as its name; nil for anything else.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        switch try reader.peekKind() {
        case .string:
            self.init()
            name = reader.string(try reader.readStringToken()).nonEmpty
        case .object:
            self.init()
            try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
                if field == 0 { name = try reader.text() } else { abbrev = try reader.text() }
            }
        default:
            reader.skipCheckedValue()
            return nil
        }
    }
}

extension RawAgency {
    private static let keys: [StaticString] = ["name", "abbrev", "type"]

    /// An object only.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        guard try reader.peekKind() == .object else {
            reader.skipCheckedValue()
            return nil
        }
        self.init()
        try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
            switch field {
            case 0: name = try reader.text()
            case 1: abbrev = try reader.text()
            default: type = try NamedValue(reading: &reader)?.name
            }
        }
    }
}

extension RawMission {
    private static let keys: [StaticString] = ["name", "type", "description", "orbit"]

    /// An object, or a bare string as its name.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        switch try reader.peekKind() {
        case .string:
            self.init()
            name = reader.string(try reader.readStringToken()).nonEmpty
        case .object:
            self.init()
            try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
                switch field {
                case 0: name = try reader.text()
                case 1: type = try reader.text()
                case 2: description = try reader.text()
                default: orbit = try NamedValue(reading: &reader)
                }
            }
        default:
            reader.skipCheckedValue()
            return nil
        }
    }
}

extension RawPad {
    private static let keys: [StaticString] = ["name", "latitude", "longitude", "country_code", "country", "location"]

    /// An object, or a bare string as its name.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        switch try reader.peekKind() {
        case .string:
            self.init()
            name = reader.string(try reader.readStringToken()).nonEmpty
        case .object:
            self.init()
            var code: String?
            var country: RawCountry?
            try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
                switch field {
                case 0: name = try reader.text()
                case 1: latitude = try reader.coordinate()
                case 2: longitude = try reader.coordinate()
                case 3: code = try reader.text()
                case 4: country = try RawCountry(reading: &reader)
                default: location = try RawLocation(reading: &reader)
                }
            }
            countryCode = code ?? country?.alpha3
        default:
            reader.skipCheckedValue()
            return nil
        }
    }
}

extension RawLocation {
    private static let keys: [StaticString] = ["name", "country_code", "country", "latitude", "longitude"]

    /// An object, or a bare string as its name.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        switch try reader.peekKind() {
        case .string:
            self.init()
            name = reader.string(try reader.readStringToken()).nonEmpty
        case .object:
            self.init()
            var code: String?
            var country: RawCountry?
            try reader.readFields(Self.keys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
                switch field {
                case 0: name = try reader.text()
                case 1: code = try reader.text()
                case 2: country = try RawCountry(reading: &reader)
                case 3: latitude = try reader.coordinate()
                default: longitude = try reader.coordinate()
                }
            }
            countryCode = code ?? country?.alpha3
        default:
            reader.skipCheckedValue()
            return nil
        }
    }
}

extension RawCountry {
    private static let keys: [StaticString] = ["alpha_3_code"]

    /// An object only.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        guard try reader.peekKind() == .object else {
            reader.skipCheckedValue()
            return nil
        }
        self.init()
        try reader.readFields(Self.keys) { (reader: inout JSONByteReader, _: Int) throws(Failure) in
            alpha3 = try reader.text()
        }
    }
}

extension RawRocket {
    private static let keys: [StaticString] = ["configuration"]
    private static let configurationKeys: [StaticString] = ["name", "full_name"]

    /// An object only; its name is the configuration's `full_name`, else its `name`.
    fileprivate init?(reading reader: inout JSONByteReader) throws(Failure) {
        guard try reader.peekKind() == .object else {
            reader.skipCheckedValue()
            return nil
        }
        self.init()
        var configuration: (name: String?, fullName: String?)?
        try reader.readFields(Self.keys) { (reader: inout JSONByteReader, _: Int) throws(Failure) in
            guard try reader.peekKind() == .object else { return reader.skipCheckedValue() }
            var read: (name: String?, fullName: String?) = (nil, nil)
            try reader.readFields(Self.configurationKeys) { (reader: inout JSONByteReader, field: Int) throws(Failure) in
                if field == 0 { read.name = try reader.text() } else { read.fullName = try reader.text() }
            }
            configuration = read
        }
        name = configuration?.fullName ?? configuration?.name
    }
}

// MARK: - Values, as `KeyedDecodingContainer.lenient` reads them

extension JSONByteReader {
    /// Walks an object's members: `read` gets each member whose key is one of
    /// `keys` (by its index there), positioned at its value, and must consume
    /// it; other members, and a key met again, are passed over (`JSONDecoder`
    /// keeps the first of two equal keys). A key with escapes is decoded first.
    fileprivate mutating func readFields(_ keys: [StaticString],
                                         _ read: (inout JSONByteReader, Int) throws(Failure) -> Void) throws(Failure) {
        var seen: UInt64 = 0
        try readObject { (reader: inout JSONByteReader, key: StringToken) throws(Failure) in
            let decoded = key.hasEscapes ? reader.string(key) : nil
            for (index, name) in keys.enumerated() where decoded.map({ $0 == name.description }) ?? reader.token(key, equals: name) {
                guard seen & (1 << index) == 0 else { break }
                seen |= 1 << index
                return try read(&reader, index)
            }
            reader.skipCheckedValue()
        }
    }

    /// A string, `""` and whitespace alone read as absent; nil for any other value.
    fileprivate mutating func text() throws(Failure) -> String? {
        guard try peekKind() == .string else {
            skipCheckedValue()
            return nil
        }
        return string(try readStringToken()).nonEmpty
    }

    /// `true` or `false`; nil for any other value.
    fileprivate mutating func bool() throws(Failure) -> Bool? {
        guard try peekKind() == .literal else {
            skipCheckedValue()
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
            skipCheckedValue()
            return nil
        }
    }

    /// Latitude or longitude: a number in 2.3.0, a string in 2.2.0 and 2.0.0; finite only.
    fileprivate mutating func coordinate() throws(Failure) -> Double? {
        switch try peekKind() {
        case .number:
            guard let number = Double(try numberText()), number.isFinite else { return nil }
            return number
        case .string:
            guard let text = string(try readStringToken()).nonEmpty,
                  let number = Double(text.trimmingSpaces()), number.isFinite else { return nil }
            return number
        default:
            skipCheckedValue()
            return nil
        }
    }
}
