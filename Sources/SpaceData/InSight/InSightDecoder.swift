import Foundation
import HTTP

/// Turns an api.nasa.gov / mars.nasa.gov InSight weather answer into an `InSightFeed`,
/// following the schema as actually served (../shared/docs/insight-api.md):
/// sols under dynamic keys listed in `sol_keys`, every sensor optional, a sparse
/// wind rose keyed "0"–"15" whose `most_common` may be null, optional month and
/// hemisphere seasons. `validity_checks` and unknown keys are ignored.
/// `sol_keys: []` is a successful, empty feed.
public enum InSightDecoder {
    /// Decodes an answer, checking the HTTP status first: api.nasa.gov's error
    /// bodies have their own shape and become typed errors.
    public static func decode(
        _ body: Data,
        status: Int = 200,
        retryAfter: TimeInterval? = nil,
        usingDemoKey: Bool = true
    ) throws(InSightError) -> InSightFeed {
        if let error = gatewayError(in: body, status: status, retryAfter: retryAfter, usingDemoKey: usingDemoKey) {
            throw error
        }
        guard (200..<300).contains(status) else {
            throw .httpStatus(status, excerpt: excerpt(of: body))
        }
        try checkText(body)
        let feed: FeedDocument
        do {
            feed = try JSONDecoder().decode(FeedDocument.self, from: body)
        } catch let error as DecodingError {
            throw classify(error, body: body)
        } catch {
            throw .malformedJSON(detail: String(describing: error))
        }
        return InSightFeed(sols: feed.sols)
    }

    // MARK: - api.nasa.gov error bodies

    private struct GatewayErrorBody: Decodable {
        struct Detail: Decodable {
            let code: String
            let message: String?
        }
        let error: Detail
    }

    /// The typed error an api-umbrella error body (`{"error":{"code":…,"message":…}}`)
    /// stands for, or nil when the body is not one. A 429 without a body is still
    /// the rate limit.
    static func gatewayError(in body: Data, status: Int, retryAfter: TimeInterval?, usingDemoKey: Bool) -> InSightError? {
        let parsed = body.first(where: { !isJSONWhitespace($0) }) == UInt8(ascii: "{")
            ? try? JSONDecoder().decode(GatewayErrorBody.self, from: body) : nil
        guard let detail = parsed?.error else {
            return status == 429 ? .rateLimited(usingDemoKey: usingDemoKey, retryAfter: retryAfter) : nil
        }
        switch detail.code {
        case "OVER_RATE_LIMIT": return .rateLimited(usingDemoKey: usingDemoKey, retryAfter: retryAfter)
        case "API_KEY_INVALID": return .apiKeyInvalid
        case "API_KEY_MISSING": return .apiKeyMissing
        default:
            return .serviceError(status: status, code: String(detail.code.prefix(64)), message: String((detail.message ?? "").prefix(200)))
        }
    }

    // MARK: - Telling bad bodies apart

    /// Rejects an empty body, bytes that are not UTF-8, and text that is not JSON
    /// at all, each with its own error, before the JSON decoder sees them.
    static func checkText(_ body: Data) throws(InSightError) {
        guard body.contains(where: { !isJSONWhitespace($0) }) else { throw .emptyBody }
        if let offset = firstInvalidUTF8Offset(body) { throw .invalidUTF8(offset: offset) }
        let first = body.first(where: { !isJSONWhitespace($0) })!
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            throw .notJSON(excerpt: excerpt(of: body))
        }
    }

    static func firstInvalidUTF8Offset(_ body: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = body.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Whether the JSON text ends inside a string or with brackets still open:
    /// the body was cut short rather than written wrong.
    static func endsUnfinished(_ body: Data) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return inString || depth > 0
    }

    static func classify(_ error: DecodingError, body: Data) -> InSightError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return endsUnfinished(body) ? .truncated(length: body.count) : .malformedJSON(detail: underlyingText(context))
        case .dataCorrupted(let context):
            return .unexpectedSchema(detail: "\(path(context.codingPath)): \(context.debugDescription)")
        case .keyNotFound(let key, let context):
            return .unexpectedSchema(detail: "\(path(context.codingPath + [key])) is missing")
        case .typeMismatch(let type, let context):
            return .unexpectedSchema(detail: "\(path(context.codingPath)) is not \(typeName(type))")
        case .valueNotFound(let type, let context):
            return .unexpectedSchema(detail: "\(path(context.codingPath)) is null where \(typeName(type)) was expected")
        @unknown default:
            return .malformedJSON(detail: String(describing: error))
        }
    }

    private static func underlyingText(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            return detail
        }
        return context.debugDescription
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [String].Type: return "a list of strings"
        default: return "an object"
        }
    }

    /// The start of a body, printable, for error messages (`PrintableExcerpt`'s rule).
    static func excerpt(of body: Data, limit: Int = 60) -> String {
        // Redacted before it is cut: a server may echo the request's api_key.
        PrintableExcerpt.of(Redaction.redact(text: String(decoding: body.prefix(limit * 4), as: UTF8.self)), limit: limit + 1)
    }

    static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

// MARK: - The schema

/// A string coding key, for the feed's dynamic keys (sol numbers, wind sectors).
struct DynamicKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

struct FeedDocument: Decodable {
    let sols: [InSightSol]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicKey.self)
        let solKeys = try container.decode([String].self, forKey: DynamicKey("sol_keys"))
        var sols: [InSightSol] = []
        sols.reserveCapacity(solKeys.count)
        for key in solKeys {
            guard let number = Int(key), number >= 0 else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: [DynamicKey("sol_keys")],
                    debugDescription: "\"\(key.prefix(20))\" is not a sol number"
                ))
            }
            let solKey = DynamicKey(key)
            guard container.contains(solKey) else {
                throw DecodingError.keyNotFound(solKey, .init(codingPath: [], debugDescription: "sol \(key) is listed in sol_keys but missing"))
            }
            sols.append(try container.decode(SolDocument.self, forKey: solKey).sol(number))
        }
        self.sols = sols
    }
}

struct SolDocument: Decodable {
    let temperature: SensorSummary?
    let windSpeed: SensorSummary?
    let pressure: SensorSummary?
    let wind: WindRose?
    let firstUTC: Date
    let lastUTC: Date
    let season: String
    let monthOrdinal: Int?
    let northernSeason: String?
    let southernSeason: String?

    enum CodingKeys: String, CodingKey {
        case AT, HWS, PRE, WD
        case First_UTC, Last_UTC, Season, Month_ordinal, Northern_season, Southern_season
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temperature = try container.decodeIfPresent(SensorDocument.self, forKey: .AT)?.summary(within: PlausibleReading.temperature)
        windSpeed = try container.decodeIfPresent(SensorDocument.self, forKey: .HWS)?.summary(within: PlausibleReading.windSpeed)
        pressure = try container.decodeIfPresent(SensorDocument.self, forKey: .PRE)?.summary(within: PlausibleReading.pressure)
        wind = try container.decodeIfPresent(WindDocument.self, forKey: .WD)?.rose
        firstUTC = try Self.date(container, .First_UTC)
        lastUTC = try Self.date(container, .Last_UTC)
        season = try container.decode(String.self, forKey: .Season)
        monthOrdinal = try container.decodeIfPresent(Int.self, forKey: .Month_ordinal).flatMap { PlausibleReading.monthOrdinal.contains($0) ? $0 : nil }
        northernSeason = try container.decodeIfPresent(String.self, forKey: .Northern_season)
        southernSeason = try container.decodeIfPresent(String.self, forKey: .Southern_season)
    }

    private static func date(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let date = UTCTimestamp.parse(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: container.codingPath + [key],
                debugDescription: "\"\(text.prefix(40))\" is not a UTC timestamp like 2020-10-19T18:32:20Z"
            ))
        }
        return date
    }

    func sol(_ number: Int) -> InSightSol {
        InSightSol(
            sol: number, firstUTC: firstUTC, lastUTC: lastUTC, season: season,
            monthOrdinal: monthOrdinal, northernSeason: northernSeason, southernSeason: southernSeason,
            temperature: temperature, windSpeed: windSpeed, pressure: pressure, wind: wind
        )
    }
}

/// The readings InSight could physically have made. A value outside them (or
/// not finite) is not a measurement but a broken or hostile feed, so the sensor
/// is treated as not having reported that sol: shown as "—" like any missing
/// sensor, never converted, drawn or turned into an `Int` (1e300 would trap).
/// A cached body is decoded here too, so old cache entries get the same rule.
enum PlausibleReading {
    /// °C. Mars's surface spans about −125 °C (polar night) to +35 °C; InSight saw −119…−3.
    static let temperature: ClosedRange<Double> = -200...100
    /// Pa. About 30 Pa on Olympus Mons to 1,200 Pa in Hellas; InSight saw ~600–900.
    static let pressure: ClosedRange<Double> = 0...10_000
    /// m/s. Martian winds rarely pass 30 m/s (InSight's gusts reached ~25); 1,000 is beyond any wind.
    static let windSpeed: ClosedRange<Double> = 0...1_000
    /// Degrees clockwise from north; 360 is north again.
    static let compassDegrees: ClosedRange<Double> = 0...360
    /// Samples over one sol (88,775 s). The archive's largest count is ~352,000 (about 4 Hz);
    /// ten million would be over 100 a second all sol.
    static let sampleCount: ClosedRange<Double> = 0...10_000_000
    /// Mars months, in feeds from 2021 on.
    static let monthOrdinal: ClosedRange<Int> = 1...12

    /// `count` as a whole number of samples, or nil when it is not a plausible count.
    static func samples(_ count: Double) -> Int? {
        sampleCount.contains(count) ? Int(count) : nil
    }
}

struct SensorDocument: Decodable {
    let av: Double
    let ct: Double
    let mn: Double
    let mx: Double

    /// The summary, or nil when a value is outside `range` or the count is not
    /// plausible: the sensor did not give a usable reading this sol.
    func summary(within range: ClosedRange<Double>) -> SensorSummary? {
        guard range.contains(av), range.contains(mn), range.contains(mx),
              let samples = PlausibleReading.samples(ct) else { return nil }
        return SensorSummary(average: av, minimum: mn, maximum: mx, sampleCount: samples)
    }
}

struct WindDocument: Decodable {
    let rose: WindRose

    struct SectorDocument: Decodable {
        let compass_degrees: Double?
        let compass_point: String?
        let ct: Double

        /// The sector at `index`, or nil when its count is not plausible (the
        /// sector is then left out, as sectors without samples are).
        func sector(index: Int) -> WindSector? {
            guard let samples = PlausibleReading.samples(ct) else { return nil }
            return WindSector(
                index: index,
                // The sector name and angle follow from the key; the feed's own
                // values are kept when present (they always agreed in the archive),
                // and an angle that is not a compass angle is replaced.
                point: compass_point ?? WindSector.pointNames[index],
                degrees: plausibleDegrees ?? Double(index) * 22.5,
                sampleCount: samples
            )
        }

        var plausibleDegrees: Double? {
            compass_degrees.flatMap { PlausibleReading.compassDegrees.contains($0) ? $0 : nil }
        }

        /// The sector index from the point name, for `most_common`, which has no key of its own.
        var index: Int? {
            if let point = compass_point, let index = WindSector.pointNames.firstIndex(of: point) { return index }
            if let degrees = plausibleDegrees {
                return Int((degrees / 22.5).rounded()) % 16
            }
            return nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicKey.self)
        var sectors: [WindSector] = []
        for key in container.allKeys {
            // "0"…"15" are sectors; the official doc's "16" never occurs, and
            // anything else is ignored like any unknown key.
            guard let index = Int(key.stringValue), (0..<16).contains(index) else { continue }
            if let sector = try container.decode(SectorDocument.self, forKey: key).sector(index: index) {
                sectors.append(sector)
            }
        }
        let mostCommon = try container.decodeIfPresent(SectorDocument.self, forKey: DynamicKey("most_common"))
        rose = WindRose(sectors: sectors, mostCommon: mostCommon.flatMap { doc in doc.index.flatMap { doc.sector(index: $0) } })
    }
}

/// The feed's timestamps: `YYYY-MM-DDTHH:MM:SSZ`, with a fraction of a second
/// at times (`…:55.5Z`). Only that form is taken, as the feed always writes it;
/// `LaunchLibraryDate`, which also reads offsets and local times, reads it.
enum UTCTimestamp {
    static func parse(_ text: String) -> Date? {
        let utf8 = text.utf8
        guard utf8.count >= 20, utf8.dropFirst(10).first == UInt8(ascii: "T"), utf8.last == UInt8(ascii: "Z") else { return nil }
        return LaunchLibraryDate.date(from: text)
    }
}
