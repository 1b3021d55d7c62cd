import Foundation
import SpaceData
import Streams

/// `spacedash launches show ID|QUERY`: everything known about one launch.
/// An id is asked of Launch Library directly; a query is looked up among the
/// listed launches first and must match one (or name one exactly).
struct LaunchesShowCommand: Command {
    static let target = RepeatedPositional<String>(
        "ID|QUERY", help: "A launch's id (from --json, the last field of a piped row, or 'launches next --format {id}'), or words that pick one launch as 'launches search' does",
        isRequired: true, acceptsDashPrefixedValues: true)

    static let updates = Option<UpdateCount>(
        "updates", valueName: "N|all", default: .latest(5),
        help: "List the newest N of Launch Library's updates on the launch, or all of them")

    static let configuration = CommandConfiguration(
        name: "show",
        abstract: "Everything about one launch: mission, pad, window, status, webcasts, links.",
        discussion: """
            Asks Launch Library for the launch's detailed record (one request of the 15 an hour; \
            cached for 15 minutes like the lists) and shows its webcasts (best first; on a terminal \
            each title is a link, and the address is printed too), boosters and their landings, the \
            spacecraft and its crew, mission patches, the timeline from T-0, probability, weather \
            concerns, hold and failure reasons, Flight Club's simulation and the newest updates of \
            Launch Library's editors (--updates). Offline, or when Launch Library cannot answer, it \
            shows the cached record; else, for a launch of the bundled listing of 20 July 2026, the \
            record as listed then; else the launch as the cached list holds it, and says on stderr \
            what only the detailed record has.

            An id may be cut to its first 8 characters or more, as git takes short hashes, when one \
            launch cached or bundled has it. A QUERY (or a short id) matching several launches lists \
            them with their ids on stderr and exits 1; one matching none exits 1.

            With --json: one object, every field of 'launches --json' and then detailed (whether \
            this is the detailed record), url (the record at Launch Library), agency_country_code, \
            status_description, net_precision_description, probability, weather_concerns, \
            holdreason, failreason, map_url, pad_time_zone, and under Launch Library's own names \
            vid_urls and info_urls (url, title, publisher, type, priority, language, start_time, \
            end_time, live), flightclub_url, launcher_stage, spacecraft_stage, updates (all of them), \
            mission_patches and timeline.
            """,
        arguments: [target, LaunchTimeframeOption.past, updates],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash launches show e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", "One launch by its id."),
            Example("spacedash launches show starlink 17-39", "The launch whose name has these words."),
            Example("spacedash launches show e1079d3a", "The same launch by the start of its id."),
            Example("spacedash launches show --json \"$(spacedash launches next crew --format '{id}')\" | jq '.vid_urls[].url'",
                    "Webcast addresses of the next crewed launch (one id, however many launches match 'crew')."),
        ])

    let reference: LaunchReference
    let updateCount: UpdateCount
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        reference = LaunchReference(words: arguments[Self.target], past: arguments[LaunchTimeframeOption.past])
        updateCount = arguments[Self.updates]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        if reference.text.isEmpty { throw UsageError("show needs a launch's id or words naming it", hint: "spacedash launches show starlink") }
        // An id (`gcat:1969-059` has a colon too) is no query; words are read as every search reads them.
        if let unknown = reference.usageError { throw unknown }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        // Shown after 100 ms of a request (the list's or the detailed record's), never before one.
        let spinner = context.networkSpinner("Fetching the launch")
        defer { spinner?.stop() }
        let services = Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest)
        let service = try services.launches()
        guard case .launch(let id, let listed) = try await reference.resolve(
            with: service, fetch: fetch, output: output, context: context, beforeNotices: { spinner?.stop() }) else { return .failure }
        let sourced = try await service.detail(id: id, listed: listed, policy: fetch.policy, timeout: fetch.timeout).firstResult()
        spinner?.stop()
        for notice in sourced.notices { output.notice(notice.message, in: context) }
        if output.json {
            try context.stdout.writeLine(try LaunchJSONRenderer.render(sourced.value))
            return .success
        }
        let renderer = LaunchDetailRenderer(
            dates: LaunchDateText(zone: context.displayTimeZone, now: context.now),
            width: context.layoutWidth,
            mode: context.styleMode,
            joiner: context.glyphs.joiner,
            updates: updateCount)
        for line in renderer.render(sourced.value) { try context.stdout.writeLine(line) }
        return .success
    }
}
