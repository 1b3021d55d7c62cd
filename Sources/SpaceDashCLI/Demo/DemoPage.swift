import Foundation
import SpaceData
import Terminal

/// The demo's text: sections written with the commands' own renderers.
struct DemoPage: Sendable {
    let context: CommandContext
    let now: Date
    let fast: Bool
    let glyphs: Glyphs
    let width: Int
    /// How many launches the launches section and a result list show.
    static let launchRows = 10
    static let resultRows = 5
    static let resultIndent = 11

    init(context: CommandContext, now: Date, fast: Bool) {
        self.context = context
        self.now = now
        self.fast = fast
        glyphs = context.glyphs
        width = context.layoutWidth
    }

    func write(_ lines: [String]) throws {
        try context.stdout.write(lines.map { $0 + "\n" }.joined())
    }

    func heading(_ text: String) -> String {
        context.styled(glyphs.fit(text), .bold)
    }

    var introduction: [String] {
        [heading("spacedash demo"),
         glyphs.fit("Offline: fixture data bundled in the binary, served by a scripted HTTP layer (no network, no cache).")]
    }

    // MARK: Mars weather

    /// Curiosity's latest sols, as `mars-weather` shows them, with their age on the demo's date.
    func curiosityWeather(_ report: Sourced<CuriosityFeed>) -> [String] {
        let feed = report.value
        guard let latest = feed.latest else { return [] }
        var lines = [heading("Mars weather \(glyphs.separator) Curiosity (REMS), Gale crater"), ""]
        lines.append(CuriosityWeatherText.headline(latest, glyphs: glyphs))
        lines.append(CuriosityWeatherText.staleness(latest, now: now))
        lines.append("")
        lines += CuriosityWeatherTable(units: .metric, glyphs: glyphs, style: context.styleMode).lines(feed.recent(7), width: nil)
        lines += ["", CuriosityWeatherText.noWindOrHumidity]
        lines += ["", "Source: \(CuriositySample.summary), bundled with spacedash"]
        return lines.map(glyphs.fit)
    }

    func marsWeather(_ report: InSightReport) -> [String] {
        let sols = report.value.sols
        var lines = [heading("Mars weather archive \(glyphs.separator) NASA InSight, Elysium Planitia (stopped reporting in 2022)"), ""]
        lines += MarsWeatherTable(units: .metric, glyphs: glyphs, style: context.styleMode).lines(sols)
        let chart = TemperatureChart(units: .metric, glyphs: glyphs, style: context.styleMode).lines(sols)
        if !chart.isEmpty { lines += [""] + chart }
        lines += ["", "Source: \(InSightSample.summary), bundled with spacedash"]
        return lines.map(glyphs.fit)
    }

    // MARK: Launches

    var dates: LaunchDateText { LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: now) }

    func launches(_ sourced: Sourced<LaunchList>) -> [String] {
        let ordered = LaunchCatalog.ordered(sourced.value.launches, .upcoming)
        let shown = ordered.prefix(Self.launchRows).map { LaunchRow($0) }
        var lines = [heading("Upcoming launches \(glyphs.separator) Launch Library 2"), ""]
        lines += LaunchTableRenderer(dates: dates, width: width, mode: context.styleMode, showsCountdown: true,
                                     ellipsis: glyphs.ellipsis).render(Array(shown))
        if ordered.count > shown.count { lines.append(glyphs.fit("… and \(ordered.count - shown.count) more")) }
        let iso = LaunchLibraryDate.string(from: now)
        let asOf = iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: ":00Z", with: " UTC")
        lines += ["", glyphs.fit("Source: \(BundledLaunchListing.summary), bundled with spacedash."),
                  glyphs.fit("The demo's clock stands at \(asOf), when it was listed, as SPACEDASH_NOW=\(iso) sets it;"),
                  glyphs.fit("on your own clock, launches whose time has passed are left out, and a line says how many.")]
        return lines
    }

    // MARK: The search

    func searchIntroduction(timing: DemoSearchTiming) -> [String] {
        let key = DemoSearchSession.milliseconds(timing.keyInterval)
        let debounce = DemoSearchSession.milliseconds(timing.debounce)
        let clock = fast ? "on virtual time (--fast)" : "on the real clock"
        return [
            heading("Search as you type \(glyphs.separator) every orbital launch since 1957"),
            glyphs.fit("The interactive search's view model (launches search --past -i), \(clock): one key every \(key) ms;"),
            glyphs.fit("a search starts once no key has come for \(debounce) ms."),
            glyphs.fit("It searches the \(LaunchHistory.launches.count) launches of GCAT's launch log, 4 October 1957 to 24 July 2023, bundled with spacedash."),
            glyphs.fit(LaunchHistory.credit),
        ]
    }

    func time(_ duration: Duration) -> String {
        DisplayWidth.pad("\(DemoSearchSession.milliseconds(duration)) ms", toWidth: Self.resultIndent - 2, alignment: .right)
    }

    /// One event as it happens (the session's handler).
    @Sendable func writeEvent(_ event: DemoSearchEvent) throws {
        try write(lines(for: event))
    }

    /// The interactive search's own view draws the prompt, the status line
    /// and the result rows, as `launches search -i` shows them.
    func lines(for event: DemoSearchEvent) -> [String] {
        var view = LaunchSearchView()
        view.showsDetails = false
        view.glyphs = glyphs
        let columns = max(20, width - Self.resultIndent)
        switch event {
        case .ready, .phaseFinished:
            return []
        case .phaseStarted(let index, let phase):
            return ["", heading("\(index + 1). \(phase.title)")]
        case .prompt(let state, let elapsed):
            let prompt = view.frame(state, size: TerminalSize(columns: columns, rows: 1), now: now).lines[0]
            return ["\(time(elapsed))  " + prompt.rendered(context.styleMode)]
        case .results(let state, let elapsed, let sinceLastKey):
            let shown = min(state.resultCount, Self.resultRows)
            let frame = view.frame(state, size: TerminalSize(columns: columns, rows: 2 + shown), now: now)
            let when = sinceLastKey.map { "results \(DemoSearchSession.milliseconds($0)) ms after the last key: " } ?? "results while typing: "
            var lines = ["\(time(elapsed))  " + context.styled(when, .bold) + frame.lines[1].rendered(context.styleMode)]
            let indent = String(repeating: " ", count: Self.resultIndent)
            lines += frame.lines.dropFirst(2).map { indent + $0.rendered(context.styleMode) }
            if state.resultCount > shown { lines.append(indent + "  " + glyphs.fit("… and \(state.resultCount - shown) more")) }
            return lines
        }
    }

    // MARK: The summary

    /// What the debounce saved: each phase's keystrokes and the searches they
    /// cost, from the view model's counters.
    func savings(_ summaries: [DemoSearchPhaseSummary], searchesWithoutDebounce: Int) -> [String] {
        func counts(keystrokes: Int, searches: Int) -> String {
            "\(keystrokes) keystroke\(keystrokes == 1 ? "" : "s"), \(searches) search\(searches == 1 ? "" : "es")"
        }
        let titleWidth = summaries.map { DisplayWidth.of($0.phase.title) }.max() ?? 0
        var lines = [heading("What the debounce saved")]
        for summary in summaries {
            lines.append("  " + DisplayWidth.pad(summary.phase.title, toWidth: titleWidth) + "  "
                         + counts(keystrokes: summary.keystrokes, searches: summary.searches))
        }
        let keystrokes = summaries.map(\.keystrokes).reduce(0, +)
        let searches = summaries.map(\.searches).reduce(0, +)
        lines.append("  " + DisplayWidth.pad("In all", toWidth: titleWidth) + "  " + counts(keystrokes: keystrokes, searches: searches)
                     + " (\(searchesWithoutDebounce) without the debounce)")
        return lines.map(glyphs.fit)
    }
}
