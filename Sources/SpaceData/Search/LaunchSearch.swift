import Foundation

extension SearchRecord {
    /// The searchable text of `launch`. Absent fields are empty strings, so a
    /// term never matches them and an exclusion never excludes for them.
    ///
    /// Highlights name the `SearchField` they are in: `.agency` and
    /// `.agencyAbbreviation` are `agencyName` and `agencyAbbreviation`, `.pad`
    /// and `.location` are `padName` and `locationName`, `.status` and
    /// `.statusAbbreviation` are `statusName` and `statusAbbreviation`.
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

extension SyntheticLaunchCorpus {
    /// Launches `0 ..< count` as the app's `Launch` values (what decoding
    /// `writeLaunchLibraryJSON` of the same count gives).
    public func launches(count: Int) -> [Launch] {
        (0 ..< count).map { launch(at: $0).launch }
    }
}

extension SyntheticLaunchCorpus.Entry {
    /// This launch as the app's `Launch`, with every field the JSON carries.
    public var launch: Launch {
        Launch(
            id: id, name: name, agencyName: agency, agencyAbbreviation: agencyAbbreviation, agencyType: agencyType,
            missionName: missionName, missionType: missionType, missionDescription: missionDescription,
            orbitName: orbitName, orbitAbbreviation: orbitAbbreviation, padName: pad, locationName: location,
            countryCode: countryCode, latitude: latitude, longitude: longitude, net: net, netPrecision: "Hour",
            windowStart: net, windowEnd: net, statusName: statusName, statusAbbreviation: statusAbbreviation,
            rocketName: rocket, webcastLive: false, lastUpdated: net)
    }
}
