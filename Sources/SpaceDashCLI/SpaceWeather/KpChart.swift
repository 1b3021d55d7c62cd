import Foundation
import SpaceData
import Terminal

/// The last three days of planetary Kp as vertical bars, one per 3-hour
/// interval (24), on a 0–9 scale, each bar coloured by its G level; the scale
/// marks where each G level starts, and a legend says what the colours mean,
/// so the chart reads without colour too. Days are UTC, as Kp's intervals are.
struct KpChart {
    var glyphs: Glyphs
    var style: StyleMode

    static let intervals = 24
    static let rows = 9
    /// Left of the plot: "5 G1 " and the axis.
    static let labelWidth = 5

    /// The chart within `width` cells: bars 2 cells wide with a gap when there is room, else 1.
    func lines(_ readings: [KpReading], endingAt end: Date, width: Int) -> [String] {
        // The 24 intervals ending with the one that holds `end`.
        let last = (end.timeIntervalSince1970 / KpReading.interval).rounded(.down) * KpReading.interval
        let starts = (0..<Self.intervals).map { Date(timeIntervalSince1970: last - Double(Self.intervals - 1 - $0) * KpReading.interval) }
        var byStart: [Date: KpReading] = [:]
        for reading in readings { byStart[reading.time] = reading }
        let values = starts.map { byStart[$0] }
        let room = width - Self.labelWidth - 1
        let cellsPerBar = room >= Self.intervals * 3 ? 3 : room >= Self.intervals * 2 ? 2 : 1
        let barCells = cellsPerBar == 1 ? 1 : cellsPerBar - 1
        let gap = cellsPerBar - barCells
        let vertical = glyphs.isUnicode ? ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] : ["", "", "", "#", "#", "#", "#", "#"]

        var lines: [String] = []
        for row in 0..<Self.rows {
            let top = Double(Self.rows - row)  // this row covers Kp (top-1)…top
            let level = Int(top) - 4
            // The G level that starts within this row (Kp 5- is G1): marked on the scale.
            let label = (level >= 1 ? "\(Int(top)) G\(level)" : "\(Int(top))")
            var line = DisplayWidth.pad(label, toWidth: Self.labelWidth - 1, alignment: .right) + " " + (glyphs.isUnicode ? "┤" : "|")
            for reading in values {
                var cell = " "
                if let reading {
                    let filled = reading.kp - (top - 1)
                    if filled >= 1 {
                        cell = glyphs.full
                    } else if filled > 0 {
                        let eighths = Int((filled * 8).rounded())
                        cell = eighths == 0 ? " " : (vertical[min(8, eighths) - 1].isEmpty ? " " : vertical[min(8, eighths) - 1])
                    } else if row == Self.rows - 1, reading.kp == 0 {
                        // Kp 0 is a value: a dot on the base, where a missing interval stays blank.
                        cell = glyphs.isUnicode ? "·" : "."
                    }
                    if cell != " " {
                        cell = StyledText(String(repeating: cell, count: barCells), style: StormLevelText.style(reading.stormLevel)).rendered(style)
                        line += cell + String(repeating: " ", count: gap)
                        continue
                    }
                }
                line += String(repeating: cell, count: barCells) + String(repeating: " ", count: gap)
            }
            lines.append(line)
        }
        let axisCells = Self.intervals * cellsPerBar
        lines.append(String(repeating: " ", count: Self.labelWidth - 1) + " " + (glyphs.isUnicode ? "└" : "+")
                     + String(repeating: glyphs.isUnicode ? "─" : "-", count: axisCells))
        lines.append(String(repeating: " ", count: Self.labelWidth + 1) + dayLabels(starts, cellsPerBar: cellsPerBar))
        return lines
    }

    /// Each UTC day's name under its first interval ("Aug 29"), where it fits
    /// (a day begun before the chart is not named).
    func dayLabels(_ starts: [Date], cellsPerBar: Int) -> String {
        var text = ""
        for (index, start) in starts.enumerated() {
            let civil = MarsWeatherFormat.civil(start)
            guard civil.hour == 0 else { continue }
            let label = Self.monthNames[civil.month - 1] + " " + String(civil.day)
            let column = index * cellsPerBar
            guard column >= text.count, column + label.count <= starts.count * cellsPerBar else { continue }
            text += String(repeating: " ", count: column - text.count) + label
        }
        return text
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// What the bars and colours mean, in words, within `width`.
    func legend(width: Int) -> [String] {
        let swatch = glyphs.full
        let parts = [(0, "G0 below 5-"), (1, "G1 from 5-"), (2, "G2 from 6-"), (3, "G3 from 7-"), (4, "G4 from 8-"), (5, "G5 from 9-")]
        let coloured = parts.map { StyledText(swatch, style: StormLevelText.style($0.0)).rendered(style) + " " + $0.1 }
        let first = "One bar per 3 hours (UTC), coloured by NOAA's G level:"
        // Three swatches a line keep each within 80 columns, escapes aside.
        return width >= first.count + 40
            ? [first, "  " + coloured.joined(separator: "  ")]
            : [first, "  " + coloured[0..<3].joined(separator: "  "), "  " + coloured[3...].joined(separator: "  ")]
    }
}
