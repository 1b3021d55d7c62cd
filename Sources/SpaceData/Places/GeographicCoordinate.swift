/// A point on Earth where the user stands: geodetic latitude and longitude on
/// WGS 84, in degrees (north and east positive), and the height above the
/// ellipsoid in metres. Every place-dependent answer (satellite passes,
/// aurora, darkness) takes one of these, whichever way the user named the
/// place.
public struct GeographicCoordinate: Sendable, Hashable {
    public let latitude: Double
    public let longitude: Double
    public let altitudeMetres: Double

    public static let latitudeRange: ClosedRange<Double> = -90...90
    public static let longitudeRange: ClosedRange<Double> = -180...180
    /// From the Dead Sea shore to above any inhabited place: a value outside
    /// it is a typo (feet for metres, a missing decimal point), not a place.
    public static let altitudeRange: ClosedRange<Double> = -500...9_000

    /// nil when a value is outside its range or not a finite number.
    public init?(latitude: Double, longitude: Double, altitudeMetres: Double = 0) {
        guard Self.latitudeRange.contains(latitude), Self.longitudeRange.contains(longitude),
              Self.altitudeRange.contains(altitudeMetres) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMetres = altitudeMetres
    }
}
