import Foundation
import SpaceData

/// The command line's search: the QUERY words and the field options
/// (`--agency`, `--location`, `--mission-type`, `--status`, `--after`,
/// `--before`) as one query of the search engine. Different options all hold;
/// an option's repeated values are alternatives.
struct LaunchSearchQuery: Sendable, CustomStringConvertible {
    var words: [String]
    var agencies: [String] = []
    var locations: [String] = []
    var missionTypes: [String] = []
    var statuses: [String] = []
    var after: Date?
    var before: Date?

    /// The words joined with spaces, as typed at the interactive prompt: one
    /// language in every mode (`"spacex crew"` and `spacex crew` are the same query).
    var text: String { words.joined(separator: " ") }

    /// The engine's query: the words read by the query language, then one clause per
    /// field option, its repeated values alternatives (`--agency spacex --agency
    /// "rocket lab"` is either agency), each value taken literally.
    var searchQuery: SearchQuery {
        SearchQuery(text, after: after, before: before)
            .adding(anyOf: agencies, qualifier: .agency)
            .adding(anyOf: locations, qualifier: .location)
            .adding(anyOf: missionTypes, qualifier: .mission)
            .adding(anyOf: statuses, qualifier: .status)
    }

    /// Whether the query keeps every launch: no words, no field option, no date bound.
    var selectsEverything: Bool {
        words.isEmpty && agencies.isEmpty && locations.isEmpty && missionTypes.isEmpty && statuses.isEmpty
            && after == nil && before == nil
    }

    /// The usage error for a `word:` in the words that is no qualifier, nil when there is none.
    var unknownQualifierError: UsageError? {
        guard let unknown = SearchQuery(text).unknownQualifiers.first else { return nil }
        return UsageError("unknown qualifier '\(unknown)' in the query",
                          hint: "known: \(SearchQualifier.list); put the word in double quotes to search it as text")
    }

    /// How the query reads in a message: `"falcon -starlink" --agency spacex`.
    var description: String {
        var parts: [String] = []
        if !words.isEmpty { parts.append(Self.quoted(words.joined(separator: " "))) }
        parts += agencies.map { "--agency \"\($0)\"" } + locations.map { "--location \"\($0)\"" }
            + missionTypes.map { "--mission-type \"\($0)\"" } + statuses.map { "--status \"\($0)\"" }
        if let after { parts.append("--after \(LaunchLibraryDate.string(from: after))") }
        if let before { parts.append("--before \(LaunchLibraryDate.string(from: before))") }
        return parts.joined(separator: " ")
    }

    /// The words as a user would type them: in double quotes, or in single quotes
    /// when they hold a double quote (`'"unterminated'`, not `""unterminated"`).
    static func quoted(_ text: String) -> String {
        text.contains("\"") && !text.contains("'") ? "'\(text)'" : "\"\(text)\""
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
