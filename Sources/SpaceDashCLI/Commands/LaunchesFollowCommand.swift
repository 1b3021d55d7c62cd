import Foundation
import SpaceData
import Streams

/// `spacedash launches follow ID|QUERY`: `notify` tells every change of the
/// launch (NET, status, window, webcast) besides its reminders.
struct LaunchesFollowCommand: Command {
    static let target = RepeatedPositional<String>(
        "ID|QUERY", help: "A launch's id, or words that pick upcoming launches as 'launches search' does (each one matched is followed)",
        isRequired: true, acceptsDashPrefixedValues: true)

    static let configuration = CommandConfiguration(
        name: "follow",
        abstract: "Follow a launch: 'spacedash notify' tells every change of it.",
        discussion: """
            Follows the launch with this id, or every upcoming launch QUERY matches (at most \
            \(maximumMatches): a broader query is refused). 'spacedash notify' then tells each \
            change of a followed launch: its NET moving, its status, its window, its webcast going \
            live. Following is kept in notify's state file ($XDG_STATE_HOME/spacedash/notify.json).
            """,
        arguments: [target],
        groups: [OutputOptions.group(OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash launches follow starship", "Follow the upcoming Starship launches."),
            Example("spacedash launches follow e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", "Follow one launch by its id."),
        ])

    /// A query matching more launches than this is too broad to follow.
    static let maximumMatches = 10

    let words: [String]
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        words = arguments[Self.target]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        if text.isEmpty { throw UsageError("follow needs a launch's id or words naming it", hint: "spacedash launches follow starship") }
        if UUID(uuidString: text) == nil, let unknown = LaunchSearchQuery(words: words).unknownQualifierError { throw unknown }
    }

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespaces) }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let stateFile = try NotifyStateFile(context)
        let service = try Services(context: context, fetch: fetch).launches()
        let sourced = try await service.launches(LaunchService.Request(timeframe: .upcoming, policy: fetch.policy, timeout: fetch.timeout)).firstResult()
        for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
        let launches = sourced.value.launches
        var chosen: [Launch]
        if UUID(uuidString: text) != nil {
            let id = text.lowercased()
            if let listed = launches.first(where: { $0.id.lowercased() == id }) {
                chosen = [listed]
            } else {
                // Beyond the listed page: its own record says what it is.
                chosen = [try await service.detail(id: id, listed: nil, policy: fetch.policy, timeout: fetch.timeout).firstResult().value.launch]
            }
        } else {
            chosen = Array(LaunchCatalog(launches: launches, timeframe: .upcoming, filter: LaunchSearchQuery(words: words).searchQuery).selected)
            if chosen.isEmpty {
                throw CommandError("no upcoming launch matches \(LaunchSearchQuery.quoted(text)) (searched \(launches.count))")
            }
            if chosen.count > Self.maximumMatches {
                throw CommandError("\(LaunchSearchQuery.quoted(text)) matches \(chosen.count) launches: narrow the query, or follow one by its id (from 'launches --json')")
            }
        }
        let damage = try stateFile.withLock { () throws -> String? in
            var (state, damage) = try stateFile.readForUpdate()
            for launch in chosen {
                var record = state.launches[launch.id] ?? NotifyState.LaunchRecord(launch: launch)
                record.launch = launch
                record.followed = true
                state.launches[launch.id] = record
            }
            try stateFile.write(state)
            return damage
        }
        if let damage { context.notice(damage) }
        let dates = LaunchDateText(zone: context.displayTimeZone, now: context.now)
        for launch in chosen {
            try context.stdout.writeLine("following \(AlertDelivery.clean(launch.name)) (\(dates.date(of: launch)), \(launch.id))")
        }
        return .success
    }
}
