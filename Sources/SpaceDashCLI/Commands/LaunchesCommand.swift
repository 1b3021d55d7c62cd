/// `spacedash launches`: rocket launches from Launch Library 2. Alone, or with
/// a query and no subcommand, it is `spacedash launches search`.
struct LaunchesCommand: Command {
    static let configuration = CommandConfiguration(
        name: "launches",
        abstract: "Upcoming and past launches from Launch Library 2, searchable.",
        discussion: """
            Without a subcommand this is 'launches search': 'spacedash launches' lists the next \
            launches, 'spacedash launches starlink' searches them.
            """,
        examples: [
            Example("spacedash launches", "The next 100 launches."),
            Example("spacedash launches kourou", "Launches from Kourou (case and accents ignored)."),
            Example("spacedash launches search --past --agency spacex --limit 10", "SpaceX's last ten launches."),
            Example("spacedash launches show starlink 17-39", "Everything about one launch."),
            Example("spacedash launches next --format '{mission} {countdown}'", "The next launch, one line for a status bar."),
            Example("spacedash launches spacex --ics > spacex.ics", "SpaceX's upcoming launches as a calendar."),
        ],
        subcommands: [LaunchesSearchCommand.self, LaunchesShowCommand.self, LaunchesOpenCommand.self, LaunchesNextCommand.self,
                      LaunchesFollowCommand.self, LaunchesUnfollowCommand.self, LaunchesFollowingCommand.self],
        defaultSubcommand: LaunchesSearchCommand.self)

    init(_ arguments: ParsedArguments) {}
}
