import Foundation

/// Mars at one instant: its date and prime-meridian time, its season (the
/// solar longitude Ls) and how far it is from the Sun and from Earth.
///
/// Time and season follow NASA GISS's Mars24 ("Mars24 Sunclock algorithm and
/// worked examples", after Allison & McEwen 2000, Planet. Space Sci. 48, 215),
/// and reproduce its two worked examples to the second and to 0.00001° of Ls.
/// Mars's distance from the Sun is Mars24's too (its heliocentric distance,
/// longitude and latitude); Earth's comes from the Astronomical Almanac's
/// low-precision formulas for the Sun. Against JPL's published distances at the
/// close approaches of 2003, 2018 and 2020 the Earth–Mars distance is within
/// 0.00025 AU (37,000 km, 0.12 s of light time); expect about 0.001 AU at
/// worst (0.5 s) between 1950 and 2050.
public struct MarsClock: Sendable, Equatable {
    /// The instant (UTC).
    public let date: Date
    /// TT − UTC in seconds: 32.184 s plus the leap seconds so far (69.184 s since 2017).
    public let terrestrialTimeOffset: Double
    /// Days since the J2000 epoch (2000-01-01 12:00 TT), ΔtJ2000.
    public let daysSinceJ2000: Double
    /// The Mars Sol Date: sols since 1873-12-29, the fraction being the time of sol.
    public let marsSolDate: Double
    /// Areocentric solar longitude Ls in degrees, 0 ..< 360: 0 is the northern
    /// spring equinox, 90 the northern summer solstice.
    public let solarLongitude: Double
    /// Mars's distance from the Sun, in astronomical units.
    public let sunDistance: Double
    /// Earth's distance from the Sun, in astronomical units.
    public let earthSunDistance: Double
    /// The distance between Earth and Mars, in astronomical units.
    public let earthDistance: Double

    public init(at date: Date) {
        self.date = date
        terrestrialTimeOffset = Self.terrestrialTimeOffset(at: date)
        // Julian Date (UT), then TT, then days since J2000.
        let julianDateUT = 2_440_587.5 + date.timeIntervalSince1970 / 86_400
        let days = julianDateUT + terrestrialTimeOffset / 86_400 - 2_451_545.0
        daysSinceJ2000 = days

        // B-1 to B-5: mean anomaly, the fictitious mean sun, the perturbations, the equation of center.
        let meanAnomaly = 19.3871 + 0.52402073 * days
        let fictitiousMeanSun = 270.3871 + 0.524038496 * days
        var perturbations = 0.0
        for term in Self.perturbers {
            perturbations += term.amplitude * cos(Self.radians(0.985626 * days / term.period + term.phase))
        }
        let m = Self.radians(meanAnomaly)
        let equationOfCenter = (10.691 + 3.0e-7 * days) * sin(m) + 0.623 * sin(2 * m) + 0.050 * sin(3 * m)
            + 0.005 * sin(4 * m) + 0.0005 * sin(5 * m) + perturbations
        let ls = Self.degrees0to360(fictitiousMeanSun + equationOfCenter)
        solarLongitude = ls

        // C-2: the Mars Sol Date.
        marsSolDate = (days - 4.5) / 1.0274912517 + 44_796.0 - 0.0009626

        // D: Mars's heliocentric distance, longitude and latitude (J2000 ecliptic).
        let r = 1.52367934 * (1.00436 - 0.09309 * cos(m) - 0.004336 * cos(2 * m) - 0.00031 * cos(3 * m) - 0.00003 * cos(4 * m))
        let longitude = Self.radians(ls + 85.061 - 0.015 * sin(Self.radians(71 + 2 * ls)) - 5.5e-6 * days)
        let latitude = Self.radians(-(1.8497 - 2.23e-6 * days) * sin(Self.radians(ls - 144.50 + 2.57e-6 * days)))
        sunDistance = r

        // Earth: the Sun seen from Earth (Astronomical Almanac, low precision), turned round,
        // its longitude brought from the equinox of date to J2000's (precession, 1.397° a century).
        let sunMeanLongitude = 280.460 + 0.9856474 * days
        let sunMeanAnomaly = Self.radians(357.528 + 0.9856003 * days)
        let sunLongitude = sunMeanLongitude + 1.915 * sin(sunMeanAnomaly) + 0.020 * sin(2 * sunMeanAnomaly)
        let earthLongitude = Self.radians(sunLongitude + 180 - 1.3969713 * days / 36_525)
        let R = 1.00014 - 0.01671 * cos(sunMeanAnomaly) - 0.00014 * cos(2 * sunMeanAnomaly)
        earthSunDistance = R

        let (x, y, z) = (r * cos(latitude) * cos(longitude) - R * cos(earthLongitude),
                         r * cos(latitude) * sin(longitude) - R * sin(earthLongitude),
                         r * sin(latitude))
        earthDistance = (x * x + y * y + z * z).squareRoot()
    }

    /// Coordinated Mars Time: the mean solar time at Mars's prime meridian, in hours 0 ..< 24.
    public var coordinatedMarsTime: Double { Self.hours(ofSol: marsSolDate) }

    /// The local mean solar time at `eastLongitude` (degrees), in hours 0 ..< 24.
    public func localMeanSolarTime(eastLongitude: Double) -> Double {
        Self.hours(ofSol: marsSolDate + eastLongitude / 360)
    }

    /// How long light takes between Earth and Mars, in seconds.
    public var lightTime: Double { earthDistance * Self.astronomicalUnit / Self.speedOfLight }

    static let astronomicalUnit = 149_597_870.700  // km (IAU 2012)
    static let speedOfLight = 299_792.458  // km/s

    /// TT − UTC at `date`: 32.184 s (TT − TAI) plus TAI − UTC from IERS's table
    /// of leap seconds. None has been added since 2017-01-01; one announced later
    /// belongs in the table. Before 1972 (no leap seconds) the 1972 value is used.
    public static func terrestrialTimeOffset(at date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        let taiMinusUTC = leapSeconds.last { $0.since <= seconds }?.taiMinusUTC ?? leapSeconds[0].taiMinusUTC
        return 32.184 + Double(taiMinusUTC)
    }

    /// TAI − UTC from each leap second on (Unix seconds), IERS Bulletin C.
    private static let leapSeconds: [(since: TimeInterval, taiMinusUTC: Int)] = [
        ("1972-01-01", 10), ("1972-07-01", 11), ("1973-01-01", 12), ("1974-01-01", 13), ("1975-01-01", 14),
        ("1976-01-01", 15), ("1977-01-01", 16), ("1978-01-01", 17), ("1979-01-01", 18), ("1980-01-01", 19),
        ("1981-07-01", 20), ("1982-07-01", 21), ("1983-07-01", 22), ("1985-07-01", 23), ("1988-01-01", 24),
        ("1990-01-01", 25), ("1991-01-01", 26), ("1992-07-01", 27), ("1993-07-01", 28), ("1994-07-01", 29),
        ("1996-01-01", 30), ("1997-07-01", 31), ("1999-01-01", 32), ("2006-01-01", 33), ("2009-01-01", 34),
        ("2012-07-01", 35), ("2015-07-01", 36), ("2017-01-01", 37),
    ].map { (LaunchLibraryDate.date(from: $0.0 + "T00:00:00Z")!.timeIntervalSince1970, $0.1) }

    /// B-3's seven perturbers: amplitude (°), period (Julian years), phase (°).
    private static let perturbers: [(amplitude: Double, period: Double, phase: Double)] = [
        (0.0071, 2.2353, 49.409), (0.0057, 2.7543, 168.173), (0.0039, 1.1177, 191.837), (0.0037, 15.7866, 21.736),
        (0.0021, 2.1354, 15.704), (0.0020, 2.4694, 95.528), (0.0018, 32.8493, 49.095),
    ]

    /// The time of sol of a sol date, in hours 0 ..< 24.
    private static func hours(ofSol solDate: Double) -> Double {
        let fraction = solDate - solDate.rounded(.down)
        return fraction * 24
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    private static func degrees0to360(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }
}
