import Foundation

/// One rocket launch from Launch Library 2, reduced to what spacedash shows and
/// searches, the same whichever API version or response mode it came from.
///
/// Every field but `id` and `name` is optional: the API leaves nested objects
/// out or null (a real 1961 launch has `"mission": null`), 2.2.0 list mode
/// carries no coordinates, 2.0.0 no NET precision. Empty strings in a response
/// are read as absent.
///
/// `Codable` with the stable snake_case field names documented on `CodingKeys`:
/// this is `spacedash launches --json`. (The cache keeps `LaunchPageCompactForm`.)
public struct Launch: Sendable, Hashable, Codable {
    /// The launch's UUID.
    public var id: String
    /// "Rocket | Mission", e.g. "Falcon 9 Block 5 | Starlink Group 17-39".
    public var name: String
    /// The launch service provider, e.g. "SpaceX".
    public var agencyName: String?
    /// Its abbreviation, e.g. "SpX" (2.3.0 and 2.2.0 detailed only).
    public var agencyAbbreviation: String?
    /// "Commercial", "Government", ... (a string in 2.2.0, an object in 2.3.0).
    public var agencyType: String?
    /// The mission's own name, e.g. "Starlink Group 17-39".
    public var missionName: String?
    /// "Communications", "Test Flight", "Unknown", ...
    public var missionType: String?
    public var missionDescription: String?
    /// The target orbit's name, e.g. "Low Earth Orbit".
    public var orbitName: String?
    /// Its abbreviation, e.g. "LEO".
    public var orbitAbbreviation: String?
    /// The pad's name, e.g. "Space Launch Complex 40".
    public var padName: String?
    /// The launch site, e.g. "Cape Canaveral SFS, FL, USA".
    public var locationName: String?
    /// ISO 3166 alpha-3 code of the pad's country, e.g. "USA" (2.2.0 may list several, comma-separated).
    public var countryCode: String?
    /// The pad's latitude and longitude in degrees.
    public var latitude: Double?
    public var longitude: Double?
    /// "No earlier than": the planned (or actual) time of launch.
    public var net: Date?
    /// How precise `net` is: "Second", "Minute", "Hour", "Day", "Month", ... (absent in 2.0.0).
    public var netPrecision: String?
    public var windowStart: Date?
    public var windowEnd: Date?
    /// "Go for Launch", "To Be Determined", "Launch Successful" (2.0.0 says "Go", "TBD", "Success").
    public var statusName: String?
    /// "Go", "TBD", "TBC", "Success", ... (absent in 2.0.0, where `statusName` is already short).
    public var statusAbbreviation: String?
    /// The launcher's full name, e.g. "Falcon 9 Block 5".
    public var rocketName: String?
    /// Whether a webcast is live now.
    public var webcastLive: Bool
    /// When Launch Library last changed the record (absent in 2.0.0): calendars
    /// and change marks compare it.
    public var lastUpdated: Date?

    public init(
        id: String,
        name: String,
        agencyName: String? = nil,
        agencyAbbreviation: String? = nil,
        agencyType: String? = nil,
        missionName: String? = nil,
        missionType: String? = nil,
        missionDescription: String? = nil,
        orbitName: String? = nil,
        orbitAbbreviation: String? = nil,
        padName: String? = nil,
        locationName: String? = nil,
        countryCode: String? = nil,
        latitude: Double? = nil,
        longitude: Double? = nil,
        net: Date? = nil,
        netPrecision: String? = nil,
        windowStart: Date? = nil,
        windowEnd: Date? = nil,
        statusName: String? = nil,
        statusAbbreviation: String? = nil,
        rocketName: String? = nil,
        webcastLive: Bool = false,
        lastUpdated: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.agencyName = agencyName
        self.agencyAbbreviation = agencyAbbreviation
        self.agencyType = agencyType
        self.missionName = missionName
        self.missionType = missionType
        self.missionDescription = missionDescription
        self.orbitName = orbitName
        self.orbitAbbreviation = orbitAbbreviation
        self.padName = padName
        self.locationName = locationName
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.net = net
        self.netPrecision = netPrecision
        self.windowStart = windowStart
        self.windowEnd = windowEnd
        self.statusName = statusName
        self.statusAbbreviation = statusAbbreviation
        self.rocketName = rocketName
        self.webcastLive = webcastLive
        self.lastUpdated = lastUpdated
    }

    /// The short status to show in a narrow column: the abbreviation when
    /// there is one, else the name.
    public var statusShort: String? { statusAbbreviation ?? statusName }

    /// The JSON field names of `--json` and the cache. Dates are ISO-8601 UTC
    /// strings ("2026-07-20T14:49:32Z"); absent values are `null`.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name
        case agencyName = "agency"
        case agencyAbbreviation = "agency_abbrev"
        case agencyType = "agency_type"
        case missionName = "mission"
        case missionType = "mission_type"
        case missionDescription = "mission_description"
        case orbitName = "orbit"
        case orbitAbbreviation = "orbit_abbrev"
        case padName = "pad"
        case locationName = "location"
        case countryCode = "country_code"
        case latitude, longitude
        case net
        case netPrecision = "net_precision"
        case windowStart = "window_start"
        case windowEnd = "window_end"
        case statusName = "status"
        case statusAbbreviation = "status_abbrev"
        case rocketName = "rocket"
        case webcastLive = "webcast_live"
        case lastUpdated = "last_updated"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func date(_ key: CodingKeys) throws -> Date? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = LaunchLibraryDate.date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "not an ISO-8601 date: \(text)")
            }
            return date
        }
        self.init(
            id: try c.decode(String.self, forKey: .id),
            name: try c.decode(String.self, forKey: .name),
            agencyName: try c.decodeIfPresent(String.self, forKey: .agencyName),
            agencyAbbreviation: try c.decodeIfPresent(String.self, forKey: .agencyAbbreviation),
            agencyType: try c.decodeIfPresent(String.self, forKey: .agencyType),
            missionName: try c.decodeIfPresent(String.self, forKey: .missionName),
            missionType: try c.decodeIfPresent(String.self, forKey: .missionType),
            missionDescription: try c.decodeIfPresent(String.self, forKey: .missionDescription),
            orbitName: try c.decodeIfPresent(String.self, forKey: .orbitName),
            orbitAbbreviation: try c.decodeIfPresent(String.self, forKey: .orbitAbbreviation),
            padName: try c.decodeIfPresent(String.self, forKey: .padName),
            locationName: try c.decodeIfPresent(String.self, forKey: .locationName),
            countryCode: try c.decodeIfPresent(String.self, forKey: .countryCode),
            latitude: try c.decodeIfPresent(Double.self, forKey: .latitude),
            longitude: try c.decodeIfPresent(Double.self, forKey: .longitude),
            net: try date(.net),
            netPrecision: try c.decodeIfPresent(String.self, forKey: .netPrecision),
            windowStart: try date(.windowStart),
            windowEnd: try date(.windowEnd),
            statusName: try c.decodeIfPresent(String.self, forKey: .statusName),
            statusAbbreviation: try c.decodeIfPresent(String.self, forKey: .statusAbbreviation),
            rocketName: try c.decodeIfPresent(String.self, forKey: .rocketName),
            webcastLive: try c.decodeIfPresent(Bool.self, forKey: .webcastLive) ?? false,
            lastUpdated: try date(.lastUpdated)
        )
    }

    /// Writes every key, absent values as `null`, so scripts see a fixed shape.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        func date(_ value: Date?, _ key: CodingKeys) throws {
            try c.encode(value.map(LaunchLibraryDate.string(from:)), forKey: key)
        }
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(agencyName, forKey: .agencyName)
        try c.encode(agencyAbbreviation, forKey: .agencyAbbreviation)
        try c.encode(agencyType, forKey: .agencyType)
        try c.encode(missionName, forKey: .missionName)
        try c.encode(missionType, forKey: .missionType)
        try c.encode(missionDescription, forKey: .missionDescription)
        try c.encode(orbitName, forKey: .orbitName)
        try c.encode(orbitAbbreviation, forKey: .orbitAbbreviation)
        try c.encode(padName, forKey: .padName)
        try c.encode(locationName, forKey: .locationName)
        try c.encode(countryCode, forKey: .countryCode)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try date(net, .net)
        try c.encode(netPrecision, forKey: .netPrecision)
        try date(windowStart, .windowStart)
        try date(windowEnd, .windowEnd)
        try c.encode(statusName, forKey: .statusName)
        try c.encode(statusAbbreviation, forKey: .statusAbbreviation)
        try c.encode(rocketName, forKey: .rocketName)
        try c.encode(webcastLive, forKey: .webcastLive)
        try date(lastUpdated, .lastUpdated)
    }
}
