import Foundation
import SpaceData
import Terminal

/// The dashboard's weather panel: the latest sol at a glance, then the
/// temperature chart of the last 7 sols (the `mars-weather` chart), then
/// where the data came from.
struct MarsPanel: Sendable {
    /// Sols in the chart.
    static let chartSols = 7

    let units: MarsWeatherUnits
    let glyphs: Glyphs
    let style: StyleMode
    let now: Date
    /// The screen's width, which the source line is wrapped to (nil: not wrapped).
    var width: Int? = nil

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
            // Our words (the sample's "sols 675–681"), so fitting them to the locale changes no data.
            // Wrapped to the screen like the launches panel's, not by the terminal mid-word.
            let source = "Source: " + glyphs.fit(MarsWeatherSource.describe(report.origin, now: now))
            for line in width.map({ LaunchesPanel.wrapped(source, width: $0) }) ?? [source] {
                lines.append(StyledText(line, style: .dim).rendered(style))
            }
        }
        return lines
    }

    /// The chart at the panel's natural width, or fitted to a narrower screen
    /// as `mars-weather` fits it (the bar narrows, then numbers go, never cut).
    func chart(_ sols: [MarsSol]) -> [String] {
        let natural = TemperatureChart(units: units, glyphs: glyphs, style: style, barWidth: 16).lines(sols)
        guard let width, natural.contains(where: { DashboardLayout.visibleWidth($0) > width }) else { return natural }
        return TemperatureChart.fitting(width, sols: sols, units: units, glyphs: glyphs, style: style).lines(sols)
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
    func summary(of sol: MarsSol) -> [String] {
        let missing = glyphs.missing
        func value(_ number: Double?) -> String { number.map(MarsWeatherFormat.value) ?? missing }
        let temperatureUnit = glyphs.unit(units.temperatureSymbol)
        var lines = ["Sol \(sol.sol)\(glyphs.joiner)\(MarsWeatherFormat.day(sol.firstUTC))\(glyphs.joiner)\(APIText.display(sol.season))"]
        if let temperature = units.temperature(sol.temperature) {
            lines.append("Temperature  \(value(temperature.minimum)) to \(value(temperature.maximum)) \(temperatureUnit), average \(value(temperature.average))")
        } else {
            lines.append("Temperature  \(missing)")
        }
        lines.append("Pressure     " + (sol.pressure.map { "\(value($0.average)) Pa" } ?? missing))
        var wind = units.speed(sol.windSpeed).map { "\(value($0.average)) \(units.speedSymbol) average, gusts \(value($0.maximum))" } ?? missing
        if let direction = sol.wind?.mostCommon?.point { wind += ", mostly from \(APIText.display(direction))" }
        lines.append("Wind         " + wind)
        return lines
    }
}
