import Foundation
import SpaceData
import Terminal

/// Each InSight sol's temperature range as a horizontal bar on a shared scale,
/// drawn with block characters (or `#` in ASCII).
struct InSightTemperatureChart: Sendable {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode
    /// Cells across the bar area.
    var barWidth: Int
    /// What follows each bar: the range and average, the range alone, or nothing.
    var values: Values

    enum Values: Sendable {
        case rangeAndAverage, range, none
    }

    /// The narrowest bar drawn; a narrower terminal loses the numbers first.
    static let minimumBarWidth = 8
    /// The widest bar, when the terminal has room.
    static let naturalBarWidth = 40

    init(units: MarsWeatherUnits, glyphs: Glyphs, style: StyleMode, barWidth: Int = naturalBarWidth, values: Values = .rangeAndAverage) {
        self.units = units
        self.glyphs = glyphs
        self.style = style
        self.barWidth = max(Self.minimumBarWidth, barWidth)
        self.values = values
    }

    /// A chart of `sols` within `width` cells (nil: the natural 40-cell bar):
    /// the bar narrows to its minimum, then the average goes, then the range,
    /// so a number is never cut.
    static func fitting(_ width: Int?, sols: [InSightSol], units: MarsWeatherUnits, glyphs: Glyphs, style: StyleMode) -> InSightTemperatureChart {
        guard let width else { return InSightTemperatureChart(units: units, glyphs: glyphs, style: style) }
        let prefix = solWidth(sols) + 2
        for values in [Values.rangeAndAverage, .range, .none] {
            let room = width - prefix - (values == .none ? 0 : 2 + valuesWidth(values))
            if room >= minimumBarWidth || values == .none {
                return InSightTemperatureChart(units: units, glyphs: glyphs, style: style, barWidth: min(naturalBarWidth, room), values: values)
            }
        }
        return InSightTemperatureChart(units: units, glyphs: glyphs, style: style, values: .none)
    }

    /// A scale end with one decimal, a whole number without it: "-100", "-62.5".
    /// (`MarsWeatherFormat.value` writes one decimal, so ".0" can only end it.)
    static func scaleLabel(_ value: Double) -> String {
        let text = MarsWeatherFormat.value(value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func solWidth(_ sols: [InSightSol]) -> Int {
        max(3, sols.map { String($0.sol).count }.max() ?? 3)
    }

    /// Cells the numbers after a bar take: "-96.9 – -15.9   avg -62.3".
    static func valuesWidth(_ values: Values) -> Int {
        switch values {
        case .rangeAndAverage: return 6 + 3 + 6 + 3 + 4 + 6
        case .range: return 6 + 3 + 6
        case .none: return 0
        }
    }

    /// The chart's lines; none when no sol has a temperature.
    func lines(_ sols: [InSightSol]) -> [String] {
        let ranges = sols.map { sol in units.temperature(sol.temperature).map { (low: $0.minimum, average: $0.average, high: $0.maximum) } }
        let known = ranges.compactMap { $0 }
        guard let lowest = known.map(\.low).min(), let highest = known.map(\.high).max() else { return [] }
        // Round the scale out to tens so the axis labels are round numbers.
        let scaleLow = (lowest / 10).rounded(.down) * 10
        let scaleHigh = max(scaleLow + 10, (highest / 10).rounded(.up) * 10)
        // Fractions of the scale, computed on halves so that even a span beyond
        // Double's range (a summary made in code; the decoder drops such
        // readings) stays finite; `bar` clamps whatever comes out anyway.
        let halfSpan = scaleHigh / 2 - scaleLow / 2
        func fraction(_ value: Double) -> Double { (value / 2 - scaleLow / 2) / halfSpan }
        let label = glyphs.unit(units.temperatureSymbol)
        let solWidth = Self.solWidth(sols)

        var lines = [StyledText("Temperature range (\(label))", style: .bold).rendered(style)]
        let lowLabel = Self.scaleLabel(scaleLow)
        let highLabel = Self.scaleLabel(scaleHigh)
        let gap = max(1, barWidth - lowLabel.count - highLabel.count)
        lines.append(String(repeating: " ", count: solWidth + 2) + lowLabel + String(repeating: " ", count: gap) + highLabel)

        for (sol, range) in zip(sols, ranges) {
            let prefix = DisplayWidth.pad(String(sol.sol), toWidth: solWidth, alignment: .right) + "  "
            guard let range else {
                let missing = glyphs.missing
                lines.append(values == .none ? prefix + missing : prefix + DisplayWidth.pad(missing, toWidth: barWidth) + "  no temperature data")
                continue
            }
            let bar = self.bar(from: fraction(range.low), to: fraction(range.high))
            func number(_ value: Double) -> String { DisplayWidth.pad(MarsWeatherFormat.value(value), toWidth: 6, alignment: .right) }
            let drawn = prefix + StyledText(bar, style: TextStyle(foreground: .cyan)).rendered(style)
            switch values {
            case .rangeAndAverage:
                lines.append(drawn + "  \(number(range.low)) \(glyphs.rangeDash) \(number(range.high))   avg \(number(range.average))")
            case .range:
                lines.append(drawn + "  \(number(range.low)) \(glyphs.rangeDash) \(number(range.high))")
            case .none:
                lines.append(drawn)
            }
        }
        return lines
    }

    /// A bar covering the fractions `start`…`end` of the width, exactly
    /// `barWidth` cells wide (padded with spaces), in eighths of a cell.
    func bar(from start: Double, to end: Double) -> String {
        let total = barWidth * 8
        /// The eighth nearest `fraction` of the width, clamped to the bar before
        /// `Int(_:)` sees it (NaN counts as the start).
        func eighth(_ fraction: Double) -> Int {
            Int((min(1, max(0, fraction.isNaN ? 0 : fraction)) * Double(total)).rounded())
        }
        // At least one eighth shows, even for a range at the very end of the scale.
        let first = min(total - 1, eighth(start))
        let last = min(total, max(first + 1, eighth(end)))
        var cells: [String] = []
        for cell in 0..<barWidth {
            let cellStart = cell * 8
            let covered = max(0, min(cellStart + 8, last) - max(cellStart, first))
            if covered == 0 {
                cells.append(" ")
            } else if covered == 8 {
                cells.append(glyphs.full)
            } else if max(cellStart, first) > cellStart {
                // Filled on the right only: the bar starts inside this cell.
                cells.append(covered >= 4 ? glyphs.rightHalf : (glyphs.isUnicode ? "▕" : " "))
            } else {
                let partial = glyphs.eighths[covered - 1]
                cells.append(partial.isEmpty ? " " : partial)
            }
        }
        return cells.joined()
    }
}
