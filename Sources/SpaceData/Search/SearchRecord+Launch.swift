import Foundation

extension SearchRecord {
    /// The searchable text of `launch`. Absent fields are empty strings, so a
    /// term never matches them and an exclusion never excludes for them.
    ///
    /// Highlights name the `SearchField` they are in: `.agency` and
    /// `.agencyAbbreviation` are `agencyName` and `agencyAbbreviation`, `.pad`
    /// and `.location` are `padName` and `locationName`, `.status` and
    /// `.statusAbbreviation` are `statusName` and `statusAbbreviation`, `.rocket` is
    /// `rocketName`, `.orbit` and `.orbitAbbreviation` are `orbitName` and
    /// `orbitAbbreviation`, `.country` is `countryCode`.
    public init(_ launch: Launch) {
        self.init(
            name: launch.name,
            agency: launch.agencyName ?? "",
            agencyAbbreviation: launch.agencyAbbreviation ?? "",
            missionType: launch.missionType ?? "",
            pad: launch.padName ?? "",
            location: launch.locationName ?? "",
            status: launch.statusName ?? "",
            statusAbbreviation: launch.statusAbbreviation ?? "",
            rocket: launch.rocketName ?? "",
            orbit: launch.orbitName ?? "",
            orbitAbbreviation: launch.orbitAbbreviation ?? "",
            country: launch.countryCode ?? "",
            date: launch.net)
    }
}

extension SearchEngine {
    /// An engine over `launches`, given in display order (upcoming soonest
    /// first, past newest first); result `i` is `launches[results[i]]`.
    public convenience init(launches: [Launch]) {
        var builder = Builder()
        builder.reserveCapacity(launches.count)
        for launch in launches { builder.append(SearchRecord(launch)) }
        self.init(builder: builder)
    }
}
