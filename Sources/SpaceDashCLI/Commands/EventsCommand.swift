/// `spacedash events`: upcoming events from Launch Library 2 (dockings,
/// spacewalks, landings, static fires, tests). Alone, or with a query and no
/// subcommand, it is `spacedash events list`.
struct EventsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "events",
        abstract: "Upcoming dockings, spacewalks, landings and tests.",
        discussion: """
            Without a subcommand this is 'events list': 'spacedash events' lists the next events, \\
            'spacedash events iss' searches them.
            """,
        examples: [
            Example("spacedash events", "The next events."),
            Example("spacedash events type:docking", "The next dockings."),
            Example("spacedash events show 1519", "Everything about one event."),
        ],
        subcommands: [EventsListCommand.self, EventsShowCommand.self],
        defaultSubcommand: EventsListCommand.self)

    init(_ arguments: ParsedArguments) {}
}
