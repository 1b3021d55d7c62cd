import Foundation
import HTTP

/// Reads Curiosity's REMS weather feed (../shared/docs/curiosity-weather-api.md)
/// as it is really served: sols under `soles`, every value a string, `"--"` for
/// what was not measured, newest first but sorted here by the sol number,
/// PHP's `\/` and `\uXXXX` escapes or raw UTF-8 alike, `descriptions` and
/// unknown keys ignored. Perseverance's frozen feed (`sols`, numbers as JSON
/// numbers, `HH:MM:SS` times) reads through the same rules.
///
/// Hand-written over bytes rather than `JSONDecoder`: the answer holds the
/// whole mission (~3 MB, ~82,000 string values) and is read on every live run.
public enum CuriosityDecoder {
    /// Decodes an answer, checking its HTTP status first.
    public static func decode(_ body: Data, status: Int = 200) throws(CuriosityWeatherError) -> CuriosityFeed {
        guard (200..<300).contains(status) else {
            throw .httpStatus(status, excerpt: errorText(of: body))
        }
        let result: Result<CuriosityFeed, CuriosityWeatherError> = body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(CuriosityWeatherError) {
                return .success(try decode(bytes: bytes))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(CuriosityWeatherError) -> CuriosityFeed {
        var reader = JSONByteReader(bytes)
        // A UTF-8 byte order mark is not JSON, but some servers send one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            reader = JSONByteReader(UnsafeBufferPointer(rebasing: bytes[3...]))
        }
        reader.skipWhitespace()
        guard !reader.isAtEnd else { throw .emptyBody }
        let first = reader.bytes[reader.position]
        if first == UInt8(ascii: "[") { throw .unexpectedSchema(detail: "the top level is a list, not an object") }
        guard first == UInt8(ascii: "{") else { throw .notJSON(excerpt: excerpt(of: Data(bytes.prefix(512)))) }

        var sols: [CuriositySol]?
        var problem: CuriosityWeatherError?
        do throws(JSONByteReader.Failure) {
            try reader.readObject { (reader: inout JSONByteReader, key) throws(JSONByteReader.Failure) in
                guard problem == nil, reader.token(key, equals: "soles") || reader.token(key, equals: "sols") else {
                    try reader.skipValue()
                    return
                }
                guard try reader.peekKind() == .array else {
                    problem = .unexpectedSchema(detail: "\(reader.string(key)) is not a list")
                    try reader.skipValue()
                    return
                }
                var list: [CuriositySol] = []
                list.reserveCapacity(5000)
                var index = 0
                try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
                    defer { index += 1 }
                    guard try reader.peekKind() == .object else {
                        if problem == nil { problem = .unexpectedSchema(detail: "entry \(index) of \(reader.string(key)) is not an object") }
                        try reader.skipValue()
                        return
                    }
                    if let sol = try readSol(&reader) { list.append(sol) }
                }
                sols = list
            }
            reader.skipWhitespace()
            guard reader.isAtEnd else { throw reader.malformed("text after the JSON value") }
        } catch {
            switch error {
            case .truncated: throw .truncated(length: bytes.count)
            case .malformed(let what, let offset): throw .malformedJSON(detail: what, offset: offset)
            }
        }
        if let problem { throw problem }
        guard let sols else { throw .unexpectedSchema(detail: "there is no \"soles\" list") }
        guard !sols.isEmpty else { throw .noSols }
        return CuriosityFeed(sols: sols)
    }

    // MARK: - One sol

    /// The sol at the reader, or nil when it has no usable sol number or Earth
    /// date (such an entry cannot be placed, so it is left out like an absent sol).
    static func readSol(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> CuriositySol? {
        var number: Int?
        var date: EarthDate?
        var sol = CuriositySol(sol: 0, earthDate: EarthDate(daysSince1970: 0))
        try reader.readObject { (reader: inout JSONByteReader, key) throws(JSONByteReader.Failure) in
            guard let field = Field(key, in: reader) else {
                try reader.skipValue()
                return
            }
            try readValue(&reader) { text in
                switch field {
                case .sol: number = integer(text).flatMap { $0 >= 0 ? $0 : nil }
                case .earthDate: date = EarthDate(bytes: text)
                case .ls: sol.solarLongitude = reading(text, within: 0..<360)
                case .season: sol.marsMonth = marsMonth(text)
                case .minTemp: sol.airTemperature.low = reading(text, within: PlausibleReading.temperature)
                case .maxTemp: sol.airTemperature.high = reading(text, within: PlausibleReading.temperature)
                case .minGroundTemp: sol.groundTemperature.low = reading(text, within: PlausibleReading.temperature)
                case .maxGroundTemp: sol.groundTemperature.high = reading(text, within: PlausibleReading.temperature)
                case .pressure: sol.pressure = reading(text, within: PlausibleReading.pressure)
                case .uv: sol.uvIndex = UVIndex(bytes: text)
                case .sunrise: sol.sunrise = MarsLocalTime(bytes: text)
                case .sunset: sol.sunset = MarsLocalTime(bytes: text)
                }
            }
        }
        guard let number, let date else { return nil }
        sol.sol = number
        sol.earthDate = date
        return sol
    }

    enum Field {
        case sol, earthDate, ls, season, minTemp, maxTemp, minGroundTemp, maxGroundTemp, pressure, uv, sunrise, sunset

        init?(_ key: JSONByteReader.StringToken, in reader: JSONByteReader) {
            // Most keys differ in length or first byte; each compare is a few bytes.
            if reader.token(key, equals: "sol") { self = .sol }
            else if reader.token(key, equals: "terrestrial_date") { self = .earthDate }
            else if reader.token(key, equals: "ls") { self = .ls }
            else if reader.token(key, equals: "season") { self = .season }
            else if reader.token(key, equals: "min_temp") { self = .minTemp }
            else if reader.token(key, equals: "max_temp") { self = .maxTemp }
            else if reader.token(key, equals: "min_gts_temp") { self = .minGroundTemp }
            else if reader.token(key, equals: "max_gts_temp") { self = .maxGroundTemp }
            else if reader.token(key, equals: "pressure") { self = .pressure }
            else if reader.token(key, equals: "local_uv_irradiance_index") { self = .uv }
            else if reader.token(key, equals: "sunrise") { self = .sunrise }
            else if reader.token(key, equals: "sunset") { self = .sunset }
            else { return nil }
        }
    }

    /// Calls `use` with the value's text: a string's contents (escapes decoded)
    /// or a number as written. `null`, `true`/`false`, objects and lists carry
    /// no reading and are passed over.
    static func readValue(_ reader: inout JSONByteReader, _ use: (UnsafeBufferPointer<UInt8>) -> Void) throws(JSONByteReader.Failure) {
        switch try reader.peekKind() {
        case .string:
            let token = try reader.readStringToken()
            if token.hasEscapes {
                var text = Array(reader.string(token).utf8)
                text.withUnsafeMutableBufferPointer { use(UnsafeBufferPointer($0)) }
            } else {
                use(reader.rawBytes(token.range))
            }
        case .number:
            use(reader.rawBytes(try reader.readNumberToken()))
        case .object, .array, .literal:
            try reader.skipValue()
        }
    }

    // MARK: - Values

    /// A whole number written in decimal digits, optionally negative.
    static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !text.isEmpty, text.count <= 12 else { return nil }
        var index = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < text.count else { return nil }
        var value = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)  // 12 digits at most: cannot overflow
            index += 1
        }
        return negative ? -value : value
    }

    /// A measurement, or nil for `"--"`, text that is not a number, or a value
    /// no instrument on Mars could read (a broken feed, shown as not measured).
    static func reading<Range: RangeExpression<Double>>(_ text: UnsafeBufferPointer<UInt8>, within range: Range) -> Double? {
        let value: Double?
        if let whole = integer(text) {
            value = Double(whole)
        } else if text.count <= 32, text.allSatisfy({ isNumberByte($0) }) {
            value = Double(String(decoding: text, as: UTF8.self))
        } else {
            value = nil
        }
        guard let value, value.isFinite, range.contains(value) else { return nil }
        return value
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    /// `"Month N"` → N (1–12); Earth-style names (Perseverance's feed) are not Mars months.
    static func marsMonth(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let prefix = Array("Month ".utf8)
        guard text.count > prefix.count, text.count <= prefix.count + 2,
              text.prefix(prefix.count).elementsEqual(prefix),
              let month = integer(UnsafeBufferPointer(rebasing: text[prefix.count...])),
              (1...12).contains(month) else { return nil }
        return month
    }

    /// What an error answer says: the text of a JSON error body's `detail`, `message` or
    /// `error` (`{"detail":"Internal server error"}` says "Internal server error", as
    /// Launch Library's do), else the start of the body.
    static func errorText(of body: Data) -> String {
        if body.count < 4_096, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
           let text = ["detail", "message", "error"].lazy.compactMap({ object[$0] as? String }).first(where: { !$0.isEmpty }) {
            return excerpt(of: Data(text.utf8), limit: 120)
        }
        return excerpt(of: body)
    }

    /// The start of a body, printable and redacted, for error messages.
    static func excerpt(of body: Data, limit: Int = 60) -> String {
        PrintableExcerpt.of(Redaction.redact(text: String(decoding: body.prefix(limit * 4), as: UTF8.self)), limit: limit + 1)
    }
}

extension UVIndex {
    /// Compared as bytes, the candidate picked by length and first letter:
    /// a String per sol was a fifth of the cost of reading the cache.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        let candidate: UVIndex
        let spelling: StaticString
        switch (bytes.count, bytes.first) {
        case (3, UInt8(ascii: "L")): (candidate, spelling) = (.low, "Low")
        case (8, UInt8(ascii: "M")): (candidate, spelling) = (.moderate, "Moderate")
        case (4, UInt8(ascii: "H")): (candidate, spelling) = (.high, "High")
        case (9, UInt8(ascii: "V")): (candidate, spelling) = (.veryHigh, "Very_High")
        default: return nil
        }
        // The raw value's bytes, compared without making a String of it nor running the
        // generic elementsEqual (together a fifth of a sol's decoding).
        guard let start = bytes.baseAddress, memcmp(spelling.utf8Start, start, bytes.count) == 0 else { return nil }
        self = candidate
    }
}
