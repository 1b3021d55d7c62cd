import Foundation

/// One upcoming event from Launch Library's `/events/upcoming/`: a docking, a
/// spacewalk, a landing, a static fire, a flyby, a press event…
///
/// Encodable under Launch Library's names (2.3.0): `spacedash events --json`.
public struct SpaceEvent: Sendable, Hashable, Encodable {
    /// Launch Library's id: a number, kept as its text.
    public var id: String
    public var name: String
    /// E.g. "Docking", "EVA", "Static Fire", "Flyby", "Press Event".
    public var type: String?
    public var date: Date?
    /// How precise `date` is: "Second", "Minute", "Hour", "Day", "Month"…
    public var datePrecision: String?
    /// A place in words: "International Space Station", "Kennedy Space Center, Florida, USA".
    public var location: String?
    public var description: String?
    public var webcastLive: Bool
    /// Webcasts and pages, best first.
    public var webcasts: [LaunchLink]
    public var infoLinks: [LaunchLink]
    /// Editors' notes, newest first.
    public var updates: [LaunchLibraryUpdate]
    public var lastUpdated: Date?
    /// The record at Launch Library.
    public var url: String?

    public init(id: String, name: String, type: String? = nil, date: Date? = nil, datePrecision: String? = nil,
                location: String? = nil, description: String? = nil, webcastLive: Bool = false, webcasts: [LaunchLink] = [],
                infoLinks: [LaunchLink] = [], updates: [LaunchLibraryUpdate] = [], lastUpdated: Date? = nil, url: String? = nil) {
        self.id = id
        self.name = name
        self.type = type
        self.date = date
        self.datePrecision = datePrecision
        self.location = location
        self.description = description
        self.webcastLive = webcastLive
        self.webcasts = webcasts
        self.infoLinks = infoLinks
        self.updates = updates
        self.lastUpdated = lastUpdated
        self.url = url
    }

    /// Whether the event's date has passed at `now`: it is then never shown as
    /// upcoming, whatever a stale list says. Known only to the day or coarser,
    /// an event stays upcoming until its day (or month…) is over.
    public func hasPassed(at now: Date) -> Bool {
        guard let date else { return false }
        let grace: TimeInterval = switch datePrecision?.lowercased() {
        case "day": 86_400
        case "week": 7 * 86_400
        case "month": 31 * 86_400
        default: 0
        }
        return date.addingTimeInterval(grace) <= now
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, date, location, description, updates, url
        case datePrecision = "date_precision"
        case webcastLive = "webcast_live"
        case webcasts = "vid_urls"
        case infoLinks = "info_urls"
        case lastUpdated = "last_updated"
    }

    private enum NameKeys: String, CodingKey { case name }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        // A number, as Launch Library writes event ids, when it is one.
        if let number = Int(id), String(number) == id { try c.encode(number, forKey: .id) } else { try c.encode(id, forKey: .id) }
        try c.encode(name, forKey: .name)
        for (key, value) in [(CodingKeys.type, type), (.datePrecision, datePrecision)] {
            guard let value else { try c.encodeNil(forKey: key); continue }
            var nested = c.nestedContainer(keyedBy: NameKeys.self, forKey: key)
            try nested.encode(value, forKey: .name)
        }
        try c.encode(date.map(LaunchLibraryDate.string(from:)), forKey: .date)
        try c.encode(location, forKey: .location)
        try c.encode(description, forKey: .description)
        try c.encode(webcastLive, forKey: .webcastLive)
        try c.encode(webcasts, forKey: .webcasts)
        try c.encode(infoLinks, forKey: .infoLinks)
        try c.encode(updates, forKey: .updates)
        try c.encode(lastUpdated.map(LaunchLibraryDate.string(from:)), forKey: .lastUpdated)
        try c.encode(url, forKey: .url)
    }
}
