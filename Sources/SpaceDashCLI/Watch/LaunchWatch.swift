import Foundation
import HTTP
import SpaceData
import Streams

/// `launches search --watch`: the live screen over the launches the query
/// selects; `/` opens the search as you type and comes back. Request lines
/// (--verbose) wait for the screen's end, as with -i.
struct LaunchWatch: Sendable {
    var selection: LaunchSelection
    var watch: WatchOptions
    /// What `/` opens.
    var search: InteractiveLaunchSearch

    func run(_ context: CommandContext) async throws -> ExitCode {
        if let problem = WatchRunner.unavailability(environment: context.environment, stdoutIsTerminal: context.stdout.isTerminal,
                                                    shown: "the launches") {
            throw CommandError(problem, exitCode: .usage)
        }
        let held = HeldLines()
        let service = try Services(context: context, fetch: selection.fetch, httpLog: HTTPLog { line in held.hold(line) }).launches()
        let filter = selection.query.searchQuery
        let model = LaunchWatchViewModel.live(
            service: service, request: selection.serviceRequest,
            select: { launches in Array(LaunchCatalog(launches: launches, timeframe: .upcoming, filter: filter).selected) },
            limit: selection.limit, interval: watch.refreshInterval, startDate: context.now)
        var view = LaunchWatchView(timeZone: context.timeZone)
        view.glyphs = context.glyphs
        let outcome = try await WatchRunner.watch(model: model, view: view, clock: model.clock, context: context) {
            try await search.runScreen(context, held: held)
        }
        await MainActor.run { model.stop() }
        for line in held.lines { selection.output.notice(line, in: context) }
        return outcome == .quit ? .success : .interrupted
    }
}

extension LaunchWatchViewModel {
    /// The watch over a service's launches, as `launches --watch` and the dashboard
    /// run it, on the main queue: a scheduled refresh asks Launch Library even while
    /// the cache is fresh, and keeps to its limit and its Retry-After (offline
    /// nothing is asked, so neither holds a refresh back).
    static func live(service: LaunchService, request: LaunchService.Request,
                     select: @escaping @Sendable ([Launch]) -> [Launch] = { $0 }, limit: Int?,
                     interval: TimeInterval, startDate: Date) -> LaunchWatchViewModel {
        let offline = request.policy.offline
        return LaunchWatchViewModel(
            load: { ask in
                var request = request
                if ask && !offline { request.policy.refresh = true }
                return service.launches(request)
            },
            retryAllowedAt: { offline ? nil : service.retryAllowedAt },
            select: select,
            limit: limit,
            interval: interval,
            minimumSpacing: minimumSpacing(pages: request.pages, offline: offline),
            startDate: startDate,
            scheduler: DispatchQueue.main.eraseToAnyScheduler())
    }
}
