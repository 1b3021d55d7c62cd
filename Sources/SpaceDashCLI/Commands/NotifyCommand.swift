import Foundation
import SpaceData
import Streams
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `spacedash notify`: tells before a launch (T-minus reminders) and when a
/// followed launch changes, in the foreground until interrupted, or once
/// (`--once`, for cron and systemd timers).
struct NotifyCommand: Command {
    static let once = Flag("once", help: "Check once, deliver what is due, and exit (for cron and systemd timers)")
    static let launches = RepeatedOption<String>(
        "launches", valueName: "QUERY",
        help: "Remind before the launches QUERY matches, in the search language of 'launches search' (starship, agency:nasa); repeat for more",
        example: "starship")
    static let before = Option<LeadTimes>(
        "before", valueName: "LEADS", default: .standard,
        help: "When the T-minus reminders come: lead times separated by commas (d, h, m, s)", example: "1d,1h,10m")
    static let exec = RepeatedOption<String>(
        "exec", valueName: "PROGRAM",
        help: "Run PROGRAM for each alert, with SPACEDASH_EVENT, SPACEDASH_LAUNCH_ID, SPACEDASH_LAUNCH_NAME, SPACEDASH_NET, SPACEDASH_STATUS, SPACEDASH_WEBCAST and SPACEDASH_MESSAGE in its environment and the message on its stdin (never through a shell); given again, each further word is an argument of PROGRAM, as [notify] exec = [\"program\", \"arg\"] gives them",
        example: "~/bin/ntfy-launch")
    static let dryRun = Flag("dry-run", help: "List what would be delivered in the next 7 days, and when, without delivering or recording anything")
    static let systemd = Flag("systemd", help: "Print a systemd user service and timer running 'notify --once' every 5 minutes, as a script that installs them (| sh)")

    static let configuration = CommandConfiguration(
        name: "notify",
        abstract: "Launch reminders, and alerts when a followed launch changes.",
        discussion: """
            Watches the launches --launches selects and those followed ('launches follow'), and \
            tells: a reminder at each lead time of --before (a launch on hold, TBD or known only \
            to the day gets none until its time is set again), and for followed launches every \
            change: NET moved, status, window, webcast live. A reminder sent for a NET that moves \
            is followed by one 'postponed' notice, and the reminders re-arm. An alert missed while \
            the machine slept comes late with the true countdown, never after the launch.

            Alerts go to notify-send when it is on PATH, to --exec's program, and without either \
            as a line on stdout; --json prints each as one JSON object a line. Without --once it \
            runs until interrupted (Ctrl-C exits 130, SIGTERM 0), sleeping until the next alert \
            or poll. What was sent is kept in $XDG_STATE_HOME/spacedash/notify.json (else \
            ~/.local/state/spacedash/), so no alert goes out twice, however many runs overlap.

            Launches come through the cache like every command (Launch Library allows 15 requests \
            an hour); notify adds a fresh request shortly before a reminder, within its share.
            """,
        arguments: [once, launches, before, exec, dryRun, systemd],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash notify --launches starship", "Reminders a day, an hour and 10 minutes before each Starship launch."),
            Example("spacedash notify --once --launches 'agency:nasa' --before 2h", "One check, for a timer: NASA's launches, two hours ahead."),
            Example("spacedash notify --exec ~/bin/ntfy-launch", "Each alert to a program of yours (its data in SPACEDASH_ variables)."),
            Example("spacedash notify --dry-run", "What the next 7 days would bring, without sending anything."),
            Example("spacedash notify --systemd --launches starship | sh", "Install a systemd timer running 'notify --once' every 5 minutes."),
        ])

    let isOnce: Bool
    let isDryRun: Bool
    let queries: [LaunchSearchQuery]
    let leads: LeadTimes
    /// `--exec`'s program and its arguments.
    let hook: [String]
    let output: OutputOptions
    let fetch: FetchOptions
    /// `--systemd`: what the timer's `notify --once` is to be given (--exec aside).
    let systemdArguments: [String]?

    init(_ arguments: ParsedArguments) throws {
        isOnce = arguments[Self.once]
        isDryRun = arguments[Self.dryRun]
        queries = arguments[Self.launches].map { LaunchSearchQuery(words: [$0]) }
        leads = arguments[Self.before]
        hook = arguments[Self.exec]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        for query in queries { if let unknown = query.unknownQualifierError { throw unknown } }
        if leads.seconds.isEmpty { throw UsageError("--before needs at least one lead time", hint: "--before 1h") }
        if isDryRun && !hook.isEmpty { throw UsageError("--dry-run runs no program: drop --exec or --dry-run") }
        if arguments[Self.systemd] {
            if isOnce || isDryRun || output.json { throw UsageError("--systemd prints the units and runs nothing: drop --once, --dry-run and --json") }
            var carried = arguments[Self.launches].flatMap { ["--launches", $0] }
            if arguments.contains(Self.before) { carried += ["--before", leads.argumentDescription ?? ""] }
            systemdArguments = carried
        } else {
            systemdArguments = nil
        }
    }

    /// `--once` runs on the calling thread until it first waits (`Command`'s note): a
    /// timer's run from a fresh cache, with nothing due, starts no thread.
    nonisolated(nonsending) func run(_ context: CommandContext) async throws -> ExitCode {
        if let systemdArguments { return try printSystemdUnits(systemdArguments, context) }
        let stateFile = try NotifyStateFile(context)
        let hookProgram = try hookProgram(context)
        let delivery = AlertDelivery(desktop: ProgramLauncher.resolve("notify-send", searchPath: context.environment["PATH"]),
                                     hook: hookProgram, json: output.json, environment: context.environment)
        if isDryRun { return try await preview(context, stateFile: stateFile) }
        if isOnce {
            let check = try makeCheck(context, stateFile: stateFile, delivery: delivery, clock: context.clock, inline: true)
            let outcome = try await check.run(at: context.now, context: context)
            for notice in outcome.notices { output.notice(notice, in: context) }
            return .success
        }
        return try await runUntilStopped(context, stateFile: stateFile, delivery: delivery)
    }

    /// `--exec`'s program found, with its arguments; nil without --exec.
    private func hookProgram(_ context: CommandContext) throws(CommandError) -> AlertDelivery.Hook? {
        guard let name = hook.first else { return nil }
        guard let path = ProgramLauncher.resolve(name, searchPath: context.environment["PATH"]) else {
            throw CommandError("--exec \(name): no such program (give its path, or a program on PATH)", exitCode: .usage)
        }
        return AlertDelivery.Hook(path: path, name: name, arguments: Array(hook.dropFirst()))
    }

    private func printSystemdUnits(_ arguments: [String], _ context: CommandContext) throws -> ExitCode {
        // The timer runs this very binary, wherever it was started from.
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "spacedash"
        var carried = arguments
        if let hook = try hookProgram(context) {
            // The unit runs elsewhere, with another PATH: the program by its absolute path.
            carried += ([CacheStore.absolutePath(hook.path)] + hook.arguments).flatMap { ["--exec", $0] }
        }
        try context.stdout.write(SystemdUnits.script(executable: executable, arguments: carried))
        return .success
    }

    /// - Parameter inline: answers delivered where they are made (`Services`' `deliversInline`).
    private func makeCheck(_ context: CommandContext, stateFile: NotifyStateFile, delivery: AlertDelivery,
                           clock: @escaping @Sendable () -> Date, inline: Bool = false) throws -> NotifyCheck {
        let counter = RequestCounter()
        let services = Services(context: context, fetch: fetch, willRequest: { counter.add() }, deliversInline: inline, clock: clock)
        return NotifyCheck(service: try services.launches(),
                           request: LaunchService.Request(timeframe: .upcoming, policy: fetch.policy, timeout: fetch.timeout),
                           stateFile: stateFile, queries: queries, leads: leads, delivery: delivery,
                           requestsMade: { counter.count })
    }

    private func preview(_ context: CommandContext, stateFile: NotifyStateFile) async throws -> ExitCode {
        let check = try makeCheck(context, stateFile: stateFile, delivery: AlertDelivery(json: output.json, environment: [:]), clock: context.clock)
        let (alerts, notices) = try await check.preview(from: context.now, horizon: 7 * 86_400, context: context)
        for notice in notices { output.notice(notice, in: context) }
        let dates = LaunchDateText(zone: context.displayTimeZone, now: context.now)
        for alert in alerts {
            if output.json {
                try context.stdout.writeLine(try alert.jsonLine())
            } else {
                // A reminder missed before now would go out now.
                try context.stdout.writeLine(dates.time(max(alert.due, context.now)) + "  " + AlertDelivery.clean(alert.message))
            }
        }
        if alerts.isEmpty && !output.json { output.notice("nothing due in the next 7 days", in: context) }
        return .success
    }

    /// The foreground run: checks on `NotifyLoop`'s schedule until SIGINT (130) or SIGTERM (0).
    private func runUntilStopped(_ context: CommandContext, stateFile: NotifyStateFile, delivery: AlertDelivery) async throws -> ExitCode {
        let queue = DispatchQueue(label: "spacedash.notify")
        let scheduler = queue.eraseToAnyScheduler()
        // SPACEDASH_NOW starts a moving clock there; else the wall clock, which
        // (unlike the queue's timers) keeps time while the machine sleeps.
        let clock: @Sendable () -> Date
        if context.environment[CommandContext.nowVariable].map({ !$0.isEmpty }) ?? false {
            let watchClock = WatchClock(startDate: context.now, scheduler: scheduler)
            clock = { watchClock.now }
        } else {
            clock = { Date() }
        }
        let check = try makeCheck(context, stateFile: stateFile, delivery: delivery, clock: clock)
        let service = check.service
        let loop = NotifyLoop(clock: clock, scheduler: scheduler, retryAllowedAt: { service.retryAllowedAt }) { now in
            TaskPublisher { () async throws -> NotifyCheck.Outcome in try await check.run(at: now, context: context) }.eraseToAnyPublisher()
        }
        let ending = NotifyEnding()
        let spoken = Mutex<[String]>([])
        loop.checked = { outcome in
            // A notice said at the last check is not said again every 15 minutes.
            let fresh = spoken.withLock { said in
                defer { said = outcome.notices }
                return outcome.notices.filter { !said.contains($0) }
            }
            for notice in fresh { output.notice(notice, in: context) }
        }
        loop.failed = { error in ending.finish(.failed(error)) }
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { ending.finish(.signal(number)) }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        loop.start()
        let reason = await ending.wait()
        loop.stop()
        switch reason {
        case .signal(SIGINT):
            context.notice("interrupted; stopped notifying")
            return .interrupted
        case .signal:
            context.notice("terminated; stopped notifying")
            return .success
        case .failed(let error):
            throw error
        }
    }
}

/// Counts the requests a run's HTTP layer starts.
final class RequestCounter: Sendable {
    private let made = Atomic<Int>(0)
    func add() { made.add(1, ordering: .relaxed) }
    var count: Int { made.load(ordering: .relaxed) }
}

/// Why the foreground `notify` ends: the first of a signal or a failed check.
final class NotifyEnding: Sendable {
    enum Reason: Sendable {
        case signal(Int32)
        case failed(any Error)
    }

    private let state = Mutex<(reason: Reason?, waiter: CheckedContinuation<Reason, Never>?)>((nil, nil))

    func finish(_ reason: Reason) {
        let waiter = state.withLock { state -> CheckedContinuation<Reason, Never>? in
            guard state.reason == nil else { return nil }
            state.reason = reason
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: reason)
    }

    func wait() async -> Reason {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Reason? in
                if let reason = state.reason { return reason }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
