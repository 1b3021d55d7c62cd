/// One sol of Curiosity's REMS weather as the feed publishes it: only what the
/// station measures (air and ground temperature extremes, pressure, UV) and the
/// sol's calendar (Earth date, solar longitude, Mars month, local sunrise and
/// sunset). A value the feed gives as `"--"` is nil, never 0.
///
/// There is deliberately no daily average: REMS publishes none, and the middle
/// of the low and the high is not one. The feed's `abs_humidity`, `wind_*`,
/// `atmo_opacity` and `pressure_string` carry nothing (the wind sensor was
/// damaged at landing) and are not modelled.
public struct CuriositySol: Sendable, Equatable {
    /// The mission's sol counter (sol 0 is the landing day, 2012-08-06).
    public var sol: Int
    /// The Earth date at the sol's local noon.
    public var earthDate: EarthDate
    /// Solar longitude Ls, degrees 0 ..< 360 (Curiosity's feed gives whole degrees).
    public var solarLongitude: Double?
    /// The Mars month 1–12 (`"Month N"` in the feed): Ls in 30° steps, not an Earth season.
    public var marsMonth: Int?
    /// Air temperature, °C.
    public var airTemperature: TemperatureExtremes
    /// Ground temperature, °C.
    public var groundTemperature: TemperatureExtremes
    /// Air pressure, Pa.
    public var pressure: Double?
    public var uvIndex: UVIndex?
    /// Local Mars time at the rover.
    public var sunrise: MarsLocalTime?
    public var sunset: MarsLocalTime?

    public init(
        sol: Int, earthDate: EarthDate, solarLongitude: Double? = nil, marsMonth: Int? = nil,
        airTemperature: TemperatureExtremes = .init(), groundTemperature: TemperatureExtremes = .init(),
        pressure: Double? = nil, uvIndex: UVIndex? = nil, sunrise: MarsLocalTime? = nil, sunset: MarsLocalTime? = nil
    ) {
        self.sol = sol
        self.earthDate = earthDate
        self.solarLongitude = solarLongitude
        self.marsMonth = marsMonth
        self.airTemperature = airTemperature
        self.groundTemperature = groundTemperature
        self.pressure = pressure
        self.uvIndex = uvIndex
        self.sunrise = sunrise
        self.sunset = sunset
    }

    /// Whether REMS measured anything this sol. Sunrise, sunset and Ls are
    /// computed, not measured: 27 sols list them with every measurement `"--"`.
    public var hasMeasurement: Bool {
        airTemperature.hasValue || groundTemperature.hasValue || pressure != nil || uvIndex != nil
    }
}

/// A sol's lowest and highest temperature, °C, each possibly not measured.
public struct TemperatureExtremes: Sendable, Equatable {
    public var low: Double?
    public var high: Double?

    public init(low: Double? = nil, high: Double? = nil) {
        self.low = low
        self.high = high
    }

    public var hasValue: Bool { low != nil || high != nil }
}

/// REMS's UV irradiance index, in the feed's words.
public enum UVIndex: String, Sendable, Equatable, CaseIterable {
    case low = "Low"
    case moderate = "Moderate"
    case high = "High"
    case veryHigh = "Very_High"

    /// For people: "Very high" rather than the feed's `Very_High`.
    public var displayName: String {
        switch self {
        case .low: "Low"
        case .moderate: "Moderate"
        case .high: "High"
        case .veryHigh: "Very high"
        }
    }
}

/// A local time of day at the rover: `HH:MM` (Curiosity) or `HH:MM:SS`.
public struct MarsLocalTime: Sendable, Equatable, CustomStringConvertible {
    public var hour: Int { Int(storedHour) }
    public var minute: Int { Int(storedMinute) }
    /// Present when the feed gives seconds.
    public var second: Int? { storedSecond.map(Int.init) }
    // Bytes, not Ints: two per sol, 4,500+ sols held at once (see EarthDate).
    private let storedHour: UInt8
    private let storedMinute: UInt8
    private let storedSecond: UInt8?

    public init?(hour: Int, minute: Int, second: Int? = nil) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second ?? 0) else { return nil }
        storedHour = UInt8(hour)
        storedMinute = UInt8(minute)
        storedSecond = second.map(UInt8.init)
    }

    public init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard let time = utf8.withUnsafeBufferPointer({ MarsLocalTime(bytes: $0) }) else { return nil }
        self = time
    }

    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 5 || bytes.count == 8, bytes[2] == UInt8(ascii: ":"),
              let hour = EarthDate.number(bytes, 0..<2), let minute = EarthDate.number(bytes, 3..<5) else { return nil }
        var second: Int?
        if bytes.count == 8 {
            guard bytes[5] == UInt8(ascii: ":"), let seconds = EarthDate.number(bytes, 6..<8) else { return nil }
            second = seconds
        }
        self.init(hour: hour, minute: minute, second: second)
    }

    /// `HH:MM`: seconds are left out, the feed's own precision for Curiosity.
    public var description: String {
        EarthDate.pad(hour, 2) + ":" + EarthDate.pad(minute, 2)
    }
}
