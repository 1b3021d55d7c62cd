import Foundation
import Testing
@testable import SpaceDashCLI
import SpaceData

@Suite struct KpChartTests {
    static let end = LaunchLibraryDate.date(from: "2026-02-05T21:00:00Z")!

    func reading(_ hoursBefore: Double, _ kp: Double) -> KpReading {
        KpReading(time: Self.end.addingTimeInterval(-hoursBefore * 3600), kp: kp, kind: .observed)
    }

    @Test func barsRiseToTheirKpAndTheScaleMarksWhereEachGLevelStarts() {
        let chart = KpChart(glyphs: .unicode, style: .plain)
        let lines = chart.lines([reading(0, 5.33), reading(3, 0), reading(6, 2)], endingAt: Self.end, width: 80)
        #expect(lines.count == 11)
        #expect(lines[0].hasPrefix("9 G5 ┤"))
        #expect(lines[4].hasPrefix("5 G1 ┤"))
        #expect(lines[8].hasPrefix("   1 ┤"))
        // Each row covers the Kp below its label: the last bar (Kp 5.33) fills the row up to 5
        // and a third of the next; Kp 2 fills two rows; Kp 0 is a dot on the base, not a gap.
        #expect(lines[3].hasSuffix("▃▃ "))
        #expect(lines[4].hasSuffix("██ "))
        #expect(lines[7].hasSuffix("██    ██ "))
        #expect(lines[8].hasSuffix("██ ·· ██ "))
        // Intervals with no reading stay blank.
        #expect(lines[8].hasPrefix("   1 ┤   "))
        #expect(lines[10].contains("Feb 4") && lines[10].contains("Feb 5"))
    }

    @Test func eachBarIsColouredByItsGLevel() {
        let chart = KpChart(glyphs: .unicode, style: .colour)
        let lines = chart.lines([reading(0, 5.33), reading(3, 1)], endingAt: Self.end, width: 80)
        #expect(lines[8].contains("\u{1B}[33m██\u{1B}[0m"), "G1 in yellow")
        #expect(lines[8].contains("\u{1B}[32m██\u{1B}[0m"), "G0 in green")
        #expect(chart.legend(width: 80).joined().contains("G1 from 5-"))
    }

    @Test func asciiAndANarrowTerminal() {
        let chart = KpChart(glyphs: .ascii, style: .plain)
        let lines = chart.lines([reading(0, 9)], endingAt: Self.end, width: 40)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines[0].hasPrefix("9 G5 |") && lines[0].hasSuffix("#"))
    }
}
