import Foundation

/// A direction in an observer's sky: altitude above the horizon and azimuth from true
/// north through east, in degrees. Geometric: no refraction is added.
public struct HorizontalDirection: Sendable, Equatable {
    public let altitude: Double
    public let azimuth: Double

    public init(altitude: Double, azimuth: Double) {
        self.altitude = altitude
        self.azimuth = azimuth
    }

    /// The direction from `place` at `date` of a body as far away as the Sun, whose
    /// parallax (under 0.003°) is ignored.
    public init(rightAscension: Double, declination: Double, seenFrom place: GeographicCoordinate,
                at date: Date) {
        let degrees = Double.pi / 180
        let latitude = place.latitude * degrees
        let hourAngle = SiderealTime.greenwichMean(at: date) + place.longitude * degrees - rightAscension
        let altitude = asin(sin(latitude) * sin(declination)
            + cos(latitude) * cos(declination) * cos(hourAngle))
        var azimuth = atan2(-cos(declination) * sin(hourAngle),
                            sin(declination) * cos(latitude) - cos(declination) * sin(latitude) * cos(hourAngle))
        if azimuth < 0 { azimuth += 2 * .pi }
        self.init(altitude: altitude / degrees, azimuth: azimuth / degrees)
    }

    /// The Sun's direction from `place` at `date`.
    public static func sun(seenFrom place: GeographicCoordinate, at date: Date) -> HorizontalDirection {
        let sun = SolarPosition(at: date)
        return HorizontalDirection(rightAscension: sun.rightAscension, declination: sun.declination,
                                   seenFrom: place, at: date)
    }
}
