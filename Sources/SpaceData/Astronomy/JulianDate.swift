import Foundation

/// Days on the Julian Day scale, the time argument of every astronomical formula here.
/// UTC stands in for UT1 (under 0.9 s apart: 0.004° of the Earth's turn) and for TT
/// (69 s apart: under 0.001° of the Sun's path), well inside what is shown.
enum JulianDate {
    /// The Julian Day of 1970-01-01 00:00 UTC.
    static let unixEpoch = 2_440_587.5
    /// J2000.0, 2000-01-01 12:00 TT.
    static let j2000 = 2_451_545.0

    static func days(_ date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 + unixEpoch
    }

    /// Days since J2000.0.
    static func daysSinceJ2000(_ date: Date) -> Double {
        days(date) - j2000
    }
}
