import Foundation
import SpaceData
import Terminal

/// Where alerts go: a desktop notification through `notify-send` when it is
/// on PATH, the user's `--exec` program, and without either a line on stdout
/// (with the terminal's bell when stdout is one); `--json` prints each alert
/// as an object a line whatever else runs.
///
/// Launch names come from a public database: hostile input. They reach a
/// program only as an environment variable, on its stdin, or (notify-send) as
/// an argument after `--`, cleaned of control characters: never through a
/// shell, never where a program could read them as an option.
struct AlertDelivery: Sendable {
    /// `notify-send`'s path, when it is on PATH.
    var desktop: String?
    /// The `--exec` program: its path, how the user named it, and the user's arguments for it.
    var hook: Hook?

    struct Hook: Sendable {
        var path: String
        var name: String
        var arguments: [String] = []
    }
    var json: Bool
    /// The environment a hook inherits (the SPACEDASH_ variables are added).
    var environment: [String: String]

    /// Whether alerts are printed as lines on stdout.
    var printsLines: Bool { json || (desktop == nil && hook == nil) }

    /// Delivers `alert` every way configured. A program that fails is reported on
    /// stderr with its status and does not stop the others.
    func deliver(_ alert: NotifyAlert, context: CommandContext) throws(OutputError) {
        if json {
            if let line = try? alert.jsonLine() { try context.stdout.writeLine(line) }
        } else if desktop == nil && hook == nil {
            let bell = context.stdout.isTerminal ? "\u{07}" : ""
            try context.stdout.writeLine(TerminalSanitizer.clean(alert.message) + bell)
        }
        if let desktop {
            let ending = ProgramLauncher.run(desktop, arguments: Self.desktopArguments(alert), environment: environment, input: "")
            report(ending, of: "notify-send", for: alert, context: context)
        }
        if let hook {
            let ending = ProgramLauncher.run(hook.path, arguments: hook.arguments, environment: hookEnvironment(alert), input: Self.clean(alert.message) + "\n")
            report(ending, of: "--exec \(hook.name)", for: alert, context: context)
        }
    }

    /// notify-send's arguments: the app name and urgency, then `--`, so the
    /// summary and body are text whatever they start with.
    static func desktopArguments(_ alert: NotifyAlert) -> [String] {
        ["--app-name=spacedash", "--urgency=\(alert.isUrgent ? "critical" : "normal")", "--",
         clean(alert.summary), alert.body.split(separator: "\n").map { clean($0) }.joined(separator: "\n")]
    }

    /// The hook's environment: ours, and the alert's fields. (Its arguments are the
    /// user's own, from `[notify] exec`: never the alert's.)
    func hookEnvironment(_ alert: NotifyAlert) -> [String: String] {
        var variables = environment
        let launch = alert.launch
        variables["SPACEDASH_EVENT"] = alert.event.rawValue
        variables["SPACEDASH_LAUNCH_ID"] = Self.clean(launch?.id ?? "")
        variables["SPACEDASH_LAUNCH_NAME"] = Self.clean(launch?.name ?? "")
        variables["SPACEDASH_NET"] = launch?.net.map(LaunchLibraryDate.string(from:)) ?? ""
        variables["SPACEDASH_STATUS"] = Self.clean(launch?.statusShort ?? "")
        variables["SPACEDASH_WEBCAST"] = Self.clean(alert.webcastURL ?? "")
        variables["SPACEDASH_MESSAGE"] = Self.clean(alert.message)
        return variables
    }

    /// One line without control characters (nor NUL, which a C string cannot hold).
    static func clean(_ text: some StringProtocol) -> String {
        TerminalSanitizer.clean(text, mode: .singleLine)
    }

    private func report(_ ending: ProgramLauncher.Ending, of program: String, for alert: NotifyAlert, context: CommandContext) {
        let what = "the \(alert.event.rawValue) alert" + (alert.launch.map { " of \($0.name)" } ?? "")
        switch ending {
        case .exited(0): return
        case .exited(let status): context.notice("\(program) exited with status \(status) for \(what)")
        case .killedBySignal(let signal): context.notice("\(program) was killed by signal \(signal) for \(what)")
        case .timedOut: context.notice("\(program) took over \(Int(ProgramLauncher.timeLimit)) seconds for \(what): stopped it")
        case .couldNotStart(let reason): context.notice("\(program) could not start for \(what): \(reason)")
        }
    }
}
