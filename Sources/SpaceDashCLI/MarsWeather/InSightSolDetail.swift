import Foundation
import SpaceData
import Terminal

/// `mars-weather --station insight --sol SOL`: one InSight sol in full, with
/// its wind rose.
struct InSightSolDetail: Sendable {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode
    /// Cells for the longest wind-rose bar.
    var roseWidth: Int

    init(units: MarsWeatherUnits, glyphs: Glyphs, style: StyleMode, roseWidth: Int = 32) {
        self.units = units
        self.glyphs = glyphs
        self.style = style
        self.roseWidth = max(4, roseWidth)
    }

    func lines(_ sol: InSightSol) -> [String] {
        var lines: [String] = []
        lines.append(StyledText("Sol \(sol.sol)", style: .bold).rendered(style)
            + "  \(MarsWeatherFormat.minute(sol.firstUTC)) \(glyphs.rangeDash) \(MarsWeatherFormat.minute(sol.lastUTC))")
        // The season every view shows (the north's, where InSight is), then the
        // south's; the feed's own labels only where they name another season.
        let season = InSightSeason(sol)
        let month = season.marsMonth.map { ", Mars month \($0)" } ?? ""
        lines.append("Season       \(season.name ?? glyphs.missing) in the north, where InSight is (4.5\(glyphs.degree) N): "
            + "Ls \(String(format: "%.0f", season.solarLongitude))\(glyphs.degree)\(month)")
        lines.append("             south: \(season.southern?.rawValue ?? glyphs.missing)")
        let feed = season.feedLabelsThatDiffer(sol).map { APIText.display($0) }
        if !feed.isEmpty { lines.append("             NASA's feed says \(feed.joined(separator: " and "))") }
        let temperature = glyphs.unit(units.temperatureSymbol)
        lines.append(sensorLine("Temperature", units.temperature(sol.temperature), unit: temperature))
        lines.append(sensorLine("Pressure", units.pressure(sol.pressure), unit: "Pa"))
        lines.append(sensorLine("Wind speed", units.speed(sol.windSpeed), unit: units.speedSymbol))
        if let most = sol.wind?.mostCommon {
            lines.append("Wind from    \(APIText.display(most.point)) (\(Self.degrees(most.degrees, glyphs)), \(MarsWeatherFormat.count(most.sampleCount)) samples)")
        } else {
            lines.append("Wind from    \(glyphs.missing)")
        }
        lines.append("")
        lines.append(contentsOf: rose(sol.wind))
        return lines
    }

    func sensorLine(_ name: String, _ summary: SensorSummary?, unit: String) -> String {
        let label = DisplayWidth.pad(name, toWidth: 12) + " "
        guard let summary else { return label + "\(glyphs.missing)  (no valid data this sol)" }
        let values = [("low", summary.minimum), ("average", summary.average), ("high", summary.maximum)]
            .map { "\($0.0) \(MarsWeatherFormat.value($0.1)) \(unit)" }
            .joined(separator: "   ")
        return label + values + "   (\(MarsWeatherFormat.count(summary.sampleCount)) samples)"
    }

    /// The 16 directions clockwise from north, each with a bar proportional to
    /// its samples; directions with none show an empty bar and "0".
    func rose(_ wind: WindRose?) -> [String] {
        var lines = [StyledText("Wind rose", style: .bold).rendered(style) + " (samples by the direction the wind blew from)"]
        guard let wind, !wind.sectors.isEmpty else {
            lines.append("  \(glyphs.missing)  no wind direction data this sol")
            return lines
        }
        let counts = wind.countsBySector
        let largest = max(1, counts.max() ?? 1)
        let countWidth = counts.map { MarsWeatherFormat.count($0).count }.max() ?? 1
        for index in 0..<16 {
            let eighths = counts[index] == 0 ? 0 : max(1, Int((Double(counts[index]) / Double(largest) * Double(roseWidth * 8)).rounded()))
            var bar = String(repeating: glyphs.full, count: eighths / 8)
            if eighths % 8 > 0 {
                let partial = glyphs.eighths[eighths % 8 - 1]
                bar += partial.isEmpty ? (eighths < 8 ? "#" : "") : partial
            }
            let name = DisplayWidth.pad(WindSector.pointNames[index], toWidth: 3)
            let marker = wind.mostCommon?.index == index ? " <" : ""
            lines.append("  \(name) \(DisplayWidth.pad(bar, toWidth: roseWidth + 1)) \(DisplayWidth.pad(MarsWeatherFormat.count(counts[index]), toWidth: countWidth, alignment: .right))\(marker)")
        }
        return lines
    }

    static func degrees(_ value: Double, _ glyphs: Glyphs) -> String {
        // Whole degrees without ".0"; Int(_:) only on a value it can hold.
        let isWhole = value.isFinite && abs(value) < 1e15 && value == value.rounded()
        let text = isWhole ? String(Int(value)) : MarsWeatherFormat.value(value)
        return glyphs.isUnicode ? "\(text)°" : "\(text) deg"
    }
}
