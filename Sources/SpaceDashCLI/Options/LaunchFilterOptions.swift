import Foundation

/// The options that narrow launches by field, declared once for every command
/// that selects launches (`launches search`, `launches next`): by provider, site,
/// mission type, status and date. They read as a `LaunchSearchQuery` together
/// with the command's query words.
struct LaunchFilterOptions: Sendable {
    static let agency = RepeatedOption<String>(
        "agency", valueName: "A", help: "Only launches by this provider (name or abbreviation); repeat it for any of several",
        expecting: "a provider's name or abbreviation", example: "SpaceX")
    static let location = RepeatedOption<String>(
        "location", valueName: "L", help: "Only launches from this site or pad; repeat it for any of several",
        expecting: "a site or pad", example: "Kourou")
    static let missionType = RepeatedOption<String>(
        "mission-type", valueName: "T", help: "Only this mission type, e.g. Communications; repeat it for any of several",
        expecting: "a mission type", example: "Communications")
    static let status = RepeatedOption<String>(
        "status", valueName: "S", help: "Only this status, e.g. Go, TBD, Success; repeat it for any of several",
        expecting: "a status", example: "Go")
    static let after = Option<Date?>(
        "after", valueName: "DATE",
        help: "Only launches at or after DATE (a year like 1969, a day like 2026-12-01, or 2026-12-01T12:00:00Z)",
        example: "2026-12-01")
    static let before = Option<Date?>(
        "before", valueName: "DATE",
        help: "Only launches before DATE (a year, a day or a time: --after 1969 --before 1970 is 1969)",
        example: "2027-01-01")

    /// Default filters are a family's own (`[launches] agency`), not every command's.
    static let group = ArgumentGroup("Filter options", [agency, location, missionType, status, after, before], sharesSettings: false)

    /// The filters as a query without words.
    private(set) var filters = LaunchSearchQuery(words: [])

    /// The filters as given; a usage error when the dates leave no room.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        filters = LaunchSearchQuery(words: [], agencies: arguments[Self.agency], locations: arguments[Self.location],
                                    missionTypes: arguments[Self.missionType], statuses: arguments[Self.status],
                                    after: arguments[Self.after], before: arguments[Self.before])
        if let after = filters.after, let before = filters.before, after >= before {
            throw UsageError("--after must be earlier than --before", hint: "no launch can be in that range")
        }
    }

    init() {}

    /// The filters with query words: a word holding spaces came quoted from the shell and is a phrase.
    func query(words: [String] = []) -> LaunchSearchQuery {
        var query = filters
        query.words = words
        return query
    }
}
