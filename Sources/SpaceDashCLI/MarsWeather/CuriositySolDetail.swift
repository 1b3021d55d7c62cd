import SpaceData
import Terminal

/// `mars-weather --sol SOL` for Curiosity: one sol in full.
struct CuriositySolDetail {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode

    func lines(_ sol: CuriositySol) -> [String] {
        let unit = glyphs.unit(units.temperatureSymbol)
        func label(_ name: String) -> String { DisplayWidth.pad(name, toWidth: 13) }
        func extremes(_ pair: TemperatureExtremes) -> String {
            guard pair.hasValue else { return "\(glyphs.missing)  (not measured this sol)" }
            let low = CuriosityFormat.temperature(pair.low, units).map { CuriosityFormat.number($0) + " " + unit } ?? glyphs.missing
            let high = CuriosityFormat.temperature(pair.high, units).map { CuriosityFormat.number($0) + " " + unit } ?? glyphs.missing
            return "low \(low)   high \(high)"
        }
        var lines = [StyledText(CuriosityWeatherText.headline(sol, glyphs: glyphs), style: .bold).rendered(style)]
        lines.append(label("Season") + CuriosityWeatherText.season(sol, glyphs: glyphs))
        lines.append(label("Air") + extremes(sol.airTemperature))
        lines.append(label("Ground") + extremes(sol.groundTemperature))
        lines.append(label("Pressure") + (sol.pressure.map { CuriosityFormat.number($0) + " Pa" } ?? "\(glyphs.missing)  (not measured this sol)"))
        lines.append(label("UV index") + (sol.uvIndex?.displayName ?? "\(glyphs.missing)  (not measured this sol)"))
        let sunrise = sol.sunrise?.description ?? glyphs.missing
        let sunset = sol.sunset?.description ?? glyphs.missing
        lines.append(label("Sun") + "rises \(sunrise), sets \(sunset) (local Mars time)")
        if !sol.hasMeasurement {
            lines.append("")
            lines.append("REMS published no measurement for sol \(sol.sol).")
        }
        lines.append("")
        lines.append(CuriosityWeatherText.noWindOrHumidity)
        return lines
    }
}
