import Foundation

/// The searchable text of one launch, as plain strings: what the search
/// engine indexes. Absent values are empty strings.
public struct SearchRecord: Sendable, Hashable {
    public var name: String
    public var agency: String
    public var agencyAbbreviation: String
    public var missionType: String
    public var pad: String
    public var location: String
    public var status: String
    public var statusAbbreviation: String
    public var rocket: String
    public var orbit: String
    public var orbitAbbreviation: String
    public var country: String
    /// The launch time ("no earlier than"), for date ranges.
    public var date: Date?

    public init(
        name: String, agency: String = "", agencyAbbreviation: String = "", missionType: String = "",
        pad: String = "", location: String = "", status: String = "", statusAbbreviation: String = "",
        rocket: String = "", orbit: String = "", orbitAbbreviation: String = "", country: String = "",
        date: Date? = nil
    ) {
        self.name = name
        self.agency = agency
        self.agencyAbbreviation = agencyAbbreviation
        self.missionType = missionType
        self.pad = pad
        self.location = location
        self.status = status
        self.statusAbbreviation = statusAbbreviation
        self.rocket = rocket
        self.orbit = orbit
        self.orbitAbbreviation = orbitAbbreviation
        self.country = country
        self.date = date
    }

    public subscript(field: SearchField) -> String {
        switch field {
        case .name: name
        case .agency: agency
        case .agencyAbbreviation: agencyAbbreviation
        case .missionType: missionType
        case .pad: pad
        case .location: location
        case .status: status
        case .statusAbbreviation: statusAbbreviation
        case .rocket: rocket
        case .orbit: orbit
        case .orbitAbbreviation: orbitAbbreviation
        case .country: country
        }
    }
}
