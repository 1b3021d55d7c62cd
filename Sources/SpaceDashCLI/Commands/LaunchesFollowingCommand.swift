import Foundation
import SpaceData

/// `spacedash launches following`: the followed launches, as last seen.
struct LaunchesFollowingCommand: Command {
    static let configuration = CommandConfiguration(
        name: "following",
        abstract: "The launches you follow, as notify last saw them.",
        discussion: """
            Lists the followed launches soonest first, as 'launches' lists launches: a table on a \
            terminal, a line of tab-separated fields each into a pipe (the id last), or with --json \
            an array with the fields of 'launches --json'. Makes no request.
            """,
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc)],
        examples: [Example("spacedash launches following --json | jq -r '.[].id'", "The ids of the followed launches.")])

    let output: OutputOptions

    init(_ arguments: ParsedArguments) throws {
        output = OutputOptions(arguments)
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let stateFile = try NotifyStateFile(context)
        let followed: [Launch] = switch try stateFile.read() {
        case .state(let state): state.followed.map(\.launch)
        case .missing: []
        case .damaged(let reason): throw CommandError("\(stateFile.path) is damaged (\(reason)): the next 'notify' or 'follow' sets it aside")
        }
        if output.json {
            try context.stdout.writeLine(try LaunchJSONRenderer.render(followed))
            return .success
        }
        guard !followed.isEmpty else {
            context.notice("no launch followed: 'spacedash launches follow QUERY' follows one")
            return .success
        }
        if context.stdout.isTerminal {
            let renderer = LaunchTableRenderer(dates: LaunchDateText(zone: context.displayTimeZone, now: context.now),
                                               width: context.layoutWidth, mode: context.styleMode, showsCountdown: true,
                                               ellipsis: context.glyphs.ellipsis)
            for line in renderer.render(followed.map { LaunchRow($0) }) { try context.stdout.writeLine(line) }
        } else {
            for launch in followed { try context.stdout.writeLine(LaunchTabSeparatedRenderer.line(launch)) }
        }
        return .success
    }
}
