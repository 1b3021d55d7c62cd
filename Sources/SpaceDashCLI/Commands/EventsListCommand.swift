import Foundation
import SpaceData
import Streams

/// `spacedash events list [QUERY...]`: the upcoming events, as a table on a
/// terminal, tab-separated lines in a pipe, or JSON.
struct EventsListCommand: Command {
    static let query = RepeatedPositional<String>(
        "QUERY", help: "Words that must each occur in the event's name, type, location or description (case and accents ignored); name:, type: and location: narrow a word to one field; a leading - excludes",
        acceptsDashPrefixedValues: true)

    static let configuration = CommandConfiguration(
        name: "list",
        abstract: "List and search upcoming events.",
        discussion: """
            Events come from Launch Library 2's /events/upcoming/ (SPACEDASH_LAUNCHES_URL's server), one \\
            request of the 15 an hour shared with the launches, cached for 15 minutes. When Launch \\
            Library cannot answer, the cached events are shown, else the few events spacedash bundles \\
            (Launch Library 2's development server, late September 2026); a line on stderr says so. An \\
            event whose date has passed is never shown as upcoming, and a line says how many were left out.

            On a terminal: a table (date, how far, type, name, location; LIVE while a webcast is live). \\
            Into a pipe: one event per line, tab-separated: date (ISO-8601 UTC), type, name, location, id. \\
            With --json: an array of events under Launch Library's names (id, name, type, date, \\
            date_precision, location, description, webcast_live, vid_urls, info_urls, updates, \\
            last_updated, url).
            """,
        arguments: [query, ListLimitOption.limit],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash events iss", "Events at the International Space Station."),
            Example("spacedash events type:docking --json", "The next dockings, for a script."),
        ])

    let query: EventQuery
    let limit: Int?
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        query = try EventQuery(words: arguments[Self.query])
        limit = arguments[ListLimitOption.limit]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let spinner = context.networkSpinner("Fetching events")
        defer { spinner?.stop() }
        let service = try Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest).launches()
        let sourced = try await service.events(policy: fetch.policy, timeout: fetch.timeout).firstResult()
        spinner?.stop()
        for notice in sourced.notices { output.notice(notice.message, in: context) }
        var events = sourced.value.filter(query.matches)
        if let limit { events = Array(events.prefix(limit)) }
        if output.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try context.stdout.writeLine(JSONText.printable(String(decoding: try encoder.encode(events), as: UTF8.self)))
            return .success
        }
        if !context.stdout.isTerminal {
            for line in EventRenderer.tabSeparated(events) { try context.stdout.writeLine(line) }
            return .success
        }
        if events.isEmpty {
            output.notice("no upcoming event matches", in: context)
            return .success
        }
        let renderer = EventRenderer(dates: LaunchDateText(zone: context.displayTimeZone, now: context.now), width: context.layoutWidth,
                                     mode: context.styleMode, joiner: context.glyphs.joiner)
        for line in renderer.table(events) { try context.stdout.writeLine(line) }
        return .success
    }
}
