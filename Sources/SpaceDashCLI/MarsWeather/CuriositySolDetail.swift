import SpaceData
import Terminal

/// `mars-weather --sol SOL` for Curiosity: one sol in full.
struct CuriositySolDetail {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode

    /// Where each labelled line's value starts.
    static let valueColumn = 13

    /// The sol's lines within `width` cells (nil: unwrapped); a wrapped value
    /// continues under itself, past its label.
    func lines(_ sol: CuriositySol, width: Int? = nil) -> [String] {
        func wrapped(_ text: String) -> [String] {
            let text = glyphs.fit(text)
            return width.map { DisplayWidth.wrap(text, toWidth: $0, hangingIndent: 0) } ?? [text]
        }
        let unit = glyphs.unit(units.temperatureSymbol)
        func labelled(_ name: String, _ value: String) -> [String] {
            let label = DisplayWidth.pad(name, toWidth: Self.valueColumn)
            // The value wraps on its own, so the label's padding is kept.
            let value = glyphs.fit(value)
            guard let width, width > Self.valueColumn + 10, DisplayWidth.of(value) > width - Self.valueColumn else { return [label + value] }
            let values = DisplayWidth.wrap(value, toWidth: width - Self.valueColumn)
            return values.enumerated().map { ($0.offset == 0 ? label : String(repeating: " ", count: Self.valueColumn)) + $0.element }
        }
        func extremes(_ pair: TemperatureExtremes) -> String {
            guard pair.hasValue else { return "\(glyphs.missing)  (not measured this sol)" }
            let low = CuriosityFormat.temperature(pair.low, units).map { CuriosityFormat.number($0) + " " + unit } ?? glyphs.missing
            let high = CuriosityFormat.temperature(pair.high, units).map { CuriosityFormat.number($0) + " " + unit } ?? glyphs.missing
            return "low \(low)   high \(high)"
        }
        var lines = wrapped(CuriosityWeatherText.headline(sol, glyphs: glyphs)).map { StyledText($0, style: .bold).rendered(style) }
        lines += labelled("Season", CuriosityWeatherText.season(sol, glyphs: glyphs))
        lines += labelled("Air", extremes(sol.airTemperature))
        lines += labelled("Ground", extremes(sol.groundTemperature))
        lines += labelled("Pressure", sol.pressure.map { CuriosityFormat.number($0) + " Pa" } ?? "\(glyphs.missing)  (not measured this sol)")
        lines += labelled("UV index", sol.uvIndex?.displayName ?? "\(glyphs.missing)  (not measured this sol)")
        let sunrise = sol.sunrise?.description ?? glyphs.missing
        let sunset = sol.sunset?.description ?? glyphs.missing
        lines += labelled("Sun", "rises \(sunrise), sets \(sunset) (local Mars time)")
        if !sol.hasMeasurement {
            lines.append("")
            lines += wrapped("REMS published no measurement for sol \(sol.sol).")
        }
        lines.append("")
        lines += wrapped(CuriosityWeatherText.noWindOrHumidity)
        return lines
    }
}
