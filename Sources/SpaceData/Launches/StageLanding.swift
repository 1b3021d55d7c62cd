import Foundation

/// A booster's or a spacecraft's landing as Launch Library plans or records it:
/// whether one is attempted, where and how, and the outcome once known.
public struct StageLanding: Sendable, Hashable, Encodable {
    /// Whether a landing is attempted at all (false: expended).
    public var attempt: Bool?
    /// The outcome, nil until Launch Library knows it.
    public var success: Bool?
    public var description: String?
    /// Kilometres from the pad.
    public var downrangeDistance: Double?
    /// E.g. "Autonomous Spaceport Drone Ship", abbreviated "ASDS"; "Return to Launch Site", "RTLS"; "Ocean".
    public var typeName: String?
    public var typeAbbreviation: String?
    /// E.g. "Of Course I Still Love You", abbreviated "OCISLY".
    public var locationName: String?
    public var locationAbbreviation: String?

    public init(attempt: Bool? = nil, success: Bool? = nil, description: String? = nil, downrangeDistance: Double? = nil,
                typeName: String? = nil, typeAbbreviation: String? = nil, locationName: String? = nil,
                locationAbbreviation: String? = nil) {
        self.attempt = attempt
        self.success = success
        self.description = description
        self.downrangeDistance = downrangeDistance
        self.typeName = typeName
        self.typeAbbreviation = typeAbbreviation
        self.locationName = locationName
        self.locationAbbreviation = locationAbbreviation
    }

    /// Launch Library's names (2.3.0 calls the place `landing_location`; 2.2.0 `location`).
    enum CodingKeys: String, CodingKey {
        case attempt, success, description, type
        case downrangeDistance = "downrange_distance"
        case location = "landing_location"
    }

    private enum NamedKeys: String, CodingKey { case name, abbrev }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(attempt, forKey: .attempt)
        try c.encode(success, forKey: .success)
        try c.encode(description, forKey: .description)
        try c.encode(downrangeDistance, forKey: .downrangeDistance)
        for (key, name, abbreviation) in [(CodingKeys.type, typeName, typeAbbreviation), (.location, locationName, locationAbbreviation)] {
            guard name != nil || abbreviation != nil else { try c.encodeNil(forKey: key); continue }
            var nested = c.nestedContainer(keyedBy: NamedKeys.self, forKey: key)
            try nested.encode(name, forKey: .name)
            try nested.encode(abbreviation, forKey: .abbrev)
        }
    }
}
