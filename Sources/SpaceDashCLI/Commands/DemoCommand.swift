#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SpaceData
import Streams
import Synchronization
import Terminal

/// `spacedash demo`: an offline tour. The bundled fixtures go through the
/// real services on a scripted HTTP layer (`DemoFixtures`), are shown with
/// the `mars-weather` and `launches` renderers, and then a scripted search
/// session types into the interactive search's view model
/// (`DemoSearchSession`), on the real clock or, with `--fast`, virtual time.
struct DemoCommand: Command {
    static let fast = Flag("fast", help: "Run the search script on virtual time: the same output, at once")
    /// Beyond these the script stops making sense: far faster and the 10 ms the
    /// search takes outlasts the scaled debounce (nothing saved); far slower and
    /// one key takes minutes.
    static let speedRange: ClosedRange<Double> = 0.1...10
    static let speed = Option<Double>(
        "speed", valueName: "X", default: 1,
        help: "Scale the search script's clock: 2 runs twice as fast, 0.5 half as fast (0.1 to 10)",
        check: ValueCheck { DemoCommand.speedRange.contains($0) ? nil : "must be a number from 0.1 to 10, e.g. 2 or 0.5" })

    static let configuration = CommandConfiguration(
        name: "demo",
        abstract: "An offline tour, ending in a scripted search as you type.",
        discussion: """
            Everything comes from the data bundled in the binary: the HTTP layer is replaced by a \
            scripted one that answers with it, so no network connection is opened and no cache is \
            read or written, while the real services, decoders and renderers run.

            It shows Curiosity's latest Mars weather, InSight's archived weather with its chart, and \
            Launch Library 2's listing of 20 July 2026 as of that day (its clock stands where \
            SPACEDASH_NOW=2026-07-20T14:38:00Z would set it). Then it types "apollo" one key every 80 ms \
            into the interactive search's own view model (the pipeline behind 'launches search --past \
            -i'), searching GCAT's history of every orbital launch since 1957 (Source: GCAT, J. McDowell, \
            planet4589.org/space/gcat): the prompt echoes each key, and the results come once, 300 ms \
            after the last key. It then refines the query, clears it, types "vostok", and ends with \
            what the debounce saved, counted by the view model.
            """,
        arguments: [fast, speed],
        examples: [
            Example("spacedash demo", "The tour, the search on the real clock (about 4 seconds)."),
            Example("spacedash demo --speed 0.5", "The search at half speed, to watch the debounce."),
            Example("spacedash demo --fast", "The same script on virtual time: all of it at once."),
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
        let fixtures = DemoFixtures()
        let loaded = try await fixtures.load()
        let launchNotices = LaunchNotices.notices(loaded.launches, now: fixtures.now)
        for notice in loaded.curiosity.notices + loaded.weather.notices + launchNotices { context.notice(notice.message) }
        let page = DemoPage(context: context, now: fixtures.now, fast: fast)

        try page.write(page.introduction)
        try page.write([""] + page.curiosityWeather(loaded.curiosity))
        try page.write([""] + page.marsWeather(loaded.weather))
        try page.write([""] + page.launches(loaded.launches))

        // The search runs over the bundled history (GCAT's orbital launches), as
        // `launches search --past --offline -i` does.
        let data = LaunchSearchData(catalog: LaunchCatalog(launches: LaunchHistory.launches, timeframe: .past), origin: .sample)
        let timing = DemoSearchTiming.standard.scaled(by: fast ? 1 : speed)
        try page.write([""] + page.searchIntroduction(timing: timing))
        let summaries = fast
            ? try Self.runOnVirtualTime(data, timing: timing, page: page)
            : try await Self.runOnRealClock(data, timing: timing, page: page)
        let withoutDebounce = try Self.searchesWithoutDebounce(data, timing: timing)
        try page.write([""] + page.savings(summaries, searchesWithoutDebounce: withoutDebounce))
        return .success
    }

    /// The same script through a view model with no debounce, on virtual time
    /// and silently: the searches the debounce saved are measured, not assumed.
    static func searchesWithoutDebounce(_ data: LaunchSearchData, timing: DemoSearchTiming) throws -> Int {
        var undebounced = timing
        undebounced.debounce = .zero
        let clock = DispatchQueue.test
        let outcome = Mutex<Result<[DemoSearchPhaseSummary], any Error>?>(nil)
        let session = DemoSearchSession(data: data, timing: undebounced, scheduler: clock.eraseToAnyScheduler(),
                                        searchScheduler: clock.eraseToAnyScheduler(), onEvent: { _ in })
        session.start { result in outcome.withLock { $0 = result } }
        clock.run()
        guard let result = outcome.withLock({ $0 }) else { throw CommandError("the search demo stopped before its end") }
        return try result.get().map(\.searches).reduce(0, +)
    }

    /// The script on a `TestScheduler`: its clock jumps from one action to the next.
    static func runOnVirtualTime(_ data: LaunchSearchData, timing: DemoSearchTiming, page: DemoPage) throws -> [DemoSearchPhaseSummary] {
        let clock = DispatchQueue.test
        let outcome = Mutex<Result<[DemoSearchPhaseSummary], any Error>?>(nil)
        let session = DemoSearchSession(data: data, timing: timing, scheduler: clock.eraseToAnyScheduler(),
                                        searchScheduler: clock.eraseToAnyScheduler(), onEvent: page.writeEvent)
        session.start { result in outcome.withLock { $0 = result } }
        clock.run()
        guard let result = outcome.withLock({ $0 }) else { throw CommandError("the search demo stopped before its end") }
        return try result.get()
    }

    /// The script on dispatch queues and the real clock, as `launches search -i` runs.
    static func runOnRealClock(_ data: LaunchSearchData, timing: DemoSearchTiming, page: DemoPage) async throws -> [DemoSearchPhaseSummary] {
        let session = DemoSearchSession(
            data: data, timing: timing,
            scheduler: DispatchQueue(label: "spacedash.demo.session").eraseToAnyScheduler(),
            searchScheduler: DispatchQueue(label: "spacedash.demo.search", qos: .userInitiated).eraseToAnyScheduler(),
            onEvent: { event in
                try page.writeEvent(event)
                try page.context.stdout.flush()   // a line as it happens, even into a pipe
            })
        let summaries = try await withCheckedThrowingContinuation { continuation in
            session.start { continuation.resume(with: $0) }
        }
        withExtendedLifetime(session) {}
        return summaries
    }
}
