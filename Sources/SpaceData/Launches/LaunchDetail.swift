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
    /// Flight Club's simulation of the trajectory.
    public var flightClubURL: String?
    /// The boosters and cores, with their landings.
    public var stages: [LauncherStage]
    /// The spacecraft, with crew and landing.
    public var spacecraft: [SpacecraftStage]
    /// Launch Library's editors' notes, newest first.
    public var updates: [LaunchLibraryUpdate]
    public var patches: [MissionPatch]
    /// Steps relative to T-0, in time order.
    public var timeline: [LaunchTimelineEvent]

    public init(launch: Launch, isDetailed: Bool = false, recordURL: String? = nil, providerCountryCode: String? = nil,
                statusDescription: String? = nil, netPrecisionDescription: String? = nil, probability: Int? = nil,
                weatherConcerns: String? = nil, holdReason: String? = nil, failReason: String? = nil,
                mapURL: String? = nil, padTimeZone: String? = nil, webcasts: [LaunchLink] = [],
                infoLinks: [LaunchLink] = [], flightClubURL: String? = nil, stages: [LauncherStage] = [],
                spacecraft: [SpacecraftStage] = [], updates: [LaunchLibraryUpdate] = [], patches: [MissionPatch] = [],
                timeline: [LaunchTimelineEvent] = []) {
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
        self.flightClubURL = flightClubURL
        self.stages = stages
        self.spacecraft = spacecraft
        self.updates = updates
        self.patches = patches
        self.timeline = timeline
    }

    /// The address of the best webcast a browser may open (http or https), if any.
    public var bestWebcastAddress: String? { webcasts.lazy.compactMap(\.webAddress).first }

    /// The address of the launch's best information page, for a browser.
    public var informationPageAddress: String? { infoLinks.lazy.compactMap(\.webAddress).first }

    /// The JSON names of the fields beyond `Launch`'s, which come first in the
    /// same object: Launch Library's own names where the record has the field at
    /// its top level (`vid_urls`, `holdreason`, `launcher_stage`, …), and
    /// `launches --json`'s flat names for what it nests (the provider's country,
    /// the status's description, the pad's map and time zone).
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case isDetailed = "detailed"
        case recordURL = "url"
        case providerCountryCode = "agency_country_code"
        case statusDescription = "status_description"
        case netPrecisionDescription = "net_precision_description"
        case probability
        case weatherConcerns = "weather_concerns"
        case holdReason = "holdreason"
        case failReason = "failreason"
        case mapURL = "map_url"
        case padTimeZone = "pad_time_zone"
        case webcasts = "vid_urls"
        case infoLinks = "info_urls"
        case flightClubURL = "flightclub_url"
        case stages = "launcher_stage"
        case spacecraft = "spacecraft_stage"
        case updates
        case patches = "mission_patches"
        case timeline
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
        try c.encode(flightClubURL, forKey: .flightClubURL)
        try c.encode(stages, forKey: .stages)
        try c.encode(spacecraft, forKey: .spacecraft)
        try c.encode(updates, forKey: .updates)
        try c.encode(patches, forKey: .patches)
        try c.encode(timeline, forKey: .timeline)
    }
}
