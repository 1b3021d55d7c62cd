import SpaceData

/// The table's rows of a catalog's search: each launch with the cells the query matched.
enum LaunchSearch {
    /// The `LaunchRow`s of `matches`, highlights included.
    static func rows(_ matches: LaunchMatches) -> [LaunchRow] {
        var rows: [LaunchRow] = []
        rows.reserveCapacity(matches.count)
        for index in matches.indices {
            let launch = matches[index]
            let highlights = matches.highlights(at: index)
            rows.append(LaunchRow(launch, highlights: columnHighlights(highlights, launch),
                                  agencyAbbreviationHighlights: launch.agencyAbbreviation.map { highlights.ranges(of: .agencyAbbreviation, in: $0) } ?? [],
                                  otherMatches: otherMatches(highlights, launch)))
        }
        return rows
    }

    /// The matches in fields without a column of their own, as "field: value".
    static func otherMatches(_ highlights: SearchHighlights, _ launch: Launch) -> [String] {
        guard !highlights.isEmpty else { return [] }
        let fields: [(SearchField, String, String?)] = [
            (.pad, "pad", launch.padName), (.rocket, "rocket", launch.rocketName),
            (.orbit, "orbit", launch.orbitName), (.orbitAbbreviation, "orbit", launch.orbitAbbreviation),
            (.country, "country", launch.countryCode),
        ]
        return fields.compactMap { field, label, value in
            guard let value, !highlights[field].isEmpty else { return nil }
            return label + ": " + value
        }
    }

    /// The engine's ranges, field by field, as ranges of the table's cells.
    static func columnHighlights(_ highlights: SearchHighlights, _ launch: Launch) -> [LaunchColumn: [Range<String.Index>]] {
        guard !highlights.isEmpty else { return [:] }
        var columns: [LaunchColumn: [Range<String.Index>]] = [:]
        columns[.name] = highlights.ranges(of: .name, in: launch.name)
        if let agency = launch.agencyName {
            columns[.agency] = highlights.ranges(of: .agency, in: agency)
        } else if let abbreviation = launch.agencyAbbreviation {
            columns[.agency] = highlights.ranges(of: .agencyAbbreviation, in: abbreviation)
        }
        if let missionType = launch.missionType { columns[.missionType] = highlights.ranges(of: .missionType, in: missionType) }
        if let location = launch.locationName { columns[.location] = highlights.ranges(of: .location, in: location) }
        if let abbreviation = launch.statusAbbreviation {
            columns[.status] = highlights.ranges(of: .statusAbbreviation, in: abbreviation)
        } else if let status = launch.statusName {
            columns[.status] = highlights.ranges(of: .status, in: status)
        }
        return columns.filter { !$0.value.isEmpty }
    }
}
