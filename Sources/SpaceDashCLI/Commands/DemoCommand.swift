#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal

/// `spacedash demo`: a tour of what to type. Each step shows a command line
/// and runs it through `SpaceDash.run` (the same parser, command and
/// renderers), offline from the bundled data on the bundled listing's clock
/// (`DemoTour`); it ends with the interactive search's own view model and view
/// typed into by a script (`DemoSearchSession`, `DemoSearchScene`), on the real
/// clock or, with `--fast`, virtual time.
struct DemoCommand: Command {
    static let fast = Flag("fast", help: "No waits: the typing at the end happens at once, with the same output",
                           config: .commandLineOnly)
    /// Beyond these the script stops making sense: far faster and the 10 ms the
    /// search takes outlasts the scaled pause; far slower and one key takes minutes.
    static let speedRange: ClosedRange<Double> = 0.1...10
    static let speed = Option<Double>(
        "speed", valueName: "X", default: 1,
        help: "Speed of the typing at the end: 2 twice as fast, 0.5 half as fast (0.1 to 10)",
        check: ValueCheck { DemoCommand.speedRange.contains($0) ? nil : "must be a number from 0.1 to 10, e.g. 2 or 0.5" })

    static let configuration = CommandConfiguration(
        name: "demo",
        abstract: "An offline tour of what to type, with real data.",
        discussion: """
            Each step shows a command as you would type it, then runs it, offline, from the real data \
            bundled in spacedash: Launch Library 2's listing of 20 July 2026 (the clock is set to when it was \
            published, as SPACEDASH_NOW=2026-07-20T14:38:00Z sets it, so its countdowns read the same on any \
            day), the history of every orbital launch since 1957 (Source: GCAT, J. McDowell, \
            planet4589.org/space/gcat), Curiosity's REMS weather and InSight's archive. No network \
            connection is opened, and your cache is neither read nor written.

            It shows the next launch, the launches ahead, search with "|", qualifiers and exclusions, one \
            launch in full, --json, --ics, the history with --past ("apollo 11", "vostok"), Mars weather \
            with a wind rose, and ends with the interactive search: "apollo" typed one key every 80 ms, \
            the list following 300 ms after the last key, then "vostok".
            """,
        arguments: [fast, speed],
        examples: [
            Example("spacedash demo", "The tour; the typing at the end takes about 4 seconds."),
            Example("spacedash demo --speed 0.5", "The typing at half speed, to watch the list wait for a pause."),
            Example("spacedash demo --fast", "The same tour at once."),
        ])

    let fast: Bool
    let speed: Double

    init(_ arguments: ParsedArguments) throws {
        fast = arguments[Self.fast]
        speed = arguments[Self.speed]
        if fast && arguments.contains(Self.speed) {
            throw UsageError("--fast and --speed cannot be combined", hint: "--fast runs on virtual time, which has no speed")
        }
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let page = DemoPage(context: context)
        try page.write(page.introduction)
        for section in DemoTour.sections {
            try page.write(page.sectionHeading(section))
            for step in section.steps {
                try page.write(page.commandLine(step))
                try context.stdout.write(try await DemoTour.output(of: step, context: context))
            }
        }

        // The search runs over the bundled history, as `launches search --past -i --offline` does.
        let data = LaunchSearchData(catalog: LaunchCatalog(launches: LaunchHistory.launches, timeframe: .past), origin: .sample)
        let timing = DemoSearchTiming.standard.scaled(by: fast ? 1 : speed)
        try page.write(page.searchIntroduction(timing: timing, fast: fast))
        try context.stdout.flush()
        // In place on a terminal that can move the cursor; else each screen once.
        let scene = DemoSearchScene(context: context, animated: !fast && context.stdout.isTerminal && context.environment["TERM"] != "dumb")
        let summaries = fast
            ? try Self.runOnVirtualTime(data, timing: timing, scene: scene)
            : try await Self.runOnRealClock(data, timing: timing, scene: scene)
        try page.write(page.closing(summaries))
        return .success
    }

    /// The script on a `TestScheduler`: its clock jumps from one action to the next.
    static func runOnVirtualTime(_ data: LaunchSearchData, timing: DemoSearchTiming, scene: DemoSearchScene) throws -> [DemoSearchPhaseSummary] {
        let clock = DispatchQueue.test
        let outcome = Mutex<Result<[DemoSearchPhaseSummary], any Error>?>(nil)
        let session = DemoSearchSession(data: data, timing: timing, scheduler: clock.eraseToAnyScheduler(),
                                        searchScheduler: clock.eraseToAnyScheduler(), onEvent: scene.handle)
        session.start { result in outcome.withLock { $0 = result } }
        clock.run()
        guard let result = outcome.withLock({ $0 }) else { throw CommandError("the search demo stopped before its end") }
        return try result.get()
    }

    /// The script on dispatch queues and the real clock, as `launches search -i` runs.
    static func runOnRealClock(_ data: LaunchSearchData, timing: DemoSearchTiming, scene: DemoSearchScene) async throws -> [DemoSearchPhaseSummary] {
        let session = DemoSearchSession(
            data: data, timing: timing,
            scheduler: DispatchQueue(label: "spacedash.demo.session").eraseToAnyScheduler(),
            searchScheduler: DispatchQueue(label: "spacedash.demo.search", qos: .userInitiated).eraseToAnyScheduler(),
            onEvent: scene.handle)
        let summaries = try await withCheckedThrowingContinuation { continuation in
            session.start { continuation.resume(with: $0) }
        }
        withExtendedLifetime(session) {}
        return summaries
    }
}
