import Foundation
import HTTP

/// One page of a Launch Library answer: the envelope and its launches.
public struct LaunchPage: Sendable, Equatable {
    /// How many launches the whole query has (nil when the body was a bare array).
    public var count: Int?
    /// The next page's URL, already carrying every query parameter.
    public var next: String?
    public var previous: String?
    public var launches: [Launch]
    /// Results that were not launches (no id or no name) and were left out.
    public var skipped: Int

    public init(count: Int? = nil, next: String? = nil, previous: String? = nil, launches: [Launch], skipped: Int = 0) {
        self.count = count
        self.next = next
        self.previous = previous
        self.launches = launches
        self.skipped = skipped
    }
}

/// Decodes Launch Library 2 responses of every version spacedash meets:
/// 2.3.0 (normal, detailed), 2.2.0 (list, normal, detailed) and 2.0.0.
///
/// One tolerant reader serves them all, because the versions differ in shape
/// rather than meaning: 2.2.0 list mode flattens the provider, mission type
/// and location into strings (`lsp_name`, `mission_type`, `location`), the
/// agency `type` is a string before 2.3.0 and an object after, latitude and
/// longitude are strings before 2.3.0 and numbers after. Every nested object
/// may be null or missing, `""` is read as absent, unknown keys are ignored, and
/// a value of the wrong type is read as absent rather than failing the page.
///
/// Accepts the page envelope (`count`/`next`/`previous`/`results`), a bare
/// `results` array, or a single launch object (`/launches/{id}/`); and
/// spacedash's own `--json` output (flat `Launch` objects, alone, in an array or in
/// `launches --json`'s `{"source", "launches"}`),
/// so `launches --json > saved.json` reads back whole with `--file saved.json`.
///
/// Which reader runs when:
/// - **A page from Launch Library**, and the bundled listing: `decodePage`. A list
///   of launches is walked record by record (`LaunchLibraryFileDecoder.recordsPage`:
///   `ChunkedJSONReader` over the body, each launch read by `LaunchRecordDecoder`);
///   anything else, and any body that walk refuses, goes to `JSONDecoder` with the
///   `Raw*` shapes below (`decodeWithJSONDecoder`), which says what is wrong.
/// - **`--file` and standard input**: `LaunchLibraryFileDecoder.decode`, the same
///   record walk over chunks of the file; an object without `results` (an error
///   body, a single launch) goes to `decodeWithJSONDecoder`.
/// - **A cache hit**: `LaunchPageCompactForm`, which the service writes after each
///   fetch; an entry saved before the compact form goes the page's way.
/// - **`launches show`**: `LaunchDetailDecoder`, the page's launches plus a
///   `JSONDecoder` pass for the fields only detailed records carry.
///
/// spacedash's own `--json` launches, a page or a file, go through `JSONDecoder`
/// into `Launch`. The record walk and `JSONDecoder` give the same launches: the
/// differential tests in `LaunchLibraryFileDecoderTests` and the LaunchLibrary
/// fuzz target hold them to it.
public enum LaunchLibraryDecoder {
    public static func decodePage(_ data: Data) throws(LaunchLibraryError) -> LaunchPage {
        // A list of launches, the usual body, is read record by record (`--file`'s
        // reader, the same results); anything else is read here, which says what it is.
        if let page = LaunchLibraryFileDecoder.recordsPage(data) { return page }
        return try decodeWithJSONDecoder(data)
    }

    /// Any body read whole by `JSONDecoder`: the shapes that are not lists of
    /// launches, and the errors, each explained (and the reference the record
    /// reader is tested and benchmarked against).
    package static func decodeWithJSONDecoder(_ data: Data) throws(LaunchLibraryError) -> LaunchPage {
        guard let first = data.first(where: { !isJSONWhitespace($0) }) else {
            throw .notJSON(prefix: "")
        }
        let decoder = JSONDecoder()
        do {
            if first == UInt8(ascii: "[") {
                if (try? decoder.decode([SpacedashLaunchProbe].self, from: data))?.first?.isSpacedashLaunch == true {
                    return try spacedashPage(decoder.decode([Lossy<Launch>].self, from: data))
                }
                let results = try decoder.decode([Lossy<RawLaunch>].self, from: data)
                return try page(count: nil, next: nil, previous: nil, results: results)
            }
            guard first == UInt8(ascii: "{") else { throw LaunchLibraryError.notJSON(startingWith: data) }
            let envelope = try decoder.decode(RawEnvelope.self, from: data)
            if let results = envelope.results {
                return try page(count: envelope.count, next: envelope.next, previous: envelope.previous, results: results)
            }
            if let detail = envelope.detail {
                throw LaunchLibraryError.fromDetail(detail)
            }
            // spacedash's own `launches --json`: {"source": …, "launches": [its records]}.
            struct SpacedashListing: Decodable { var launches: [Lossy<Launch>] }
            if let listing = try? decoder.decode(SpacedashListing.self, from: data) {
                return try spacedashPage(listing.launches)
            }
            if (try? decoder.decode(SpacedashLaunchProbe.self, from: data))?.isSpacedashLaunch == true {
                return try spacedashPage([decoder.decode(Lossy<Launch>.self, from: data)])
            }
            if var single = try? decoder.decode(RawLaunch.self, from: data), let launch = single.takeLaunch() {
                return LaunchPage(count: 1, launches: [launch])
            }
            throw LaunchLibraryError.unexpectedShape("it has no \"results\"")
        } catch let error as LaunchLibraryError {
            throw error
        } catch {
            // Tell a broken body from well-formed JSON of another shape.
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil {
                throw .unexpectedShape(first == UInt8(ascii: "{") ? "\"results\" is not a list" : "it is not a list of objects")
            }
            throw .notJSON(startingWith: data)
        }
    }

    /// The launches of `data`, for callers that want no envelope.
    public static func decodeLaunches(_ data: Data) throws(LaunchLibraryError) -> [Launch] {
        try decodePage(data).launches
    }

    /// The `detail` of an error body (`{"detail": "Not found."}`), or nil.
    public static func detail(in data: Data) -> String? {
        struct DetailOnly: Decodable { var detail: String? }
        return (try? JSONDecoder().decode(DetailOnly.self, from: data))?.detail.flatMap(\.nonEmpty)
    }

    /// spacedash's own launch objects, those that decode; none is an error.
    private static func spacedashPage(_ results: [Lossy<Launch>]) throws(LaunchLibraryError) -> LaunchPage {
        let launches = results.compactMap(\.value)
        if launches.isEmpty && !results.isEmpty {
            throw .unexpectedShape("none of its \(results.count) objects is a launch with an id and a name")
        }
        return LaunchPage(launches: launches, skipped: results.count - launches.count)
    }

    private static func page(count: Int?, next: String?, previous: String?, results: [Lossy<RawLaunch>]) throws(LaunchLibraryError) -> LaunchPage {
        var launches: [Launch] = []
        launches.reserveCapacity(results.count)
        var skipped = 0
        for result in results {
            if var raw = result.value, let launch = raw.takeLaunch() { launches.append(launch) } else { skipped += 1 }
        }
        if launches.isEmpty && skipped > 0 {
            throw .unexpectedShape("none of its \(skipped) results is a launch with an id and a name")
        }
        return LaunchPage(count: count, next: next?.nonEmpty, previous: previous?.nonEmpty, launches: launches, skipped: skipped)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The first characters of a body, printable, for an error message (`PrintableExcerpt`'s rule).
    static func prefix(of data: Data) -> String {
        // Redacted before it is cut: a server may echo the request's token.
        let text = Redaction.redact(text: String(decoding: data.prefix(200), as: UTF8.self))
        let excerpt = PrintableExcerpt.of(text, limit: 41)
        return data.count > 200 && !excerpt.hasSuffix("…") ? excerpt + "…" : excerpt
    }
}

// MARK: - The tolerant raw shapes

private struct RawEnvelope: Decodable {
    var count: Int?
    var next: String?
    var previous: String?
    var results: [Lossy<RawLaunch>]?
    var detail: String?

    enum CodingKeys: String, CodingKey { case count, next, previous, results, detail }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        count = c.lenient(Int.self, .count)
        next = c.text(.next)
        previous = c.text(.previous)
        // A `results` of the wrong type is a shape error, not an empty page.
        results = try c.decodeIfPresent([Lossy<RawLaunch>].self, forKey: .results)
        detail = c.text(.detail)
    }
}

/// A value that failed to decode becomes nil instead of failing its array.
struct Lossy<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// Tells spacedash's flat launch objects from Launch Library's, which never
/// carry `agency_abbrev` or `status_abbrev` at the top level.
struct SpacedashLaunchProbe: Decodable {
    var isSpacedashLaunch = false

    init(from decoder: Decoder) throws {
        guard let c = try? decoder.container(keyedBy: Launch.CodingKeys.self) else { return }
        isSpacedashLaunch = c.contains(.agencyAbbreviation) && c.contains(.statusAbbreviation)
    }
}

/// One launch as Launch Library sends it, read by `JSONDecoder` here (pages)
/// or straight from its bytes by `LaunchRecordDecoder` (`--file`); `launch`
/// turns either into a `Launch`.
struct RawLaunch: Decodable {
    var id: String?
    var name: String?
    var status: NamedValue?
    // Dates are parsed as they are read: `--file` reads them from the bytes,
    // with no String made for each of a million launches' four dates.
    var net: Date?
    var netPrecision: NamedValue?
    var windowStart: Date?
    var windowEnd: Date?
    var lspName: String?
    var provider: RawAgency?
    var mission: RawMission?
    var missionType: String?
    var orbit: NamedValue?
    var pad: RawPad?
    var location: RawLocation?
    var rocket: RawRocket?
    var webcastLive: Bool?
    var lastUpdated: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, status, net, orbit, pad, location, rocket, mission
        case netPrecision = "net_precision"
        case windowStart = "window_start"
        case windowEnd = "window_end"
        case lspName = "lsp_name"
        case provider = "launch_service_provider"
        case missionType = "mission_type"
        case webcastLive = "webcast_live"
        case lastUpdated = "last_updated"
    }

    /// Nothing read yet.
    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.text(.id) ?? c.lenient(Int.self, .id).map(String.init)
        name = c.text(.name)
        status = c.lenient(NamedValue.self, .status)
        net = c.text(.net).flatMap(LaunchLibraryDate.date(from:))
        netPrecision = c.lenient(NamedValue.self, .netPrecision)
        windowStart = c.text(.windowStart).flatMap(LaunchLibraryDate.date(from:))
        windowEnd = c.text(.windowEnd).flatMap(LaunchLibraryDate.date(from:))
        lspName = c.text(.lspName)
        provider = c.lenient(RawAgency.self, .provider)
        mission = c.lenient(RawMission.self, .mission)
        missionType = c.text(.missionType)
        orbit = c.lenient(NamedValue.self, .orbit)
        pad = c.lenient(RawPad.self, .pad)
        location = c.lenient(RawLocation.self, .location)
        rocket = c.lenient(RawRocket.self, .rocket)
        webcastLive = c.lenient(Bool.self, .webcastLive)
        lastUpdated = c.text(.lastUpdated).flatMap(LaunchLibraryDate.date(from:))
    }

    /// The launch these fields make, if they have an id and a name, taken out of
    /// them (`take()`, which leaves nil): a million-launch `--file` moves each
    /// string into its `Launch` rather than copying it and releasing the original.
    mutating func takeLaunch() -> Launch? {
        var launch: [Launch] = []
        return takeLaunch(appendingTo: &launch) ? launch.removeLast() : nil
    }

    /// `takeLaunch()` appending the launch to `launches`, where it is built in
    /// place; false when there is none.
    mutating func takeLaunch(appendingTo launches: inout [Launch]) -> Bool {
        guard let id = id.take(), let name = name.take() else { return false }
        var orbit = mission?.orbit.take() ?? self.orbit.take()
        var location = pad?.location.take() ?? self.location.take()
        // 2.2.0 list mode has no rocket object; its name is the part before " | ".
        let rocketName = rocket?.name.take() ?? Self.rocket(inName: name)
        launches.append(Launch(
            id: id,
            name: name,
            agencyName: provider?.name.take() ?? lspName.take(),
            agencyAbbreviation: provider?.abbrev.take(),
            agencyType: provider?.type.take(),
            missionName: mission?.name.take(),
            missionType: mission?.type.take() ?? missionType.take(),
            missionDescription: mission?.description.take(),
            orbitName: orbit?.name.take(),
            orbitAbbreviation: orbit?.abbrev.take(),
            padName: pad?.name.take(),
            locationName: location?.name.take(),
            countryCode: pad?.countryCode.take() ?? location?.countryCode.take(),
            latitude: pad?.latitude ?? location?.latitude,
            longitude: pad?.longitude ?? location?.longitude,
            net: net,
            netPrecision: netPrecision?.name.take(),
            windowStart: windowStart,
            windowEnd: windowEnd,
            statusName: status?.name.take(),
            statusAbbreviation: status?.abbrev.take(),
            rocketName: rocketName,
            webcastLive: webcastLive ?? false,
            lastUpdated: lastUpdated
        ))
        return true
    }
}

extension RawLaunch {
    /// The part of "Rocket | Mission" before the first " | ", if it has one and
    /// it is not blank. ASCII names (nearly all) are split by their bytes:
    /// `components(separatedBy:)` cost a tenth of a `--file` load.
    static func rocket(inName name: String) -> String? {
        // nil: not ASCII; .some(nil): no " | "; .some(n): the first is at byte n.
        let split: Int?? = name.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count >= 3 else { return .some(nil) }
            for start in 0...(bytes.count - 3)
            where bytes[start] == 0x20 && bytes[start + 1] == UInt8(ascii: "|") && bytes[start + 2] == 0x20 {
                return .some(start)
            }
            return .some(nil)
        } ?? nil
        guard let split else {
            let parts = name.components(separatedBy: " | ")
            return parts.count > 1 ? parts[0].nonEmpty : nil
        }
        guard let end = split else { return nil }
        return String(name[..<name.utf8.index(name.startIndex, offsetBy: end)]).nonEmpty
    }
}

/// `{"name": …, "abbrev": …}` or a bare string: statuses, precisions, orbits,
/// and the agency type (a string before 2.3.0, an object after).
struct NamedValue: Decodable {
    var name: String?
    var abbrev: String?

    enum CodingKeys: String, CodingKey { case name, abbrev }

    init() {}

    init(from decoder: Decoder) throws {
        guard let c = try decoder.objectOrName(keyedBy: CodingKeys.self, name: &name) else { return }
        name = c.text(.name)
        abbrev = c.text(.abbrev)
    }
}

struct RawAgency: Decodable {
    var name: String?
    var abbrev: String?
    var type: String?

    enum CodingKeys: String, CodingKey { case name, abbrev, type }

    init() {}

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = c.text(.name)
        abbrev = c.text(.abbrev)
        type = c.lenient(NamedValue.self, .type)?.name
    }
}

/// The mission object, or in 2.2.0 list mode just its name.
struct RawMission: Decodable {
    var name: String?
    var type: String?
    var description: String?
    var orbit: NamedValue?

    enum CodingKeys: String, CodingKey { case name, type, description, orbit }

    init() {}

    init(from decoder: Decoder) throws {
        guard let c = try decoder.objectOrName(keyedBy: CodingKeys.self, name: &name) else { return }
        name = c.text(.name)
        type = c.text(.type)
        description = c.text(.description)
        orbit = c.lenient(NamedValue.self, .orbit)
    }
}

/// The pad object, or in 2.2.0 list mode just its name.
struct RawPad: Decodable {
    var name: String?
    var latitude: Double?
    var longitude: Double?
    var countryCode: String?
    var location: RawLocation?

    enum CodingKeys: String, CodingKey {
        case name, latitude, longitude, country, location
        case countryCode = "country_code"
    }

    init() {}

    init(from decoder: Decoder) throws {
        guard let c = try decoder.objectOrName(keyedBy: CodingKeys.self, name: &name) else { return }
        name = c.text(.name)
        latitude = c.coordinate(.latitude)
        longitude = c.coordinate(.longitude)
        countryCode = c.text(.countryCode) ?? c.lenient(RawCountry.self, .country)?.alpha3
        location = c.lenient(RawLocation.self, .location)
    }
}

/// The location object, or in 2.2.0 list mode just its name.
struct RawLocation: Decodable {
    var name: String?
    var countryCode: String?
    var latitude: Double?
    var longitude: Double?

    enum CodingKeys: String, CodingKey {
        case name, country, latitude, longitude
        case countryCode = "country_code"
    }

    init() {}

    init(from decoder: Decoder) throws {
        guard let c = try decoder.objectOrName(keyedBy: CodingKeys.self, name: &name) else { return }
        name = c.text(.name)
        countryCode = c.text(.countryCode) ?? c.lenient(RawCountry.self, .country)?.alpha3
        latitude = c.coordinate(.latitude)
        longitude = c.coordinate(.longitude)
    }
}

/// 2.3.0's country object; only its ISO code is kept.
struct RawCountry: Decodable {
    var alpha3: String?
    enum CodingKeys: String, CodingKey { case alpha3 = "alpha_3_code" }
    init() {}
    init(from decoder: Decoder) throws {
        alpha3 = try decoder.container(keyedBy: CodingKeys.self).text(.alpha3)
    }
}

struct RawRocket: Decodable {
    var name: String?

    private struct Configuration: Decodable {
        var name: String?
        var fullName: String?
        enum CodingKeys: String, CodingKey { case name, fullName = "full_name" }
        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = c.text(.name)
            fullName = c.text(.fullName)
        }
    }

    enum CodingKeys: String, CodingKey { case configuration }

    init() {}

    init(from decoder: Decoder) throws {
        let configuration = try decoder.container(keyedBy: CodingKeys.self).lenient(Configuration.self, .configuration)
        name = configuration?.fullName ?? configuration?.name
    }
}

extension Decoder {
    /// The object's keyed container, or nil for a string (2.2.0 list mode), read as `name`.
    /// Objects are the common case: trying one first keeps thrown errors, which are slow, rare.
    func objectOrName<Key: CodingKey>(keyedBy type: Key.Type, name: inout String?) throws -> KeyedDecodingContainer<Key>? {
        guard let c = try? container(keyedBy: type) else {
            name = try singleValueContainer().decode(String.self).nonEmpty
            return nil
        }
        return c
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or nil when it is missing, null or of another type.
    func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// A string, with `""` (and whitespace alone) read as absent.
    func text(_ key: Key) -> String? {
        lenient(String.self, key)?.nonEmpty
    }

    /// Latitude or longitude: a number in 2.3.0, a string in 2.2.0 and 2.0.0.
    func coordinate(_ key: Key) -> Double? {
        if let number = lenient(Double.self, key) { return number.isFinite ? number : nil }
        guard let text = text(key), let number = Double(text.trimmingSpaces()), number.isFinite else { return nil }
        return number
    }
}

extension String {
    /// nil for "" or whitespace alone, else the string itself.
    var nonEmpty: String? {
        // Most text starts with a visible ASCII character, which no Unicode
        // whitespace rule can match: no need to look at it by Character.
        if let first = utf8.first, first > 0x20, first < 0x7F { return self }
        return allSatisfy(\.isWhitespace) ? nil : self
    }
}
