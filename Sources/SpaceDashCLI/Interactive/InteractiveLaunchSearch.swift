import Foundation
import HTTP
import SpaceData
import Streams
import Synchronization

/// `launches search -i`: the full-screen search as you type; the query words
/// start it, the filters and --limit narrow the launches it searches. Launches
/// stream in: cached or bundled ones at once, live ones when they come
/// (`--strict` waits for live ones before the screen opens). The chain's notices
/// go to stderr once the terminal is given back; Enter prints the chosen launch.
struct InteractiveLaunchSearch: Sendable {
    var selection: LaunchSelection
    /// Milliseconds after the last key before searching.
    var debounce = Self.defaultDebounce

    /// fzf-like: long enough that typing a word runs one search, short enough to feel immediate.
    static let defaultDebounce = 300

    func run(_ context: CommandContext) async throws -> ExitCode {
        if let problem = LaunchSearchRunner.unavailability(environment: context.environment) {
            throw CommandError(problem, exitCode: .usage)
        }
        let output = selection.output
        let held = HeldLines()
        let settled = SettledAnswer()
        let outcome = try await runScreen(context, held: held, settled: settled)
        for line in held.lines { output.notice(line, in: context) }
        if let sourced = settled.value {
            for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
            if selection.fetch.verbose { context.notice(OriginText.launches(sourced, refreshAsked: selection.fetch.policy.refresh)) }
        }
        guard case .accepted(let launch) = outcome else { return .interrupted }
        try context.stdout.writeLine(output.json ? try LaunchJSONRenderer.render(launch) : LaunchTabSeparatedRenderer.line(launch))
        return .success
    }

    /// The search screen, until Enter or Esc. Lines for stderr go to `held`, the
    /// service's settled answer (for its notices) to `settled`.
    func runScreen(_ context: CommandContext, held: HeldLines, settled: SettledAnswer? = nil) async throws -> LaunchSearchRunner.Outcome {
        try await LaunchSearchRunner.run(initialQuery: selection.words.joined(separator: " "),
                                         data: try await data(context, held: held, settled: settled),
                                         debounce: .milliseconds(debounce), context: context)
    }

    /// `/` in the dashboard's live view: the search over the upcoming launches the
    /// watch loads (the cache it keeps answers, so no extra request), with no query.
    static func fromWatch(service: LaunchService, request: LaunchService.Request,
                          context: CommandContext) async throws -> LaunchSearchRunner.Outcome {
        let feed = LaunchSearchFeed(timeframe: .upcoming, filters: LaunchSearchQuery(words: []), limit: nil, now: { [clock = context.clock] in clock() })
        let data = feed.publisher(service.updates(request), indexing: indexingScheduler())
        return try await LaunchSearchRunner.run(initialQuery: "", data: data, debounce: .milliseconds(defaultDebounce),
                                                context: context)
    }

    private static func indexingScheduler() -> AnySchedulerOf<DispatchQueue> {
        DispatchQueue(label: "spacedash.index", qos: .userInitiated).eraseToAnyScheduler()
    }

    /// The launches the screen searches, as they come: prepared off the main queue,
    /// each delivery replacing the last.
    private func data(_ context: CommandContext, held: HeldLines, settled: SettledAnswer?) async throws -> AnyPublisher<LaunchSearchData, Never> {
        let feed = LaunchSearchFeed(timeframe: selection.timeframe, filters: selection.filters.query(), limit: selection.limit,
                                    now: { [clock = context.clock] in clock() })
        let indexing = Self.indexingScheduler()
        if let file = selection.file {
            let list = try LaunchFile.load(file, timeframe: selection.timeframe, verbose: selection.fetch.verbose, context) { held.hold($0) }
            return feed.publisher(file: LaunchFile.name(of: file), launches: list.launches, indexing: indexing)
        }
        let services = Services(context: context, fetch: selection.fetch, httpLog: HTTPLog { line in held.hold(line) })
        if selection.fetch.policy.strict {
            let loaded = try await selection.load(services, context)
            return Just(loaded.launches)
                .receive(on: indexing)
                .map { feed.data($0, source: .service(loaded.origin ?? .sample)) }
                .eraseToAnyPublisher()
        }
        let updates = try services.launches().updates(selection.serviceRequest)
            .handleEvents(receiveOutput: { update in if !update.isLoading { settled?.keep(update.sourced) } })
        return feed.publisher(updates, indexing: indexing)
    }
}

/// The service's last settled answer while the search screen was open, for the
/// notices written once it closes.
final class SettledAnswer: Sendable {
    private let sourced = Mutex<Sourced<LaunchList>?>(nil)

    func keep(_ value: Sourced<LaunchList>) { sourced.withLock { $0 = value } }
    var value: Sourced<LaunchList>? { sourced.withLock { $0 } }
}
