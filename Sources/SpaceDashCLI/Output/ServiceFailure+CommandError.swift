import SpaceData

extension ServiceFailure {
    /// What the CLI says when a service has nothing to show, and how it exits:
    /// the one place a service failure becomes a message and an exit code
    /// (commands throw the failure; the dashboard's panels and the interactive
    /// status line show the same message).
    var commandError: CommandError {
        switch self {
        case .noLiveData(let subject, let reason):
            return CommandError("no live \(subject) (--strict): \(reason.message)", exitCode: .unavailable)
        case .nothingToShow, .sampleBroken, .fileUnreadable, .fileNotLaunches:
            return CommandError(description)
        case .fileIsDashboard(let path):
            return CommandError("\(path): this is spacedash's dashboard JSON; give `spacedash launches --json` output or a Launch Library response")
        }
    }
}
