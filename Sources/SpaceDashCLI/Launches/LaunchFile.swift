import SpaceData

/// `--file`: a saved Launch Library response (or spacedash's own `--json`),
/// read whole before anything is shown; `-` is standard input, as rg and jq
/// read `-` (`curl … | spacedash launches --file -`).
enum LaunchFile {
    static let standardInput = "-"

    /// How messages and the interactive search's status line name the file.
    static func name(of file: String) -> String {
        file == standardInput ? "standard input" : file
    }

    /// The file's launches. `--verbose` says how many; `say` gets the line on
    /// results left out for not being launches.
    static func load(_ file: String, timeframe: LaunchTimeframe, verbose: Bool, _ context: CommandContext,
                     say: (String) -> Void) throws -> LaunchList {
        let list = file == standardInput
            ? try LaunchService.loadStandardInput(named: name(of: file), timeframe: timeframe)
            : try LaunchService.load(file: file, timeframe: timeframe)
        let count = list.launches.count
        if verbose { context.notice("\(count) launch\(count == 1 ? "" : "es") from \(name(of: file))") }
        if list.skipped > 0 {
            let results = list.skipped == 1 ? "1 result that is not a launch" : "\(list.skipped) results that are not launches"
            say("left out \(results) from \(name(of: file)) (a launch needs an id and a name)")
        }
        return list
    }
}
