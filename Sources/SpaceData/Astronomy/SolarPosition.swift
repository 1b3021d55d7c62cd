import Foundation

/// Where the Sun is, by the Astronomical Almanac's low-precision formulae (section C,
/// "Sun"): better than 0.01° from 1950 to 2050, far finer than any question asked of
/// it here (is it 6° or 12° below the horizon, is a satellite in the Earth's shadow).
public struct SolarPosition: Sendable, Equatable {
    /// Equatorial coordinates of date, in radians.
    public let rightAscension: Double
    public let declination: Double
    /// The Earth–Sun distance in kilometres.
    public let distanceKilometres: Double

    public static let kilometresPerAstronomicalUnit = 149_597_870.7

    public init(at date: Date) {
        let days = JulianDate.daysSinceJ2000(date)
        let degrees = Double.pi / 180
        let meanLongitude = 280.460 + 0.9856474 * days
        let meanAnomaly = (357.528 + 0.9856003 * days) * degrees
        let eclipticLongitude = (meanLongitude + 1.915 * sin(meanAnomaly)
            + 0.020 * sin(2 * meanAnomaly)) * degrees
        let obliquity = (23.439 - 0.0000004 * days) * degrees
        var rightAscension = atan2(cos(obliquity) * sin(eclipticLongitude), cos(eclipticLongitude))
        if rightAscension < 0 { rightAscension += 2 * .pi }
        self.rightAscension = rightAscension
        declination = asin(sin(obliquity) * sin(eclipticLongitude))
        let astronomicalUnits = 1.00014 - 0.01671 * cos(meanAnomaly) - 0.00014 * cos(2 * meanAnomaly)
        distanceKilometres = astronomicalUnits * Self.kilometresPerAstronomicalUnit
    }

    /// The Sun's geocentric position in kilometres, in the equatorial frame of date
    /// (x towards the equinox, z towards the north pole): what a satellite's shadow test
    /// needs beside the satellite's own position.
    public var geocentricPosition: (x: Double, y: Double, z: Double) {
        (distanceKilometres * cos(declination) * cos(rightAscension),
         distanceKilometres * cos(declination) * sin(rightAscension),
         distanceKilometres * sin(declination))
    }
}
