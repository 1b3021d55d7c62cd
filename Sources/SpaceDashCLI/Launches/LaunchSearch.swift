import Foundation
import SpaceData

/// The command line's search: the QUERY words and the field options
/// (`--agency`, `--location`, `--mission-type`, `--status`, `--after`,
/// `--before`) as one query of the search engine.
struct LaunchSearchQuery: Sendable, CustomStringConvertible {
    var words: [String]
    var agencies: [String] = []
    var locations: [String] = []
    var missionTypes: [String] = []
    var statuses: [String] = []
    var after: Date?
    var before: Date?

    /// The engine's query. Words are parsed with the query syntax; a word
    /// holding whitespace came quoted from the shell and stays one phrase.
    /// Option values are taken literally.
    var searchQuery: SearchQuery {
        var query = SearchQuery(words.map(Self.shellWord).joined(separator: " "), after: after, before: before)
        for agency in agencies { query = query.adding(agency, qualifier: .agency) }
        for location in locations { query = query.adding(location, qualifier: .location) }
        for missionType in missionTypes { query = query.adding(missionType, qualifier: .mission) }
        for status in statuses { query = query.adding(status, qualifier: .status) }
        return query
    }

    /// `cape canaveral` (one shell word) → `"cape canaveral"`; `location:cape canaveral`
    /// → `location:"cape canaveral"`; a word without whitespace is left as typed.
    /// Spaces around a word are dropped, and a word of spaces is no word at all
    /// (`'   '` matches every launch, as `''` and the same query in -i do; a
    /// phrase of spaces would match none).
    static func shellWord(_ word: String) -> String {
        let word = word.trimmingCharacters(in: .whitespacesAndNewlines)
        guard word.contains(where: \.isWhitespace), !word.contains("\"") else { return word }
        var prefix = ""
        var rest = Substring(word)
        if rest.hasPrefix("-") { prefix = "-"; rest = rest.dropFirst() }
        if let colon = rest.firstIndex(of: ":"),
           SearchQualifier(rawValue: rest[..<colon].lowercased()) != nil {
            prefix += rest[...colon]
            rest = rest[rest.index(after: colon)...]
        }
        return "\(prefix)\"\(rest)\""
    }

    /// How the query reads in a message: `"falcon -starlink" --agency spacex`.
    var description: String {
        var parts: [String] = []
        if !words.isEmpty { parts.append("\"\(words.joined(separator: " "))\"") }
        parts += agencies.map { "--agency \"\($0)\"" } + locations.map { "--location \"\($0)\"" }
            + missionTypes.map { "--mission-type \"\($0)\"" } + statuses.map { "--status \"\($0)\"" }
        if let after { parts.append("--after \(LaunchLibraryDate.string(from: after))") }
        if let before { parts.append("--before \(LaunchLibraryDate.string(from: before))") }
        return parts.joined(separator: " ")
    }
}

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
                                  agencyAbbreviationHighlights: launch.agencyAbbreviation.map { highlights.ranges(of: .agencyAbbreviation, in: $0) } ?? []))
        }
        return rows
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
