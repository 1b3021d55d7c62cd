import Foundation

/// Everything `spacedash launches show` tells about one launch: the launch as
/// the lists have it, and what only Launch Library's fuller records carry
/// (descriptions, probability, weather, hold and failure reasons, links).
///
/// A record from a list (normal mode, the cache, the bundled sample) holds
/// some of these fields and no links; `isDetailed` tells a record asked in
/// detailed mode, whose absent values mean "not published" rather than "not
/// asked for".
public struct LaunchDetail: Sendable, Hashable, Encodable {
    public var launch: Launch
    /// Whether this came from Launch Library's detailed mode, which is the
    /// only one with webcast and information links (and 2.2.0's hold reason).
    public var isDetailed: Bool
    /// The record's own address at Launch Library (its `url`).
    public var recordURL: String?
    /// ISO 3166 alpha-3 code of the provider's country, e.g. "USA".
    public var providerCountryCode: String?
    /// What the status means, e.g. "Current T-0 confirmed by official or reliable sources."
    public var statusDescription: String?
    /// What the NET precision means, e.g. "The T-0 is accurate to the second."
    public var netPrecisionDescription: String?
    /// The chance of launching on time, in percent (Launch Library leaves it out mostly).
    public var probability: Int?
    public var weatherConcerns: String?
    /// Why the countdown is held (2.2.0 and earlier only).
    public var holdReason: String?
    /// Why the launch failed, once it has.
    public var failReason: String?
    /// A map of the pad, e.g. "https://www.google.com/maps?q=34.632,-120.611".
    public var mapURL: String?
    /// The pad's time zone, e.g. "America/Los_Angeles".
    public var padTimeZone: String?
    /// Webcasts, best first (Launch Library's priority, higher first: official before re-streams).
    public var webcasts: [LaunchLink]
    /// Press kits, official pages and the like, best first.
    public var infoLinks: [LaunchLink]

    public init(launch: Launch, isDetailed: Bool = false, recordURL: String? = nil, providerCountryCode: String? = nil,
                statusDescription: String? = nil, netPrecisionDescription: String? = nil, probability: Int? = nil,
                weatherConcerns: String? = nil, holdReason: String? = nil, failReason: String? = nil,
                mapURL: String? = nil, padTimeZone: String? = nil, webcasts: [LaunchLink] = [],
                infoLinks: [LaunchLink] = []) {
        self.launch = launch
        self.isDetailed = isDetailed
        self.recordURL = recordURL
        self.providerCountryCode = providerCountryCode
        self.statusDescription = statusDescription
        self.netPrecisionDescription = netPrecisionDescription
        self.probability = probability
        self.weatherConcerns = weatherConcerns
        self.holdReason = holdReason
        self.failReason = failReason
        self.mapURL = mapURL
        self.padTimeZone = padTimeZone
        self.webcasts = webcasts
        self.infoLinks = infoLinks
    }

    /// The JSON names of the fields beyond `Launch`'s, which come first in the
    /// same object.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case isDetailed = "detailed"
        case recordURL = "record_url"
        case providerCountryCode = "agency_country_code"
        case statusDescription = "status_description"
        case netPrecisionDescription = "net_precision_description"
        case probability
        case weatherConcerns = "weather_concerns"
        case holdReason = "hold_reason"
        case failReason = "fail_reason"
        case mapURL = "map_url"
        case padTimeZone = "pad_time_zone"
        case webcasts
        case infoLinks = "info_links"
    }

    /// One flat object: every `Launch` field, then these; absent values are `null`.
    public func encode(to encoder: Encoder) throws {
        try launch.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(isDetailed, forKey: .isDetailed)
        try c.encode(recordURL, forKey: .recordURL)
        try c.encode(providerCountryCode, forKey: .providerCountryCode)
        try c.encode(statusDescription, forKey: .statusDescription)
        try c.encode(netPrecisionDescription, forKey: .netPrecisionDescription)
        try c.encode(probability, forKey: .probability)
        try c.encode(weatherConcerns, forKey: .weatherConcerns)
        try c.encode(holdReason, forKey: .holdReason)
        try c.encode(failReason, forKey: .failReason)
        try c.encode(mapURL, forKey: .mapURL)
        try c.encode(padTimeZone, forKey: .padTimeZone)
        try c.encode(webcasts, forKey: .webcasts)
        try c.encode(infoLinks, forKey: .infoLinks)
    }
}

/// A webcast or information page about a launch.
public struct LaunchLink: Sendable, Hashable, Encodable {
    public var url: String
    public var title: String?
    /// Who publishes it, e.g. "Spaceflight Now", or the site, e.g. "spacex.com".
    public var publisher: String?
    /// Launch Library's kind, e.g. "Official Webcast", "Unofficial Re-stream", "Official Page".
    public var kind: String?
    /// Launch Library's rank: higher first (10 for official webcasts and pages).
    public var priority: Int?

    public init(url: String, title: String? = nil, publisher: String? = nil, kind: String? = nil, priority: Int? = nil) {
        self.url = url
        self.title = title
        self.publisher = publisher
        self.kind = kind
        self.priority = priority
    }

    enum CodingKeys: String, CodingKey { case url, title, publisher, kind = "type", priority }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(title, forKey: .title)
        try c.encode(publisher, forKey: .publisher)
        try c.encode(kind, forKey: .kind)
        try c.encode(priority, forKey: .priority)
    }
}
