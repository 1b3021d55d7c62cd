import Foundation
import HTTP
import SpaceData
import Streams
import Terminal

/// `spacedash` with no command: Mars weather and the next launches on one
/// screen, both fetched at once, each panel with its own fallback.
struct Dashboard: Sendable {
    var units: MarsWeatherUnits = .metric
    var json: Bool
    var fetch: FetchOptions
    /// Whose weather the panel shows: Curiosity unless InSight's archive is asked for.
    var station = StationOption.station.defaultValue
    /// `-q`: no notices on stderr, only errors.
    var quiet = false
    /// How many launches the panel shows (`--limit`).
    var limit = LaunchesPanel.count
    /// `--watch`: the live view (Sources/SpaceDashCLI/Watch), and how often it refreshes the launches.
    var watch = WatchOptions()

    /// Where the two panels' data comes from; the demo and tests replace it.
    struct Sources {
        var marsWeather: AnyPublisher<Sourced<MarsPanelWeather>, ServiceFailure>
        var launches: AnyPublisher<Sourced<LaunchList>, ServiceFailure>

        /// Publishers made elsewhere, InSight's weather for the weather panel (tests inject failures this way).
        init(marsWeather: AnyPublisher<Sourced<InSightFeed>, ServiceFailure>, launches: AnyPublisher<Sourced<LaunchList>, ServiceFailure>) {
            self.marsWeather = marsWeather.map { $0.map(MarsPanelWeather.insight) }.eraseToAnyPublisher()
            self.launches = launches
        }

        /// The same services, cache and fallback chains as `mars-weather` and `launches`.
        init(_ services: Services, fetch: FetchOptions, station: MarsStation = StationOption.station.defaultValue) throws(CommandError) {
            marsWeather = try Self.marsWeather(services, timeout: fetch.timeout, station: station)(fetch.policy)
            launches = try services.launches()
                .launches(LaunchService.Request(timeframe: .upcoming, pages: 1, policy: fetch.policy, timeout: fetch.timeout))
        }

        /// The weather panel's source for a policy: `--watch` asks again with `refresh` set.
        static func marsWeather(_ services: Services, timeout: TimeInterval, station: MarsStation)
            throws(CommandError) -> @Sendable (FetchPolicy) -> AnyPublisher<Sourced<MarsPanelWeather>, ServiceFailure> {
            switch station {
            case .curiosity:
                let service = try services.curiosity(timeout: timeout)
                return { policy in service.weather(policy).map { $0.map(MarsPanelWeather.curiosity) }.eraseToAnyPublisher() }
            case .insight:
                let service = try services.insight(timeout: timeout)
                return { policy in service.weather(policy).map { $0.map(MarsPanelWeather.insight) }.eraseToAnyPublisher() }
            }
        }
    }

    /// Loads both panels at once and shows them. A panel without data shows
    /// why; the run fails only when neither has any.
    func run(_ context: CommandContext, sources: Sources, width: Int) async throws -> ExitCode {
        let now = context.now
        let glyphs = context.glyphs
        let spinner = context.showsProgress && !json
            ? ProgressSpinner(output: context.stderr, message: "Fetching Mars weather and launches" + glyphs.ellipsis,
                              unicode: glyphs.isUnicode, erasingOnInterruptOf: context.stderr.fileDescriptor)
            : nil
        spinner?.start(on: DispatchQueue(label: "spacedash.spinner").eraseToAnyScheduler())
        let combined = DashboardData.combining(marsWeather: sources.marsWeather, launches: sources.launches)
        var received: DashboardData?
        for await data in combined.values {
            received = data
            break
        }
        spinner?.stop()
        guard let data = received else { throw CancellationError() }

        // On a terminal the panels say where their data came from and why; stderr would
        // say it all again above them. Into a pipe or a file, stderr is where a person reads it.
        let panelsSayIt = !json && context.stdout.isTerminal
        for (panel, notices) in [("mars-weather", data.marsWeather.sourced?.notices ?? []),
                                 ("launches", data.launches.sourced.map { LaunchNotices.notices($0, now: now) } ?? [])] {
            for notice in notices where !quiet && !panelsSayIt { context.notice(notice.message, about: panel) }
        }
        if fetch.verbose, let launches = data.launches.sourced {
            context.notice(OriginText.launches(launches, refreshAsked: fetch.policy.refresh), about: "launches")
        }
        // --strict: a panel without live data fails the run, after what could be shown.
        // When both failed, the run's one error says both.
        if fetch.policy.strict, data.marsWeather.failure == nil || data.launches.failure == nil {
            for (panel, failure) in [("mars-weather", data.marsWeather.failure), ("launches", data.launches.failure)] {
                if let failure { context.notice(failure, about: panel) }
            }
        }
        if json {
            try context.stdout.writeLine(DashboardJSON.render(data, units: units, now: now, limit: limit))
        } else {
            try context.stdout.write(render(data, context: context, now: now, width: width).joined(separator: "\n") + "\n")
        }
        switch (data.marsWeather, data.launches) {
        case (.failed(let mars), .failed(let launches)):
            throw CommandError("no data to show: \(mars); \(launches)", exitCode: fetch.policy.strict ? .unavailable : .failure)
        case (.failed, _), (_, .failed):
            return fetch.policy.strict ? .unavailable : .success
        default:
            return .success
        }
    }

    /// The screen: the panels beside each other or stacked, by `width`.
    func render(_ data: DashboardData, context: CommandContext, now: Date, width: Int) -> [String] {
        let layout = DashboardLayout(width: width)
        let glyphs = context.glyphs
        var marsPanel = MarsPanel(units: units, glyphs: glyphs, style: context.styleMode, now: now, width: width)
        // Side by side, the weather panel is as wide as its content, its long source line
        // wrapped beneath it, so that the launch names get the rest of the screen.
        var measured = marsPanel
        measured.showsSource = false
        let contentWidth = measured.lines(panel: data.marsWeather).map(DashboardLayout.visibleWidth).max() ?? 0
        if layout.isSideBySide(leftWidth: contentWidth) { marsPanel.width = contentWidth }
        let mars = marsPanel.lines(panel: data.marsWeather)
        let marsWidth = mars.map(DashboardLayout.visibleWidth).max() ?? 0
        let launchesWidth = layout.isSideBySide(leftWidth: marsWidth) ? layout.rightWidth(besideLeftWidth: marsWidth) : width
        let launches = LaunchesPanel(dates: LaunchDateText(zone: context.displayTimeZone, now: now), width: launchesWidth,
                                     style: context.styleMode, glyphs: glyphs, count: limit).lines(data.launches)
        return layout.lines(left: mars, right: launches)
    }
}

extension Dashboard {
    /// `--watch`: both panels live on the terminal (Sources/SpaceDashCLI/Watch); `/` opens
    /// the interactive search over the launches and comes back. Request lines (--verbose) wait for the
    /// screen's end, as with `launches --watch`.
    func runWatch(_ context: CommandContext) async throws -> ExitCode {
        if let problem = WatchRunner.unavailability(environment: context.environment, stdoutIsTerminal: context.stdout.isTerminal,
                                                    shown: "the dashboard") {
            throw CommandError(problem, exitCode: .usage)
        }
        let held = HeldLines()
        let services = Services(context: context, fetch: fetch, httpLog: HTTPLog { line in held.hold(line) })
        let launchService = try services.launches()
        let weather = try Sources.marsWeather(services, timeout: fetch.timeout, station: station)
        let policy = fetch.policy
        let request = LaunchService.Request(timeframe: .upcoming, pages: 1, policy: policy, timeout: fetch.timeout)
        let launches = LaunchWatchViewModel.live(service: launchService, request: request, limit: limit,
                                                 interval: watch.refreshInterval, startDate: context.now)
        // The weather too: a scheduled refresh asks again even while the cache is fresh.
        let model = DashboardWatchViewModel(launches: launches, weather: { ask in
            var asked = policy
            if ask && !policy.offline { asked.refresh = true }
            return weather(asked)
        })
        var view = DashboardWatchView(launches: LaunchWatchView(timeZone: context.timeZone), units: units)
        view.launches.glyphs = context.glyphs
        let outcome = try await WatchRunner.watch(model: model, view: view, clock: launches.clock, context: context) {
            try await InteractiveLaunchSearch.fromWatch(service: launchService, request: request, context: context)
        }
        await MainActor.run { model.stop() }
        for line in held.lines { context.notice(line) }
        return outcome == .quit ? .success : .interrupted
    }
}
