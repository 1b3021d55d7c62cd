import SpaceData
import Terminal

/// `mars-weather --year`: the last Mars year of Curiosity's weather as two
/// terminal charts, the daily air low–high range and the pressure, so the
/// seasons show (pressure swings by about a quarter as CO₂ freezes out at the
/// poles). Each column covers a few sols (the mean of their daily lows, highs
/// and pressures); a column whose sols the feed does not hold stays empty, so
/// gaps in the data show as gaps.
struct CuriosityYearChart {
    var units: MarsWeatherUnits
    var glyphs: Glyphs
    var style: StyleMode
    var temperatureRows = 10
    var pressureRows = 8

    /// Left of the plot: the value labels.
    static let labelWidth = 7

    struct Bucket {
        var sols: ClosedRange<Int>
        var low: Double?
        var high: Double?
        var pressure: Double?
        var hasData: Bool { low != nil || high != nil || pressure != nil }
    }

    /// The sols from `first` to `last` split into `columns` buckets.
    static func buckets(_ sols: [CuriositySol], first: Int, last: Int, columns: Int) -> [Bucket] {
        let span = last - first + 1
        let count = max(1, min(columns, span))
        var buckets = (0..<count).map { index -> Bucket in
            let start = first + index * span / count
            let end = first + (index + 1) * span / count - 1
            return Bucket(sols: start...max(start, end))
        }
        // Each column: the mean of its sols' daily lows, of their daily highs, and
        // of their pressures (a single sol's extremes would hide the season).
        typealias Sums = (low: Double, lows: Int, high: Double, highs: Int, pressure: Double, pressures: Int)
        var sums = [Sums](repeating: (0, 0, 0, 0, 0, 0), count: count)
        for sol in sols where (first...last).contains(sol.sol) {
            let index = min(count - 1, (sol.sol - first) * count / span)
            if let low = sol.airTemperature.low { sums[index].low += low; sums[index].lows += 1 }
            if let high = sol.airTemperature.high { sums[index].high += high; sums[index].highs += 1 }
            if let pressure = sol.pressure { sums[index].pressure += pressure; sums[index].pressures += 1 }
        }
        for index in buckets.indices {
            let sum = sums[index]
            if sum.lows > 0 { buckets[index].low = sum.low / Double(sum.lows) }
            if sum.highs > 0 { buckets[index].high = sum.high / Double(sum.highs) }
            if sum.pressures > 0 { buckets[index].pressure = sum.pressure / Double(sum.pressures) }
        }
        return buckets
    }

    /// Both charts within `width` cells (nil: one column per sol, up to 668).
    func lines(_ sols: [CuriositySol], width: Int?) -> [String] {
        guard let first = sols.first?.sol, let last = sols.last?.sol else { return [] }
        let plotWidth = max(10, (width ?? (Self.labelWidth + 1 + CuriosityFeed.solsPerMarsYear)) - Self.labelWidth - 1)
        let buckets = Self.buckets(sols, first: first, last: last, columns: plotWidth)
        let perColumn = (last - first + 1 + buckets.count - 1) / buckets.count
        let unit = glyphs.unit(units.temperatureSymbol)
        var lines: [String] = []
        let range = "sols \(first)\(glyphs.rangeDash)\(last)"
        let how = perColumn > 1 ? "mean daily low to high, \(perColumn) sols a column" : "daily low to high"
        // Titles and the gaps line wrap to the screen; only the plots are drawn to `width`.
        func wrapped(_ text: String) -> [String] {
            let text = glyphs.fit(text)
            return width.map { DisplayWidth.wrap(text, toWidth: $0, hangingIndent: 0) } ?? [text]
        }
        func bold(_ text: String) -> String { StyledText(text, style: .bold).rendered(style) }
        let title = glyphs.fit("Air temperature (\(unit))")
        var titleLines = wrapped(title + ", \(range): \(how)")
        if titleLines[0].hasPrefix(title) { titleLines[0] = bold(title) + titleLines[0].dropFirst(title.count) }
        lines += titleLines
        lines += temperaturePlot(buckets)
        lines += axis(buckets, first: first, last: last)
        lines.append("")
        lines += wrapped("Air pressure (Pa), mean of each column's sols").map(bold)
        lines += pressurePlot(buckets)
        lines += axis(buckets, first: first, last: last)
        let gaps = Self.gaps(sols, first: first, last: last)
        if !gaps.isEmpty {
            let shown = gaps.prefix(6).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)\(glyphs.rangeDash)\($0.upperBound)" }
            let more = gaps.count > 6 ? " and \(gaps.count - 6) more" : ""
            lines += wrapped("Gaps: no data for sols \(shown.joined(separator: ", "))\(more).")
        }
        return lines
    }

    func temperaturePlot(_ buckets: [Bucket]) -> [String] {
        let values = buckets.flatMap { [$0.low, $0.high].compactMap { CuriosityFormat.temperature($0, units) } }
        guard let bottom = values.min(), let top = values.max() else { return ["(no temperatures in this year)"] }
        let step = max(top - bottom, 1) / Double(temperatureRows)
        return (0..<temperatureRows).map { row in
            let rowTop = top - Double(row) * step
            let rowBottom = rowTop - step
            let label = row == 0 ? top : row == temperatureRows - 1 ? bottom : nil
            let cells = buckets.map { bucket -> String in
                guard let low = CuriosityFormat.temperature(bucket.low ?? bucket.high, units),
                      let high = CuriosityFormat.temperature(bucket.high ?? bucket.low, units) else { return " " }
                // The last row includes its bottom edge, so the lowest value is drawn.
                let overlaps = high >= rowBottom && low <= rowTop && (high > rowBottom || row == temperatureRows - 1)
                return overlaps ? glyphs.full : " "
            }
            return Self.label(label) + "|" + cells.joined()
        }
    }

    func pressurePlot(_ buckets: [Bucket]) -> [String] {
        let values = buckets.compactMap(\.pressure)
        guard let low = values.min(), let high = values.max() else { return ["(no pressures in this year)"] }
        // The bars start a little under the lowest value, so the lowest still shows.
        let floor = low - max(1, (high - low) * 0.1)
        let step = (high - floor) / Double(pressureRows)
        let vertical = glyphs.isUnicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : ["", "", "", "", "#", "#", "#", "#"]
        return (0..<pressureRows).map { row in
            let rowBottom = floor + Double(pressureRows - 1 - row) * step
            let label = row == 0 ? high : row == pressureRows - 1 ? low : nil
            let cells = buckets.map { bucket -> String in
                guard let value = bucket.pressure else { return " " }
                let filled = (value - rowBottom) / step
                if filled >= 1 { return glyphs.full }
                let eighths = Int((filled * 8).rounded(.down))
                guard eighths > 0 else { return " " }
                let glyph = vertical[eighths - 1]
                return glyph.isEmpty ? " " : glyph
            }
            return Self.label(label) + "|" + cells.joined()
        }
    }

    /// The base line: "+" under the labels, "-" under columns with data, blank under gaps.
    func axis(_ buckets: [Bucket], first: Int, last: Int) -> [String] {
        let line = buckets.map { $0.hasData ? (glyphs.isUnicode ? "─" : "-") : " " }.joined()
        let base = String(repeating: " ", count: Self.labelWidth) + (glyphs.isUnicode ? "└" : "+") + line
        let left = "sol \(first)"
        let right = "sol \(last)"
        let room = buckets.count - left.count - right.count
        guard room > 0 else { return [base] }
        return [base, String(repeating: " ", count: Self.labelWidth + 1) + left + String(repeating: " ", count: room) + right]
    }

    static func label(_ value: Double?) -> String {
        DisplayWidth.pad(value.map { CuriosityFormat.number($0.rounded()) } ?? "", toWidth: labelWidth, alignment: .right)
    }

    /// Runs of sol numbers the feed does not list (at least 3 in a row: a
    /// single missing sol is one column's worth and not worth a word).
    static func gaps(_ sols: [CuriositySol], first: Int, last: Int) -> [ClosedRange<Int>] {
        var gaps: [ClosedRange<Int>] = []
        var previous: Int?
        for sol in sols where (first...last).contains(sol.sol) {
            if let previous, sol.sol - previous > 3 { gaps.append((previous + 1)...(sol.sol - 1)) }
            previous = sol.sol
        }
        return gaps
    }
}
