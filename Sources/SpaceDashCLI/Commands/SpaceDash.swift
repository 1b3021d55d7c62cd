#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HTTP
import SpaceData
import Terminal

/// The `spacedash` command itself: the root of the command tree and the
/// entry point `main.swift` calls.
package struct SpaceDash: Command {
    /// Every top-level command, in the order help lists them. Register a new
    /// command here (one line each).
    static let commands: [any Command.Type] = [
        HelpCommand.self,
        MarsWeatherCommand.self,
        LaunchesCommand.self,
        EventsCommand.self,
        SpaceWeatherCommand.self,
        NotifyCommand.self,
        DemoCommand.self,
        CompletionCommand.self,
        ConfigCommand.self,
    ]

    static let configuration = CommandConfiguration(
        name: "spacedash",
        abstract: "Mars weather and rocket launches in your terminal.",
        discussion: """
            Live data from Curiosity's REMS weather feed (or, with --station insight, NASA InSight's \
            archive) and Launch Library 2, cached, with a bundled sample when the network or the \
            feed has nothing to give.

            Exit codes: 0 data shown (fallback included), 1 failure, 64 usage error, \
            69 no live data with --strict, 78 a setting that cannot be used (a mistake in the config file, an environment \
            variable such as SPACEDASH_NOW), 130 interrupted.
            """,
        arguments: [StationOption.station, limit],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.units, OutputOptions.utc, OutputOptions.quiet),
                 FetchOptions.group, WatchOptions.group],
        examples: [
            Example("spacedash", "The dashboard: Mars weather beside the next five launches."),
            Example("spacedash --offline --json", "Both panels as JSON, without a request."),
            Example("spacedash --units imperial --limit 10 --utc", "°F, the next ten launches, times in UTC."),
            Example("spacedash --watch", "Both panels live: countdowns every second, launches every 10 minutes, weather every 6 hours."),
            Example("spacedash help COMMAND", "A command's options and examples."),
        ],
        subcommands: commands)


    /// How many launches the dashboard's panel shows.
    static let limit = Option<Int>("limit", valueName: "N", default: LaunchesPanel.count, help: "Show the next N launches",
                                   example: "10", check: .within(1...100))

    let dashboard: Dashboard

    init(_ arguments: ParsedArguments) throws {
        let output = OutputOptions(arguments)
        dashboard = Dashboard(units: output.units, json: output.json, fetch: try FetchOptions(arguments),
                              station: StationOption.station(arguments), quiet: output.quiet,
                              limit: arguments[Self.limit], watch: try WatchOptions(arguments, command: "spacedash"))
        if dashboard.watch.isOn, output.json {
            throw UsageError("--watch and --json contradict each other: --watch redraws a screen, --json prints once for scripts")
        }
    }

    /// Without a command: the dashboard, Mars weather beside the next launches.
    func run(_ context: CommandContext) async throws -> ExitCode {
        if dashboard.watch.isOn { return try await dashboard.runWatch(context) }
        let services = Services(context: context, fetch: dashboard.fetch)
        return try await dashboard.run(context, sources: try Dashboard.Sources(services, fetch: dashboard.fetch, station: dashboard.station),
                                       width: context.layoutWidth)
    }
}

extension SpaceDash {
    /// `spacedash --version` alone, answered before anything else is set up (the
    /// environment, the command tree, the concurrency runtime's threads): scripts
    /// and status bars call it often. Exits; returns for any other command line.
    package static func answerIfVersionAlone(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) {
        guard arguments == ["--version"] else { return }
        signal(SIGPIPE, SIG_IGN)
        let streams = OutputStreams.standard
        var code = ExitCode.success
        do {
            try streams.stdout.writeLine(versionLine)
            try streams.stdout.flush()
        } catch .closed {
        } catch {
            code = report(CommandError("cannot write to standard output: \(error)"), streams: streams)
        }
        exit(code.rawValue)
    }

    /// What `--version` prints.
    static var versionLine: String { "spacedash \(SpaceDashVersion.current)" }

    /// The program: ignores SIGPIPE (a closed stdout becomes a quiet EPIPE),
    /// runs the command line, and exits with its code.
    nonisolated(nonsending) package static func main() async -> Never {
        signal(SIGPIPE, SIG_IGN)
        let code = await run(arguments: Array(CommandLine.arguments.dropFirst()),
                             environment: processEnvironment(),
                             streams: .standard)
        exit(code)
    }

    /// The process's environment, read from the C library's `environ` (the last
    /// of a repeated name wins, as with `ProcessInfo`): Foundation's copy costs a
    /// tenth of the instructions of `launches next` from the cache.
    static func processEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        var entry = environ
        while let variable = entry.pointee {
            if let equals = strchr(variable, 0x3D) {
                let name = String(decoding: UnsafeRawBufferPointer(start: variable, count: equals - variable), as: UTF8.self)
                environment[name] = String(cString: equals + 1)
            }
            entry += 1
        }
        return environment
    }

    /// Runs one command line and returns the exit status. Never throws and
    /// never traps on bad input: every error becomes one line on stderr.
    nonisolated(nonsending) static func run(arguments: [String], environment: [String: String], streams: OutputStreams) async -> Int32 {
        await run(arguments: arguments, environment: environment, streams: streams, root: SpaceDash.self)
    }

    /// Runs a command line against any command tree (tests use their own).
    /// - Parameter usesCache: false for the demo's runs, which never touch the user's cache.
    nonisolated(nonsending) static func run(arguments: [String], environment: [String: String], streams: OutputStreams,
                    root: any Command.Type, usesCache: Bool = true) async -> Int32 {
        Services.registerSecrets(from: environment)
        let code = await execute(arguments: arguments, environment: environment, streams: streams, root: root, usesCache: usesCache)
        do {
            try streams.stdout.flush()
        } catch .closed {
            return code.rawValue
        } catch {
            return report(CommandError("cannot write to standard output: \(error)"), streams: streams).rawValue
        }
        return code.rawValue
    }

    nonisolated(nonsending) private static func execute(arguments: [String], environment: [String: String], streams: OutputStreams,
                                root: any Command.Type, usesCache: Bool) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try CommandLineParser.parse(arguments, root: root)
        } catch {
            return reportUsage(error, root: root, streams: streams)
        }
        // Built only when needed: --version needs none of it (locale, time zone, width).
        func context(_ arguments: ParsedArguments? = nil, clock: @escaping @Sendable () -> Date = { Date() },
                     settings: Settings = .none) -> CommandContext {
            var context = CommandContext(streams: streams, environment: environment,
                                         colorMode: arguments?[GlobalOptions.color] ?? invocation.colorMode,
                                         commandPath: invocation.commandPath, clock: clock, utc: OutputOptions(arguments ?? invocation.arguments).utc)
            context.usesCache = usesCache
            context.settings = settings
            return context
        }
        do {
            switch invocation.action {
            case .help:
                try streams.stdout.write(HelpFormatter.help(for: invocation.helpTarget, mode: context().styleMode))
                return .success
            case .version:
                try streams.stdout.writeLine(versionLine)
                return .success
            case .run:
                // A malformed SPACEDASH_NOW stops a run, not help or --version.
                let clock = try CommandContext.clock(environment: environment)
                // The config file and the settings' variables, read once, before the
                // command is built: a broken file stops it before any request.
                var arguments = invocation.arguments
                var settings = Settings.none
                if invocation.commands.last!.configuration.readsConfigFile {
                    settings = try Settings.load(environment: environment, ignoringFile: arguments[GlobalOptions.noConfig], root: root)
                    arguments.applySettings(try settings.values(for: invocation.commands))
                }
                let command = try invocation.commands.last!.init(arguments)
                return try await command.run(context(arguments, clock: clock, settings: settings))
            }
        } catch let error as UsageError {
            var located = error
            if located.commandPath == nil { located.commandPath = invocation.commandPath }
            return reportUsage(located, root: root, streams: streams)
        } catch OutputError.closed {
            // The reader went away (`spacedash … | head -1`): nothing to say.
            return .success
        } catch is CancellationError {
            return .interrupted
        } catch {
            return report(error, streams: streams)
        }
    }

    /// One line naming the problem, then the usage line; exit 64.
    static func reportUsage(_ error: UsageError, root: any Command.Type, streams: OutputStreams) -> ExitCode {
        let chain = commandChain(for: error.commandPath ?? [], root: root)
        try? streams.stderr.write("spacedash: \(oneLine(error.description))\nUsage: \(HelpFormatter.shortUsage(for: chain))\n")
        return .usage
    }

    static func report(_ error: any Error, streams: OutputStreams) -> ExitCode {
        let (message, code): (String, ExitCode) = switch error {
        case let error as CommandError: (error.message, error.exitCode)
        case let failure as ServiceFailure: (failure.commandError.message, failure.commandError.exitCode)
        case let error as OutputError: ("cannot write to standard output: \(error)", .failure)
        case let error as LocalizedError where error.errorDescription != nil: (error.errorDescription!, .failure)
        default: (String(describing: error), .failure)
        }
        try? streams.stderr.writeLine("spacedash: \(oneLine(message))")
        return code
    }

    /// The commands named by a path, starting at the root (unknown names end it).
    static func commandChain(for path: [String], root: any Command.Type = SpaceDash.self) -> [any Command.Type] {
        var chain: [any Command.Type] = [root]
        for name in path {
            guard let next = chain.last!.configuration.subcommand(named: name) else { break }
            chain.append(next)
        }
        return chain
    }

    /// Errors quote servers and user input: one line, without control characters.
    private static func oneLine(_ text: String) -> String {
        TerminalSanitizer.clean(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
    }
}
