import Foundation
import SpaceData
import Terminal

/// `mars-weather --station insight`'s table: one row per InSight sol, a
/// missing sensor shown as "—".
struct InSightWeatherTable: Sendable {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode

    init(units: MarsWeatherUnits, glyphs: Glyphs, style: StyleMode) {
        self.units = units
        self.glyphs = glyphs
        self.style = style
    }

    typealias Column = PriorityTable<InSightSol>.Column

    var columns: [Column] {
        let temperature = glyphs.unit(units.temperatureSymbol)
        let speed = units.speedSymbol
        let missing = glyphs.missing
        func number(_ value: Double?) -> String { value.map(MarsWeatherFormat.value) ?? missing }
        return [
            Column(title: "Sol", alignment: .right, priority: .essential) { String($0.sol) },
            Column(title: "Earth date", alignment: .left, priority: 4) { MarsWeatherFormat.day($0.firstUTC) },
            Column(title: "Season", alignment: .left, priority: 0) { InSightSeason($0).name ?? missing },
            Column(title: "Low \(temperature)", alignment: .right, priority: .essential) { number(units.temperature($0.temperature)?.minimum) },
            Column(title: "Avg \(temperature)", alignment: .right, priority: 3) { number(units.temperature($0.temperature)?.average) },
            Column(title: "High \(temperature)", alignment: .right, priority: .essential) { number(units.temperature($0.temperature)?.maximum) },
            Column(title: "Pressure Pa", alignment: .right, priority: 6) { number(units.pressure($0.pressure)?.average) },
            Column(title: "Wind \(speed)", alignment: .right, priority: 5) { number(units.speed($0.windSpeed)?.average) },
            Column(title: "Gust \(speed)", alignment: .right, priority: 1) { number(units.speed($0.windSpeed)?.maximum) },
            Column(title: "Wind from", alignment: .left, priority: 2) { $0.wind?.mostCommon.map { APIText.display($0.point) } ?? missing },
        ]
    }

    /// The header and one line per sol, columns two spaces apart, as wide as
    /// the data needs.
    func lines(_ sols: [InSightSol]) -> [String] {
        lines(sols, width: nil)
    }

    /// The header and one line per sol within `width` cells (nil: no limit):
    /// the least useful columns go whole until the rest fits (Season first,
    /// then gusts, wind direction, average, date, wind, pressure), so no cell
    /// is ever cut. Sol, low and high always stay.
    func lines(_ sols: [InSightSol], width: Int?) -> [String] {
        PriorityTable(columns: columns, style: style).lines(sols, width: width)
    }
}
