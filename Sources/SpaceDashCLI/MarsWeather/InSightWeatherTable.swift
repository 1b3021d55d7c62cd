import Foundation
import SpaceData
import Terminal

/// `mars-weather --station insight`'s table: one row per InSight sol, a
/// missing sensor shown as "—".
public struct InSightWeatherTable: Sendable {
    public var units: MarsWeatherUnits
    public var glyphs: Glyphs
    public var style: StyleMode

    public init(units: MarsWeatherUnits, glyphs: Glyphs, style: StyleMode) {
        self.units = units
        self.glyphs = glyphs
        self.style = style
    }

    struct Column {
        var title: String
        var alignment: DisplayWidth.Alignment
        /// Which columns go first when the table is wider than the terminal:
        /// the lowest first; Sol, Low and High (`essential`) always stay.
        var priority: Int
        var cell: (InSightSol) -> String
    }

    /// Never dropped, however narrow the terminal.
    static let essential = Int.max

    var columns: [Column] {
        let temperature = glyphs.unit(units.temperatureSymbol)
        let speed = units.speedSymbol
        let missing = glyphs.missing
        func number(_ value: Double?) -> String { value.map(MarsWeatherFormat.value) ?? missing }
        return [
            Column(title: "Sol", alignment: .right, priority: Self.essential) { String($0.sol) },
            Column(title: "Earth date", alignment: .left, priority: 4) { MarsWeatherFormat.day($0.firstUTC) },
            Column(title: "Season", alignment: .left, priority: 0) { APIText.display($0.season) },
            Column(title: "Low \(temperature)", alignment: .right, priority: Self.essential) { number(units.temperature($0.temperature)?.minimum) },
            Column(title: "Avg \(temperature)", alignment: .right, priority: 3) { number(units.temperature($0.temperature)?.average) },
            Column(title: "High \(temperature)", alignment: .right, priority: Self.essential) { number(units.temperature($0.temperature)?.maximum) },
            Column(title: "Pressure Pa", alignment: .right, priority: 6) { number(units.pressure($0.pressure)?.average) },
            Column(title: "Wind \(speed)", alignment: .right, priority: 5) { number(units.speed($0.windSpeed)?.average) },
            Column(title: "Gust \(speed)", alignment: .right, priority: 1) { number(units.speed($0.windSpeed)?.maximum) },
            Column(title: "Wind from", alignment: .left, priority: 2) { $0.wind?.mostCommon.map { APIText.display($0.point) } ?? missing },
        ]
    }

    /// Columns between two cells.
    static let gap = 2

    /// The header and one line per sol, columns two spaces apart, as wide as
    /// the data needs.
    public func lines(_ sols: [InSightSol]) -> [String] {
        lines(sols, width: nil)
    }

    /// The header and one line per sol within `width` cells (nil: no limit):
    /// the least useful columns go whole until the rest fits (Season first,
    /// then gusts, wind direction, average, date, wind, pressure), so no cell
    /// is ever cut. Sol, low and high always stay.
    public func lines(_ sols: [InSightSol], width: Int?) -> [String] {
        var columns = self.columns
        var cells = sols.map { sol in columns.map { $0.cell(sol) } }
        var widths = columns.indices.map { index in
            max(DisplayWidth.of(columns[index].title), cells.map { DisplayWidth.of($0[index]) }.max() ?? 0)
        }
        func total() -> Int { widths.reduce(0, +) + Self.gap * max(0, widths.count - 1) }
        if let width {
            while total() > width,
                  let drop = columns.indices.filter({ columns[$0].priority != Self.essential }).min(by: { columns[$0].priority < columns[$1].priority }) {
                columns.remove(at: drop)
                widths.remove(at: drop)
                cells = cells.map { row in var row = row; row.remove(at: drop); return row }
            }
        }
        func line(_ texts: [String]) -> String {
            var parts: [String] = []
            for index in texts.indices {
                let isLast = index == texts.count - 1
                let alignment = columns[index].alignment
                // The last column is not padded, so no line ends in spaces.
                parts.append(isLast && alignment == .left ? texts[index] : DisplayWidth.pad(texts[index], toWidth: widths[index], alignment: alignment))
            }
            return parts.joined(separator: String(repeating: " ", count: Self.gap))
        }
        let header = StyledText(line(columns.map(\.title)), style: .bold).rendered(style)
        return [header] + cells.map(line)
    }
}
