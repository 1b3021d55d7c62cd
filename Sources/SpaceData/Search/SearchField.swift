/// A searchable text field of a launch.
public enum SearchField: Int, Sendable, CaseIterable, Hashable {
    /// "Falcon 9 Block 5 | Starlink Group 10-12".
    case name
    /// The provider's name, "SpaceX" or "China Aerospace Science and Technology Corporation".
    case agency
    /// Its abbreviation, "SpX", "CASC".
    case agencyAbbreviation
    /// "Communications", "Test Flight", ...
    case missionType
    /// The pad, "Space Launch Complex 40".
    case pad
    /// The site, "Cape Canaveral SFS, FL, USA".
    case location
    /// "Go for Launch", "Launch Successful".
    case status
    /// "Go", "TBD", "Success".
    case statusAbbreviation
    /// The rocket's full configuration, "Falcon 9 Block 5".
    case rocket
    /// "Low Earth Orbit", "Geostationary Transfer Orbit".
    case orbit
    /// "LEO", "GTO".
    case orbitAbbreviation
    /// The pad's country code, "USA", "CHN", "GUF".
    case country
}

/// The prefix that narrows a query term to some fields (`agency:spacex`).
public enum SearchQualifier: String, Sendable, CaseIterable, Hashable {
    case name
    case agency
    /// The mission type.
    case mission
    /// The site or the pad.
    case location
    case rocket
    case pad
    case status
    case orbit
    case country

    /// The fields a term with this qualifier is looked for in.
    public var fields: [SearchField] {
        switch self {
        case .name: [.name]
        case .agency: [.agency, .agencyAbbreviation]
        case .mission: [.missionType]
        case .location: [.pad, .location]
        case .rocket: [.rocket]
        case .pad: [.pad]
        case .status: [.status, .statusAbbreviation]
        case .orbit: [.orbit, .orbitAbbreviation]
        case .country: [.country]
        }
    }

    /// Every qualifier as written, `name:, agency:, …, country:`, for messages.
    public static var list: String { allCases.map { $0.rawValue + ":" }.joined(separator: " ") }

    /// The fields a term without a qualifier is looked for in: everything but the status.
    public static let unqualifiedFields: [SearchField] = [.name, .agency, .agencyAbbreviation, .missionType, .pad, .location]
}
