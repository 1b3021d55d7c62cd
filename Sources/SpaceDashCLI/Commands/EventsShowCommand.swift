import Foundation
import SpaceData
import Streams

/// `spacedash events show ID`: everything known of one upcoming event.
struct EventsShowCommand: Command {
    static let target = Positional<String>("ID", help: "The event's id (the last field of a piped 'events' line, or 'id' in --json)")

    static let configuration = CommandConfiguration(
        name: "show",
        abstract: "Everything about one upcoming event: date, place, description, webcasts, updates.",
        discussion: """
            Reads the event from the upcoming events (cached for 15 minutes, else asked of Launch \\
            Library, else the bundled ones). An id that no upcoming event has exits 1. With --json: \\
            the event's object, as 'events --json' gives it.
            """,
        arguments: [target],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [Example("spacedash events show 1519", "The Crew-13 docking.")])

    let id: String
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        id = arguments[Self.target].trimmingCharacters(in: .whitespaces)
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        if id.isEmpty { throw UsageError("show needs an event's id", hint: "spacedash events show 1519") }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let spinner = context.networkSpinner("Fetching events")
        defer { spinner?.stop() }
        let service = try Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest).launches()
        let sourced = try await service.events(policy: fetch.policy, timeout: fetch.timeout).firstResult()
        spinner?.stop()
        for notice in sourced.notices { output.notice(notice.message, in: context) }
        guard let event = sourced.value.first(where: { $0.id == id }) else {
            throw CommandError("no upcoming event has the id \(LaunchSearchQuery.quoted(id)) (\(sourced.value.count) known); 'spacedash events' lists them")
        }
        if output.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try context.stdout.writeLine(JSONText.printable(String(decoding: try encoder.encode(event), as: UTF8.self)))
            return .success
        }
        let renderer = EventRenderer(dates: LaunchDateText(zone: context.displayTimeZone, now: context.now), width: context.layoutWidth,
                                     mode: context.styleMode, joiner: context.glyphs.joiner)
        for line in renderer.details(event) { try context.stdout.writeLine(line) }
        return .success
    }
}
