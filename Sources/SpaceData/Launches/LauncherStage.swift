import Foundation

/// One booster or core of a launch (Launch Library's `rocket.launcher_stage[]`):
/// which one flies, how often it has, and its landing.
public struct LauncherStage: Sendable, Hashable, Encodable {
    /// "Core", "Booster", …
    public var type: String?
    /// The booster's serial, e.g. "B1082".
    public var serialNumber: String?
    /// This flight's number for this booster: 23 for its 23rd flight.
    public var flightNumber: Int?
    /// Whether it has flown before.
    public var reused: Bool?
    /// Days since its previous flight.
    public var turnAroundDays: Int?
    public var previousFlightDate: Date?
    public var landing: StageLanding?

    public init(type: String? = nil, serialNumber: String? = nil, flightNumber: Int? = nil, reused: Bool? = nil,
                turnAroundDays: Int? = nil, previousFlightDate: Date? = nil, landing: StageLanding? = nil) {
        self.type = type
        self.serialNumber = serialNumber
        self.flightNumber = flightNumber
        self.reused = reused
        self.turnAroundDays = turnAroundDays
        self.previousFlightDate = previousFlightDate
        self.landing = landing
    }

    enum CodingKeys: String, CodingKey {
        case type, reused, launcher, landing
        case flightNumber = "launcher_flight_number"
        case turnAroundDays = "turn_around_time_days"
        case previousFlightDate = "previous_flight_date"
    }

    private enum LauncherKeys: String, CodingKey { case serialNumber = "serial_number" }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(reused, forKey: .reused)
        try c.encode(flightNumber, forKey: .flightNumber)
        try c.encode(turnAroundDays, forKey: .turnAroundDays)
        try c.encode(previousFlightDate.map(LaunchLibraryDate.string(from:)), forKey: .previousFlightDate)
        var launcher = c.nestedContainer(keyedBy: LauncherKeys.self, forKey: .launcher)
        try launcher.encode(serialNumber, forKey: .serialNumber)
        try c.encode(landing, forKey: .landing)
    }
}
