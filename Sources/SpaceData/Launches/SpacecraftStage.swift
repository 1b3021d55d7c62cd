import Foundation

/// The spacecraft a launch carries (Launch Library's `rocket.spacecraft_stage`:
/// one object in 2.2.0, a list in 2.3.0): the capsule, where it goes, its crew
/// and its landing.
public struct SpacecraftStage: Sendable, Hashable, Encodable {
    /// The spacecraft's name, e.g. "Ship 40", "Dragon Endeavour".
    public var name: String?
    /// Its serial, e.g. "S40", "C206".
    public var serialNumber: String?
    /// Its kind, e.g. "Starship V3", "Crew Dragon".
    public var configuration: String?
    /// E.g. "International Space Station", "Suborbital".
    public var destination: String?
    /// Who flies up, with their roles ("Commander", "Pilot", "Mission Specialist 1").
    public var launchCrew: [CrewMember]
    /// Who is aboard already (a spacecraft relocated in orbit) and who comes back.
    public var onboardCrew: [CrewMember]
    public var landingCrew: [CrewMember]
    public var landing: StageLanding?

    public init(name: String? = nil, serialNumber: String? = nil, configuration: String? = nil, destination: String? = nil,
                launchCrew: [CrewMember] = [], onboardCrew: [CrewMember] = [], landingCrew: [CrewMember] = [],
                landing: StageLanding? = nil) {
        self.name = name
        self.serialNumber = serialNumber
        self.configuration = configuration
        self.destination = destination
        self.launchCrew = launchCrew
        self.onboardCrew = onboardCrew
        self.landingCrew = landingCrew
        self.landing = landing
    }

    enum CodingKeys: String, CodingKey {
        case destination, spacecraft, landing
        case launchCrew = "launch_crew"
        case onboardCrew = "onboard_crew"
        case landingCrew = "landing_crew"
    }

    private enum SpacecraftKeys: String, CodingKey {
        case name
        case serialNumber = "serial_number"
        case configuration = "spacecraft_config"
    }

    private enum NameKeys: String, CodingKey { case name }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(destination, forKey: .destination)
        var spacecraft = c.nestedContainer(keyedBy: SpacecraftKeys.self, forKey: .spacecraft)
        try spacecraft.encode(name, forKey: .name)
        try spacecraft.encode(serialNumber, forKey: .serialNumber)
        var configuration = spacecraft.nestedContainer(keyedBy: NameKeys.self, forKey: .configuration)
        try configuration.encode(self.configuration, forKey: .name)
        try c.encode(launchCrew, forKey: .launchCrew)
        try c.encode(onboardCrew, forKey: .onboardCrew)
        try c.encode(landingCrew, forKey: .landingCrew)
        try c.encode(landing, forKey: .landing)
    }
}

/// An astronaut on a spacecraft, with the role Launch Library gives.
public struct CrewMember: Sendable, Hashable, Encodable {
    public var name: String
    /// E.g. "Commander", "Pilot", "Mission Specialist 1".
    public var role: String?
    /// The astronaut's agency, abbreviated, e.g. "NASA", "ESA".
    public var agency: String?

    public init(name: String, role: String? = nil, agency: String? = nil) {
        self.name = name
        self.role = role
        self.agency = agency
    }

    enum CodingKeys: String, CodingKey { case role, astronaut }
    private enum RoleKeys: String, CodingKey { case role }
    private enum AstronautKeys: String, CodingKey { case name, agency }
    private enum AgencyKeys: String, CodingKey { case abbrev }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var role = c.nestedContainer(keyedBy: RoleKeys.self, forKey: .role)
        try role.encode(self.role, forKey: .role)
        var astronaut = c.nestedContainer(keyedBy: AstronautKeys.self, forKey: .astronaut)
        try astronaut.encode(name, forKey: .name)
        var agency = astronaut.nestedContainer(keyedBy: AgencyKeys.self, forKey: .agency)
        try agency.encode(self.agency, forKey: .abbrev)
    }
}
