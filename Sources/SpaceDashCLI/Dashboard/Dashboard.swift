import Foundation
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
    var station: MarsStation = .curiosity
    /// `-q`: no notices on stderr, only errors.
    var quiet = false
    /// How many launches the panel shows (`--limit`).
    var limit = LaunchesPanel.count

    /// Where the two panels' data comes from; the demo and tests replace it.
    struct Sources {
        var marsWeather: AnyPublisher<Sourced<MarsPanelWeather>, ServiceFailure>
        var launches: AnyPublisher<Sourced<LaunchList>, ServiceFailure>

        /// The same services, cache and fallback chains as `mars-weather` and `launches`.
        init(_ services: Services, fetch: FetchOptions, station: MarsStation = .curiosity) throws(CommandError) {
            switch station {
            case .curiosity:
                marsWeather = try services.curiosity(timeout: fetch.timeout).weather(fetch.policy)
                    .map { $0.map(MarsPanelWeather.curiosity) }.eraseToAnyPublisher()
            case .insight:
                marsWeather = try services.insight(timeout: fetch.timeout).weather(fetch.policy)
                    .map { $0.map(MarsPanelWeather.insight) }.eraseToAnyPublisher()
            }
            launches = try services.launches()
                .launches(LaunchService.Request(timeframe: .upcoming, pages: 1, policy: fetch.policy, timeout: fetch.timeout))
        }

        init(marsWeather: AnyPublisher<InSightReport, ServiceFailure>, launches: AnyPublisher<Sourced<LaunchList>, ServiceFailure>) {
            self.marsWeather = marsWeather.map { $0.map(MarsPanelWeather.insight) }.eraseToAnyPublisher()
            self.launches = launches
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

        for (panel, notices) in [("mars-weather", data.marsWeather.sourced?.notices ?? []),
                                 ("launches", data.launches.sourced.map { LaunchNotices.notices($0, now: now) } ?? [])] {
            for notice in notices where !quiet { context.notice(notice.message, about: panel) }
        }
        if fetch.verbose, let launches = data.launches.sourced {
            context.notice(LaunchesSearchCommand.originLine(launches, refreshAsked: fetch.policy.refresh), about: "launches")
        }
        // --strict: a panel without live data fails the run, after what could be shown.
        if fetch.policy.strict {
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
        let launches = LaunchesPanel(dates: LaunchDateText(timeZone: context.timeZone, now: now), width: launchesWidth,
                                     style: context.styleMode, glyphs: glyphs, count: limit).lines(data.launches)
        return layout.lines(left: mars, right: launches)
    }
}
