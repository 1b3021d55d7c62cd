import SpaceData
import Terminal

/// NOAA's G levels in words and colours, shared by the page, the chart's
/// legend and the one-line forms.
enum StormLevelText {
    /// "G0", "G3".
    static func code(_ level: Int) -> String { "G\(level)" }

    /// NOAA's own names: "minor" for G1 up to "extreme" for G5; G0 is no storm.
    static func name(_ level: Int) -> String {
        ["no storm", "minor storm", "moderate storm", "strong storm", "severe storm", "extreme storm"][min(5, max(0, level))]
    }

    /// Green for quiet, yellow for G1, red for G2–G3, magenta for G4–G5.
    static func style(_ level: Int) -> TextStyle {
        switch level {
        case ...0: return TextStyle(foreground: .green)
        case 1: return TextStyle(foreground: .yellow)
        case 2, 3: return TextStyle(foreground: .red)
        default: return TextStyle(bold: true, foreground: .magenta)
        }
    }

    /// Kp as SWPC prints it, two decimals: "4.67", "0.00".
    static func kp(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}
