import Foundation
import SpaceData

/// `spacedash launches search [QUERY...]`: parses and checks the command line,
/// then runs one of its modes, each a type of its own: the listing
/// (`LaunchListing`: a table, tab-separated lines, JSON or a calendar), the
/// search as you type (`InteractiveLaunchSearch`, `-i`) or the live view
/// (`LaunchWatch`, `--watch`). All three show a `LaunchSelection`.
struct LaunchesSearchCommand: Command {
    static let query = RepeatedPositional<String>(
        "QUERY", help: """
            Words joined with spaces, read as -i reads its prompt: each must occur in the name, agency, \
            mission type or location (case, accents and width ignored); "quoted phrases" are one word \
            (quote them for the shell too: '"cape canaveral"'); a | b matches either; name:, agency:, \
            mission:, location:, rocket:, pad:, status:, orbit: and country: narrow a word to one field; a \
            leading - excludes (starlink -falcon); after -- every word is a query word, so -- -us excludes \
            a word of one or two letters, which would read as options
            """,
        acceptsDashPrefixedValues: true)
    static let file = Option<String?>("file", valueName: "PATH", help: "Search a saved Launch Library response (2.0.0, 2.2.0 or 2.3.0; any mode) or spacedash's own --json output instead, - for standard input: no request, no cache",
                                        expecting: "a path", example: "saved.json", config: .commandLineOnly)
    static let pages = Option<Int>("pages", valueName: "N", default: 1, help: "Follow 'next' for up to N pages of 100 (each page is one request of the 15 an hour)", example: "3", check: .within(1...LaunchService.maximumPages))
    static let ics = Flag("ics", help: "Print the launches as an RFC 5545 calendar (.ics): one event a launch, updated in place when imported again",
                          config: .commandLineOnly)
    static let interactive = Flag("interactive", short: "i", help: "Search as you type on the terminal, within the launches the other options select; Enter prints the selected launch, Esc cancels (exit 130)",
                                  config: .commandLineOnly)
    static let debounce = Option<Int>("debounce", valueName: "MS", default: InteractiveLaunchSearch.defaultDebounce,
                                      help: "With -i: wait MS milliseconds after the last key before searching (0: search on every key)",
                                      expecting: "a number of milliseconds", check: .within(0...10_000))

    static let configuration = CommandConfiguration(
        name: "search",
        abstract: "Search upcoming or past launches by name, agency, mission type, location and status.",
        discussion: """
            Launches come from Launch Library 2 (https://ll.thespacedevs.com/2.3.0, or \
            SPACEDASH_LAUNCHES_URL). The free tier allows 15 requests an hour, so each answer is \
            cached for 15 minutes; when Launch Library cannot answer, cached launches are shown, \
            else what spacedash bundles: Launch Library 2's listing of 20 July 2026 for upcoming \
            launches, GCAT's history of orbital launches (1957 to 2023) for --past; a line on stderr \
            says so. An upcoming launch whose time (its window's end, else its NET) has passed is \
            left out, and a line says how many were; SPACEDASH_NOW sets "now". Set \
            SPACEDASH_LL2_TOKEN to send an API key.

            On a terminal: a table with local times (or UTC with --utc), a countdown for upcoming \
            launches and the matched text highlighted. Into a pipe: one launch per line, tab-separated \
            fields with no header: NET (ISO-8601 UTC), name, agency, mission type, location, status, id; \
            plain unless --color always, which highlights the matches there too. \
            With --json: an object {"source": where the list came from (kind live, cache, sample or file; \
            fetched_at, age_seconds, description, notices), "launches": objects with the fields id, name, agency, agency_abbrev, agency_type, \
            mission, mission_type, mission_description, orbit, orbit_abbrev, pad, location, country_code, \
            latitude, longitude, net, net_precision, window_start, window_end, status, status_abbrev, \
            rocket, webcast_live, last_updated (null when unknown; dates ISO-8601 UTC)}.

            Results whose words match whole come first ("mars": Mars missions before Inmarsat); \
            a row matched in a field the table does not show says where, in a MATCHED column.

            No match prints nothing on stdout (an empty "launches" with --json) and exits 0.
            """,
        arguments: [query, LaunchTimeframeOption.past, ListLimitOption.limit, file, pages, ics, interactive, debounce],
        groups: [LaunchFilterOptions.group, OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet),
                 FetchOptions.group, WatchOptions.group],
        examples: [
            Example("spacedash launches search", "The next launches."),
            Example("spacedash launches search falcon -starlink", "Falcon launches that are not Starlink."),
            Example("spacedash launches search '\"cape canaveral\"' --after 2026-12-01", "Launches from Cape Canaveral from December on."),
            Example("spacedash launches search --agency spacex --agency \"rocket lab\" 'crew | cargo'", "Crew or cargo flights by either provider."),
            Example("spacedash launches search --past --agency spacex --limit 10", "SpaceX's last ten launches."),
            Example("spacedash launches search --file saved.json mission:communications", "Search a saved response."),
            Example("spacedash launches search --json status:go | jq '.launches[].name'", "Names of launches that are Go."),
            Example("spacedash launches spacex --watch", "SpaceX's next launches, counting down live."),
        ])

    /// The mode the command line asked for.
    enum Mode: Sendable {
        case listing(LaunchListing)
        case interactive(InteractiveLaunchSearch)
        case watch(LaunchWatch)
    }

    let mode: Mode

    init(_ arguments: ParsedArguments) throws {
        let selection = LaunchSelection(
            words: arguments[Self.query], filters: try LaunchFilterOptions(arguments),
            timeframe: LaunchTimeframeOption.timeframe(arguments), limit: arguments[ListLimitOption.limit],
            file: arguments[Self.file], pages: arguments[Self.pages],
            fetch: try FetchOptions(arguments), output: OutputOptions(arguments))
        let ics = arguments[Self.ics]
        let interactive = arguments[Self.interactive]
        let debounce = arguments[Self.debounce]
        let watch = try WatchOptions(arguments, command: "spacedash launches")
        let output = selection.output

        if let unknown = selection.query.unknownQualifierError { throw unknown }
        if ics && output.json { throw UsageError("--ics and --json contradict each other: choose one output") }
        if ics && interactive { throw UsageError("--ics and -i contradict each other: -i prints the one launch chosen", hint: "drop -i to export the launches a query selects") }
        // The debounce is how the search-as-you-type waits; without -i nothing waits.
        if arguments.contains(Self.debounce) && !interactive {
            throw UsageError("--debounce applies only to the interactive search", hint: "add -i: spacedash launches search -i --debounce \(debounce)")
        }
        if watch.isOn {
            // --watch shows upcoming launches live on the terminal: other outputs, a saved
            // file and past launches contradict it.
            if output.json { throw UsageError("--watch and --json contradict each other: --watch redraws a screen, --json prints once for scripts") }
            if ics { throw UsageError("--watch and --ics contradict each other: --ics prints a calendar once") }
            if interactive { throw UsageError("--watch and -i contradict each other: press / in --watch to search") }
            if selection.timeframe == .past { throw UsageError("--watch and --past contradict each other: --watch counts down to launches to come") }
            if selection.file != nil { throw UsageError("--watch and --file contradict each other: a saved response never changes", hint: "drop --file to watch Launch Library") }
            try watch.checkRate(pages: selection.pages)
        }
        if let file = selection.file {
            if file.isEmpty { throw UsageError("--file needs a path", hint: "--file saved.json") }
            if selection.fetch.policy.refresh { throw UsageError("--file and --refresh contradict each other: --file reads a saved response and makes no request") }
            if selection.fetch.policy.strict { throw UsageError("--file and --strict contradict each other: --strict needs live data, --file reads a saved response") }
            if arguments.contains(Self.pages) { throw UsageError("--file and --pages contradict each other: a saved response is one page") }
        }

        let search = InteractiveLaunchSearch(selection: selection, debounce: debounce)
        mode = interactive ? .interactive(search)
            : watch.isOn ? .watch(LaunchWatch(selection: selection, watch: watch, search: search))
            : .listing(LaunchListing(selection: selection, ics: ics, meantCommand: Self.meantCommand(selection.words)))
    }

    /// `launches nxt` → "spacedash launches next", said when nothing matched "nxt".
    private static func meantCommand(_ words: [String]) -> String? {
        guard let first = words.first else { return nil }
        let ownName = Self.configuration.name
        var siblings: [String] = []
        for command in LaunchesCommand.configuration.subcommands where command.configuration.name != ownName {
            siblings.append(command.configuration.name)
        }
        guard let name = CommandLineParser.shortMisspelling(first, among: siblings) else { return nil }
        return (["spacedash launches", name] + words.dropFirst()).joined(separator: " ")
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        switch mode {
        case .listing(let listing): return try await listing.run(context)
        case .interactive(let search): return try await search.run(context)
        case .watch(let watch): return try await watch.run(context)
        }
    }
}
