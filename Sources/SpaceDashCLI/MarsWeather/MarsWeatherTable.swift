import Foundation
import SpaceData
import Terminal

/// The `mars-weather` table: one row per sol, a missing sensor shown as "—".
public struct MarsWeatherTable: Sendable {
    public var units: MarsWeatherUnits
    public var glyphs: MarsWeatherGlyphs
    public var style: StyleMode

    public init(units: MarsWeatherUnits, glyphs: MarsWeatherGlyphs, style: StyleMode) {
        self.units = units
        self.glyphs = glyphs
        self.style = style
    }

    struct Column {
        var title: String
        var alignment: DisplayWidth.Alignment
        var cell: (MarsSol) -> String
    }

    var columns: [Column] {
        let temperature = glyphs.unit(units.temperatureSymbol)
        let speed = units.speedSymbol
        let missing = glyphs.missing
        func number(_ value: Double?) -> String { value.map(MarsWeatherFormat.value) ?? missing }
        return [
            Column(title: "Sol", alignment: .right) { String($0.sol) },
            Column(title: "Earth date", alignment: .left) { MarsWeatherFormat.day($0.firstUTC) },
            Column(title: "Season", alignment: .left) { APIText.display($0.season) },
            Column(title: "Low \(temperature)", alignment: .right) { number(units.temperature($0.temperature)?.minimum) },
            Column(title: "Avg \(temperature)", alignment: .right) { number(units.temperature($0.temperature)?.average) },
            Column(title: "High \(temperature)", alignment: .right) { number(units.temperature($0.temperature)?.maximum) },
            Column(title: "Pressure Pa", alignment: .right) { number($0.pressure?.average) },
            Column(title: "Wind \(speed)", alignment: .right) { number(units.speed($0.windSpeed)?.average) },
            Column(title: "Gust \(speed)", alignment: .right) { number(units.speed($0.windSpeed)?.maximum) },
            Column(title: "Wind from", alignment: .left) { $0.wind?.mostCommon.map { APIText.display($0.point) } ?? missing },
        ]
    }

    /// The header and one line per sol, columns two spaces apart.
    public func lines(_ sols: [MarsSol]) -> [String] {
        let columns = self.columns
        let cells = sols.map { sol in columns.map { $0.cell(sol) } }
        let widths = columns.indices.map { index in
            max(DisplayWidth.of(columns[index].title), cells.map { DisplayWidth.of($0[index]) }.max() ?? 0)
        }
        func line(_ texts: [String]) -> String {
            var parts: [String] = []
            for index in texts.indices {
                let isLast = index == texts.count - 1
                let alignment = columns[index].alignment
                // The last column is not padded, so no line ends in spaces.
                parts.append(isLast && alignment == .left ? texts[index] : DisplayWidth.pad(texts[index], toWidth: widths[index], alignment: alignment))
            }
            return parts.joined(separator: "  ")
        }
        let header = StyledText(line(columns.map(\.title)), style: .bold).rendered(style)
        return [header] + cells.map(line)
    }
}
