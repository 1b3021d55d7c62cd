import Foundation
import SpaceData
import Streams

/// `spacedash launches next [QUERY] [--format TEMPLATE]`: the next launch as
/// one line, for status bars and prompts. A fresh cache answers without a
/// request, so a bar polling every few seconds costs nothing.
struct LaunchesNextCommand: Command {
    static let query = RepeatedPositional<String>(
        "QUERY", help: "Words that pick the launches to consider, as in 'launches search' (starlink, agency:spacex)",
        acceptsDashPrefixedValues: true)

    static let configuration = CommandConfiguration(
        name: "next",
        abstract: "The next launch as one line, for status bars and prompts.",
        discussion: """
            Prints the next upcoming launch (the first one matching QUERY and the filters) as one \
            line: its name, a countdown and its site, or what --format says. Launches come as for \
            'launches search': the cache while it is under 15 minutes old (no request), else \
            Launch Library, else the cache or the bundled sample, with a line on stderr.

            Placeholders of --format (without it: '{name} · {countdown} · {location}'):
            \(LaunchLineTemplate.Placeholder.helpLines)

            A missing value is —. With --json: the launch as one object with the fields of \
            'launches --json'. Exits 1, printing nothing on stdout, when no launch is upcoming.
            """,
        arguments: [query],
        groups: [LaunchFilterOptions.group, OutputOptions.group(OutputOptions.format, OutputOptions.json, OutputOptions.utc, OutputOptions.quiet),
                 FetchOptions.group],
        examples: [
            Example("spacedash launches next", "Falcon 9 Block 5 | Starlink Group 17-39 · T-2h 49m · Vandenberg SFB, CA, USA"),
            Example("spacedash launches next spacex --format '{mission} {countdown}'", "SpaceX's next mission and its countdown."),
            Example("spacedash launches next --status go --format '{rocket} {net}'", "The next launch that is Go."),
        ])

    let words: [String]
    let template: LaunchLineTemplate?
    let output: OutputOptions
    let filters: LaunchFilterOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        words = arguments[Self.query]
        output = OutputOptions(arguments)
        template = try output.format.map { text throws(UsageError) in try LaunchLineTemplate(text) }
        filters = try LaunchFilterOptions(arguments)
        fetch = try FetchOptions(arguments)
        if template != nil && output.json { throw UsageError("--format and --json contradict each other: choose one output") }
        // Only words can hold a qualifier (a status bar runs `next` bare every few seconds).
        if !words.isEmpty, let unknown = searchQuery.unknownQualifierError { throw unknown }
    }

    var searchQuery: LaunchSearchQuery { filters.query(words: words) }

    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> ExitCode {
        // Only a request starts it: a fresh cache answers without one, spinner or delay.
        let spinner = context.networkSpinner("Fetching launches")
        defer { spinner?.stop() }
        let service = try Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest, deliversInline: true).launches()
        let sourced = try await service.launches(LaunchService.Request(timeframe: .upcoming, policy: fetch.policy, timeout: fetch.timeout)).firstResult()
        spinner?.stop()
        let now = context.now
        // The bundled listing with nothing ahead says so in its one line. A status bar
        // reads the exit code (issue 15): no launch is a failure here, unlike the listings,
        // so that line is this run's error and --quiet keeps it.
        let nothingAhead = LaunchNotices.saysNothingAhead(sourced)
        if !output.quiet || nothingAhead {
            for notice in LaunchNotices.notices(sourced, now: now) { context.notice(notice.message) }
        }
        if nothingAhead { return .failure }
        guard let launch = Self.next(after: now, in: sourced.value.launches, query: searchQuery) else {
            let described = searchQuery.description
            throw CommandError(described.isEmpty ? "no upcoming launch" : "no upcoming launch matches \(described)")
        }
        if output.json {
            try context.stdout.writeLine(try LaunchJSONRenderer.render(launch))
            return .success
        }
        let glyphs = context.glyphs
        let dates = LaunchDateText(zone: context.displayTimeZone, now: now)
        let line = (template ?? .standard(unicode: glyphs.isUnicode)).render(launch, dates: dates, missing: glyphs.isUnicode ? "—" : "-")
        try context.stdout.writeLine(line)
        return .success
    }

    /// The first launch still ahead at `now` (its window not over) that `query`
    /// matches, in date order. A NET known only to a quarter or coarser is no
    /// time yet: such a launch comes only when no other matches (its line then
    /// says "NET Q4 2026").
    static func next(after now: Date, in launches: [Launch], query: LaunchSearchQuery) -> Launch? {
        let upcoming = launches.filter { $0.net != nil && !$0.hasPassed(at: now) }
        let dated = upcoming.filter { !LaunchPeriod.isCoarse($0.netPrecision) }
        return first(in: dated, query: query) ?? first(in: upcoming.filter { LaunchPeriod.isCoarse($0.netPrecision) }, query: query)
    }

    private static func first(in upcoming: [Launch], query: LaunchSearchQuery) -> Launch? {
        // Without words or filters every launch matches: the first in date order,
        // without indexing them all (a status bar runs this every few seconds).
        if query.selectsEverything { return LaunchCatalog.ordered(upcoming, .upcoming).first }
        return LaunchCatalog(launches: upcoming, timeframe: .upcoming, filter: query.searchQuery, limit: 1).selected.first
    }
}
