import SpaceData
import Terminal

/// The Curiosity table: one row per sol, what was not measured as "—".
/// Columns drop whole on a narrow terminal, least useful first; sol, air low
/// and air high always stay.
struct CuriosityWeatherTable {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode

    typealias Column = PriorityTable<CuriositySol>.Column

    var columns: [Column] {
        let unit = glyphs.unit(units.temperatureSymbol)
        let missing = glyphs.missing
        func temperature(_ value: Double?) -> String {
            CuriosityFormat.temperature(value, units).map(CuriosityFormat.number) ?? missing
        }
        return [
            Column(title: "Sol", alignment: .right, priority: .essential) { String($0.sol) },
            Column(title: "Earth date", alignment: .left, priority: 6) { $0.earthDate.description },
            Column(title: "Month", alignment: .right, priority: 2) { $0.marsMonth.map(String.init) ?? missing },
            Column(title: "Ls", alignment: .right, priority: 1) { $0.solarLongitude.map { CuriosityFormat.number($0) + glyphs.degree } ?? missing },
            Column(title: "Air low \(unit)", alignment: .right, priority: .essential) { temperature($0.airTemperature.low) },
            Column(title: "Air high \(unit)", alignment: .right, priority: .essential) { temperature($0.airTemperature.high) },
            Column(title: "Ground low \(unit)", alignment: .right, priority: 4) { temperature($0.groundTemperature.low) },
            Column(title: "Ground high \(unit)", alignment: .right, priority: 4) { temperature($0.groundTemperature.high) },
            Column(title: "Pressure Pa", alignment: .right, priority: 7) { $0.pressure.map(CuriosityFormat.number) ?? missing },
            Column(title: "UV", alignment: .left, priority: 3) { $0.uvIndex?.displayName ?? missing },
            Column(title: "Sunrise", alignment: .left, priority: 0) { $0.sunrise?.description ?? missing },
            Column(title: "Sunset", alignment: .left, priority: 0) { $0.sunset?.description ?? missing },
        ]
    }

    /// The header and one line per sol within `width` cells (nil: no limit).
    func lines(_ sols: [CuriositySol], width: Int?) -> [String] {
        PriorityTable(columns: columns, style: style).lines(sols, width: width)
    }
}
