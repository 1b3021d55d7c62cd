import Foundation
import SpaceData
import Terminal

/// The dashboard's weather panel: Curiosity's latest sol at a glance with its
/// age (or, with `--station insight`, InSight's latest archived sol and the
/// temperature chart of its last 7 sols), then where the data came from.
struct MarsPanel: Sendable {
    /// Sols in the chart.
    static let chartSols = 7

    let units: MarsWeatherUnits
    let glyphs: Glyphs
    let style: StyleMode
    let now: Date
    /// The screen's width, which the source line is wrapped to (nil: not wrapped).
    var width: Int? = nil
    /// Whether the panel ends with where its data came from; off only to measure the rest.
    var showsSource = true

    /// The panel for whichever station it shows.
    func lines(panel data: PanelData<MarsPanelWeather>) -> [String] {
        switch data {
        case .failed(let message):
            return lines(PanelData<InSightFeed>.failed(message))
        case .loaded(let sourced):
            switch sourced.value {
            case .curiosity(let feed): return lines(curiosity: sourced.map { _ in feed })
            case .insight(let feed): return lines(.loaded(sourced.map { _ in feed }))
            }
        }
    }

    /// Curiosity's latest sol at a glance, with how old it is.
    func lines(curiosity report: Sourced<CuriosityFeed>) -> [String] {
        let title = "Mars weather\(glyphs.joiner)Curiosity (REMS), Gale crater"
        var lines = [StyledText(width.map { DisplayWidth.truncate(title, toWidth: $0) } ?? title, style: .bold).rendered(style)]
        if let latest = report.value.latest {
            let unit = glyphs.unit(units.temperatureSymbol)
            func pair(_ extremes: TemperatureExtremes) -> String {
                guard extremes.hasValue else { return glyphs.missing }
                let low = CuriosityFormat.temperature(extremes.low, units).map(CuriosityFormat.number) ?? glyphs.missing
                let high = CuriosityFormat.temperature(extremes.high, units).map(CuriosityFormat.number) ?? glyphs.missing
                return "\(low) to \(high) \(unit)"
            }
            let days = CuriosityWeatherText.daysOld(latest, now: now)
            // Live data weeks old reads as a fault unless the panel says why, as mars-weather does.
            let behind = CuriosityWeatherText.behindNotice(latest, origin: report.origin, now: now) == nil ? "" : " (the feed is behind)"
            let summary = [
                "Sol \(latest.sol)\(glyphs.joiner)\(latest.earthDate)\(glyphs.joiner)\(CuriosityWeatherText.ago(days))\(behind)",
                "Air          " + pair(latest.airTemperature),
                "Ground       " + pair(latest.groundTemperature),
                "Pressure     " + (latest.pressure.map { CuriosityFormat.number($0) + " Pa" } ?? glyphs.missing),
                "UV           " + (latest.uvIndex?.displayName ?? glyphs.missing),
                "Season       " + CuriosityWeatherText.season(latest, glyphs: glyphs),
                "Today        " + MarsToday(.curiosity, now: now).brief(glyphs: glyphs),
            ]
            lines += summary.flatMap(fitted)
        } else {
            lines.append("The feed has no sol with a measurement.")
        }
        for line in showsSource ? sourceLines(CuriosityWeatherText.source(report.origin), reason: report.fallbackReason) : [] {
            lines.append(StyledText(line, style: .dim).rendered(style))
        }
        return lines.map(glyphs.fit)
    }

    /// InSight's archive: the latest sol, then the chart of its last sols.
    func lines(_ data: PanelData<InSightFeed>) -> [String] {
        let title = "Mars weather\(glyphs.joiner)InSight, Elysium Planitia"
        var lines = [StyledText(width.map { DisplayWidth.truncate(title, toWidth: $0) } ?? title, style: .bold).rendered(style)]
        switch data {
        case .failed(let message):
            lines.append(APIText.display(message)) // errors quote servers
        case .loaded(let report):
            let sols = report.value.sols.sorted { $0.sol < $1.sol }
            if let latest = sols.last {
                lines += summary(of: latest).flatMap(fitted)
                lines.append("")
                lines += chart(Array(sols.suffix(Self.chartSols)))
            } else {
                lines.append("The feed has no sols to show.")
            }
            for line in showsSource ? sourceLines(InSightWeatherText.source(report.origin), reason: report.fallbackReason) : [] {
                lines.append(StyledText(line, style: .dim).rendered(style))
            }
        }
        return lines
    }

    /// Where the data came from, unstyled: the lines that end the panel (dim) unless
    /// `showsSource` is off; none for a feed that failed. For a caller that styles
    /// the panel itself (the live view).
    func sourceLines(panel data: PanelData<MarsPanelWeather>) -> [String] {
        guard case .loaded(let sourced) = data else { return [] }
        switch sourced.value {
        case .curiosity: return sourceLines(CuriosityWeatherText.source(sourced.origin), reason: sourced.fallbackReason)
        case .insight: return sourceLines(InSightWeatherText.source(sourced.origin), reason: sourced.fallbackReason)
        }
    }

    /// "Source: " and `origin`, our words (the sample's "sols 675–681"), so fitting them
    /// to the locale changes no data. Wrapped to the screen like the launches panel's,
    /// not by the terminal mid-word.
    /// With why the live data is not shown (a server's words, sanitised), as the launches
    /// panel says it: on a terminal the panels are the only place that says it.
    private func sourceLines(_ origin: String, reason: Notice?) -> [String] {
        let why = reason.map { " (" + TerminalSanitizer.clean($0.message, mode: .singleLine) + ")" } ?? ""
        let source = "Source: " + glyphs.fit(origin) + why
        return width.map { LaunchesPanel.wrapped(source, width: $0) } ?? [source]
    }

    /// The chart at the panel's natural width, or fitted to a narrower screen
    /// as `mars-weather` fits it (the bar narrows, then numbers go, never cut).
    func chart(_ sols: [InSightSol]) -> [String] {
        let natural = InSightTemperatureChart(units: units, glyphs: glyphs, style: style, barWidth: 16).lines(sols)
        guard let width, natural.contains(where: { DashboardLayout.visibleWidth($0) > width }) else { return natural }
        return InSightTemperatureChart.fitting(width, sols: sols, units: units, glyphs: glyphs, style: style).lines(sols)
    }

    /// A summary line as it is, or wrapped at spaces when the screen is
    /// narrower, its value under itself past the label (`Wind         …`).
    func fitted(_ line: String) -> [String] {
        guard let width, DisplayWidth.of(line) > width else { return [line] }
        guard let gap = line.range(of: "  ") else { return LaunchesPanel.wrapped(line, width: width) }
        let valueStart = line[gap.lowerBound...].firstIndex { $0 != " " } ?? line.endIndex
        let label = String(line[..<valueStart])
        let indent = DisplayWidth.of(label)
        guard width - indent >= 12 else { return LaunchesPanel.wrapped(line, width: width) }
        let wrapped = LaunchesPanel.wrapped(String(line[valueStart...]), width: width - indent)
        return wrapped.enumerated().map { ($0.offset == 0 ? label : String(repeating: " ", count: indent)) + $0.element }
    }

    /// The latest sol: date and season, temperatures, pressure, wind.
    func summary(of sol: InSightSol) -> [String] {
        let missing = glyphs.missing
        func value(_ number: Double?) -> String { number.map(MarsWeatherFormat.value) ?? missing }
        let temperatureUnit = glyphs.unit(units.temperatureSymbol)
        let season = InSightSeason(sol).name.map { "northern \($0)" } ?? missing
        var lines = ["Sol \(sol.sol)\(glyphs.joiner)\(MarsWeatherFormat.day(sol.firstUTC))\(glyphs.joiner)\(season)"]
        if let temperature = units.temperature(sol.temperature) {
            lines.append("Temperature  \(value(temperature.minimum)) to \(value(temperature.maximum)) \(temperatureUnit), average \(value(temperature.average)) \(temperatureUnit)")
        } else {
            lines.append("Temperature  \(missing)")
        }
        lines.append("Pressure     " + (sol.pressure.map { "\(value($0.average)) Pa" } ?? missing))
        var wind = units.speed(sol.windSpeed).map { "\(value($0.average)) \(units.speedSymbol) average, gusts \(value($0.maximum)) \(units.speedSymbol)" } ?? missing
        if let direction = sol.wind?.mostCommon?.point { wind += ", mostly from \(APIText.display(direction))" }
        lines.append("Wind         " + wind)
        lines.append("Today        " + MarsToday(.insight, now: now).brief(glyphs: glyphs))
        return lines
    }
}
