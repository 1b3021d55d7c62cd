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

/// A calendar date on Earth (UTC), as the feed writes it: `YYYY-MM-DD`.
public struct EarthDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }
    // Small, because a run holds the whole mission's sols (4,500+) at once and
    // on this kind of machine each page of memory touched costs more than parsing it.
    private let storedYear: Int32
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// nil unless the numbers name a real Gregorian date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        storedYear = Int32(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// Parses `YYYY-MM-DD` exactly.
    public init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard let date = utf8.withUnsafeBufferPointer({ EarthDate(bytes: $0) }) else { return nil }
        self = date
    }

    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes, 0..<4), let month = Self.number(bytes, 5..<7),
              let day = Self.number(bytes, 8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` after 1970-01-01 (negative: before).
    public init(daysSince1970 days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        storedDay = UInt8(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        storedMonth = UInt8(month)
        storedYear = Int32(clamping: yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The UTC date of an instant given as seconds since 1970.
    public init(secondsSince1970 seconds: Double) {
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    public var description: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    public static func < (lhs: EarthDate, rhs: EarthDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)  // a few digits: cannot overflow
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
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
