import Foundation
import SpaceData

/// `spacedash launches unfollow ID|QUERY`: no more change alerts for it.
struct LaunchesUnfollowCommand: Command {
    static let target = RepeatedPositional<String>(
        "ID|QUERY", help: "A followed launch's id, or words that pick followed launches as 'launches search' does",
        isRequired: true, acceptsDashPrefixedValues: true)

    static let configuration = CommandConfiguration(
        name: "unfollow",
        abstract: "Stop following a launch.",
        discussion: "Stops following the launch with this id, or every followed launch QUERY matches. Makes no request.",
        arguments: [target],
        examples: [Example("spacedash launches unfollow starship", "Stop following the Starship launches.")])

    let words: [String]

    init(_ arguments: ParsedArguments) throws {
        words = arguments[Self.target]
        if text.isEmpty { throw UsageError("unfollow needs a launch's id or words naming it", hint: "spacedash launches unfollow starship") }
        if UUID(uuidString: text) == nil, let unknown = LaunchSearchQuery(words: words).unknownQualifierError { throw unknown }
    }

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespaces) }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let stateFile = try NotifyStateFile(context)
        let (dropped, damage) = try stateFile.withLock { () throws -> ([Launch], String?) in
            var (state, damage) = try stateFile.readForUpdate()
            let followed = state.followed.map(\.launch)
            let dropped = UUID(uuidString: text) != nil
                ? followed.filter { $0.id.lowercased() == text.lowercased() }
                : Array(LaunchCatalog(launches: followed, timeframe: .upcoming, filter: LaunchSearchQuery(words: words).searchQuery).selected)
            for launch in dropped { state.launches[launch.id]?.followed = false }
            if !dropped.isEmpty { try stateFile.write(state) }
            return (dropped, damage)
        }
        if let damage { context.notice(damage) }
        guard !dropped.isEmpty else {
            throw CommandError("no followed launch matches \(LaunchSearchQuery.quoted(text)) ('launches following' lists them)")
        }
        for launch in dropped { try context.stdout.writeLine("no longer following \(AlertDelivery.clean(launch.name)) (\(launch.id))") }
        return .success
    }
}
