import SpaceData

/// `--past`, declared once for the launches commands that look among upcoming
/// or past launches (`search`, `show`).
enum LaunchTimeframeOption {
    static let past = Flag("past", help: "Past launches (the bundled history of every orbital launch since 1957, newest first) instead of upcoming ones",
                           config: .commandLineOnly)

    static func timeframe(_ arguments: ParsedArguments) -> LaunchTimeframe {
        arguments[past] ? .past : .upcoming
    }
}
