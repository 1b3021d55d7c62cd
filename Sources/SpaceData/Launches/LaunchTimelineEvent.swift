import Foundation

/// One step of a launch's timeline relative to T-0 (Launch Library's
/// `timeline[]`): "-PT38M GO for Prop Load", "PT2M26S MECO".
public struct LaunchTimelineEvent: Sendable, Hashable, Encodable {
    /// Seconds from T-0: negative before lift-off.
    public var offset: TimeInterval
    /// Launch Library's own text of it, an ISO 8601 duration ("-PT38M", "P0D").
    public var relativeTime: String
    /// The step's short name, e.g. "MECO".
    public var abbreviation: String?
    /// What it is, e.g. "Cut-off of the main engine".
    public var description: String?

    public init(offset: TimeInterval, relativeTime: String, abbreviation: String? = nil, description: String? = nil) {
        self.offset = offset
        self.relativeTime = relativeTime
        self.abbreviation = abbreviation
        self.description = description
    }

    enum CodingKeys: String, CodingKey {
        case type
        case relativeTime = "relative_time"
    }

    private enum TypeKeys: String, CodingKey { case abbrev, description }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(relativeTime, forKey: .relativeTime)
        var type = c.nestedContainer(keyedBy: TypeKeys.self, forKey: .type)
        try type.encode(abbreviation, forKey: .abbrev)
        try type.encode(description, forKey: .description)
    }

    /// Seconds in an ISO 8601 duration of days, hours, minutes and seconds, with an
    /// optional sign: "-PT38M" → -2280, "PT1H1M33S" → 3693, "P0D" → 0. Nil for
    /// anything else (years and months have no fixed length).
    public static func seconds(inDuration text: String) -> TimeInterval? {
        var scalars = Substring(text.trimmingCharacters(in: .whitespaces))
        var sign = 1.0
        if scalars.first == "-" { sign = -1; scalars = scalars.dropFirst() } else if scalars.first == "+" { scalars = scalars.dropFirst() }
        guard scalars.first == "P" else { return nil }
        scalars = scalars.dropFirst()
        var total = 0.0, number = "", inTime = false, sawUnit = false
        for character in scalars {
            switch character {
            case "0"..."9", ".": number.append(character)
            case "T" where !inTime && number.isEmpty: inTime = true
            case "D", "H", "M", "S", "W":
                guard let value = Double(number), value.isFinite else { return nil }
                let unit: Double
                switch (character, inTime) {
                case ("W", false): unit = 604_800
                case ("D", false): unit = 86_400
                case ("H", true): unit = 3_600
                case ("M", true): unit = 60
                case ("S", true): unit = 1
                default: return nil
                }
                total += value * unit
                number = ""
                sawUnit = true
            default: return nil
            }
        }
        guard sawUnit, number.isEmpty, total.isFinite, total < 1e9 else { return nil }
        return sign * total
    }
}
