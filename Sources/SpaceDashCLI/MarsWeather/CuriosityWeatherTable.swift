import SpaceData
import Terminal

/// The Curiosity table: one row per sol, what was not measured as "—".
/// Columns drop whole on a narrow terminal, least useful first; sol, air low
/// and air high always stay.
struct CuriosityWeatherTable {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode

    struct Column {
        var title: String
        var alignment: DisplayWidth.Alignment
        /// The lowest goes first when the table is too wide.
        var priority: Int
        var cell: (CuriositySol) -> String
    }

    static let essential = Int.max
    static let gap = 2

    var columns: [Column] {
        let unit = glyphs.unit(units.temperatureSymbol)
        let missing = glyphs.missing
        func temperature(_ value: Double?) -> String {
            CuriosityFormat.temperature(value, units).map(CuriosityFormat.number) ?? missing
        }
        return [
            Column(title: "Sol", alignment: .right, priority: Self.essential) { String($0.sol) },
            Column(title: "Earth date", alignment: .left, priority: 6) { $0.earthDate.description },
            Column(title: "Month", alignment: .right, priority: 2) { $0.marsMonth.map(String.init) ?? missing },
            Column(title: "Ls", alignment: .right, priority: 1) { $0.solarLongitude.map { CuriosityFormat.number($0) + glyphs.degree } ?? missing },
            Column(title: "Air low \(unit)", alignment: .right, priority: Self.essential) { temperature($0.airTemperature.low) },
            Column(title: "Air high \(unit)", alignment: .right, priority: Self.essential) { temperature($0.airTemperature.high) },
            Column(title: "Ground low \(unit)", alignment: .right, priority: 4) { temperature($0.groundTemperature.low) },
            Column(title: "Ground high \(unit)", alignment: .right, priority: 5) { temperature($0.groundTemperature.high) },
            Column(title: "Pressure Pa", alignment: .right, priority: 7) { $0.pressure.map(CuriosityFormat.number) ?? missing },
            Column(title: "UV", alignment: .left, priority: 3) { $0.uvIndex?.displayName ?? missing },
            Column(title: "Sunrise", alignment: .left, priority: 0) { $0.sunrise?.description ?? missing },
            Column(title: "Sunset", alignment: .left, priority: 0) { $0.sunset?.description ?? missing },
        ]
    }

    /// The header and one line per sol within `width` cells (nil: no limit).
    func lines(_ sols: [CuriositySol], width: Int?) -> [String] {
        var columns = self.columns
        var cells = sols.map { sol in columns.map { $0.cell(sol) } }
        var widths = columns.indices.map { index in
            max(DisplayWidth.of(columns[index].title), cells.map { DisplayWidth.of($0[index]) }.max() ?? 0)
        }
        func total() -> Int { widths.reduce(0, +) + Self.gap * max(0, widths.count - 1) }
        if let width {
            while total() > width,
                  let drop = columns.indices.filter({ columns[$0].priority != Self.essential })
                      .min(by: { columns[$0].priority < columns[$1].priority }) {
                columns.remove(at: drop)
                widths.remove(at: drop)
                cells = cells.map { row in var row = row; row.remove(at: drop); return row }
            }
        }
        func line(_ texts: [String]) -> String {
            texts.indices.map { index in
                let isLast = index == texts.count - 1
                let alignment = columns[index].alignment
                return isLast && alignment == .left ? texts[index] : DisplayWidth.pad(texts[index], toWidth: widths[index], alignment: alignment)
            }.joined(separator: String(repeating: " ", count: Self.gap))
        }
        let header = StyledText(line(columns.map(\.title)), style: .bold).rendered(style)
        return [header] + cells.map(line)
    }
}
