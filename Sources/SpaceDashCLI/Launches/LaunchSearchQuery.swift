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
