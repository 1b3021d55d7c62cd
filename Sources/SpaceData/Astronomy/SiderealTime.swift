import Foundation

/// The Earth's rotation angle: Greenwich mean sidereal time by the IAU 1982 model, the
/// one SGP4's TEME frame is defined with (Vallado et al. 2006, `gstime`).
public enum SiderealTime {
    /// Greenwich mean sidereal time in radians, 0 ..< 2π.
    public static func greenwichMean(at date: Date) -> Double {
        greenwichMean(julianDay: JulianDate.days(date))
    }

    static func greenwichMean(julianDay: Double) -> Double {
        let centuries = (julianDay - JulianDate.j2000) / 36_525
        var seconds = -6.2e-6 * centuries * centuries * centuries
        seconds += 0.093104 * centuries * centuries
        seconds += (876_600 * 3_600 + 8_640_184.812866) * centuries
        seconds += 67_310.54841
        // 240 seconds of sidereal time are one degree of rotation.
        let radians = (seconds / 240).truncatingRemainder(dividingBy: 360) * .pi / 180
        return radians < 0 ? radians + 2 * .pi : radians
    }
}
