import SpaceData

/// `--at LAT,LON` in decimal degrees (north and east positive): the place
/// `space-weather` gives the aurora chance and darkness for.
///
/// Temporary: the places work (wip/places, issue 28) brings `--at PLACE` as an
/// option group taking place names as well; this file is replaced by that group
/// when it lands, and nothing else reads `--at`.
enum CoordinateAtOption {
    static let at = Option<GeographicCoordinate?>("at", valueName: "LAT,LON",
                                                  help: "Where you are, as latitude,longitude in decimal degrees (south and west negative): the aurora chance and darkness there",
                                                  example: "64.15,-21.94",
                                                  // The default place is [place]'s (the places work), not a key of its own.
                                                  config: .commandLineOnly)

    static func place(_ arguments: ParsedArguments) -> GeographicCoordinate? {
        arguments[at]
    }
}

extension GeographicCoordinate: ArgumentValue {
    static func parse(argument: String) throws(InvalidArgumentValue) -> GeographicCoordinate {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              latitude.isFinite, longitude.isFinite else {
            throw InvalidArgumentValue("expected \(expectation)")
        }
        guard let place = GeographicCoordinate(latitude: latitude, longitude: longitude) else {
            throw InvalidArgumentValue("latitude must be within -90…90 and longitude within -180…180")
        }
        return place
    }
    static var expectation: String { "latitude,longitude in decimal degrees, like 64.15,-21.94" }
    var argumentDescription: String? { nil }
}
