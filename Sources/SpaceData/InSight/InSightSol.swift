import Foundation

/// One Martian day of InSight weather, as the feed reported it.
///
/// Every sensor is optional: the feed leaves a sensor out when its data did
/// not pass NASA's validity check for that sol, and a missing sensor must
/// read as "no data", never as zero.
public struct InSightSol: Sendable, Equatable {
    /// The sol number since InSight landed (sol 0 = 2018-11-26).
    public var sol: Int
    /// Time of the first datum in this sol, from any sensor.
    public var firstUTC: Date
    /// Time of the last datum in this sol.
    public var lastUTC: Date
    /// The northern-hemisphere season as the feed names it: "winter", "spring", "summer" or "fall".
    public var season: String
    /// The Mars month (1–12), in feeds from 2021 on.
    public var monthOrdinal: Int?
    /// For example "early winter", in feeds from 2021 on.
    public var northernSeason: String?
    /// For example "mid autumn", in feeds from 2021 on.
    public var southernSeason: String?
    /// Atmospheric temperature, °C.
    public var temperature: SensorSummary?
    /// Horizontal wind speed, m/s.
    public var windSpeed: SensorSummary?
    /// Atmospheric pressure, Pa.
    public var pressure: SensorSummary?
    /// The wind-direction histogram; nil when the feed had no `WD` object.
    public var wind: WindRose?

    public init(
        sol: Int, firstUTC: Date, lastUTC: Date, season: String,
        monthOrdinal: Int? = nil, northernSeason: String? = nil, southernSeason: String? = nil,
        temperature: SensorSummary? = nil, windSpeed: SensorSummary? = nil, pressure: SensorSummary? = nil,
        wind: WindRose? = nil
    ) {
        self.sol = sol
        self.firstUTC = firstUTC
        self.lastUTC = lastUTC
        self.season = season
        self.monthOrdinal = monthOrdinal
        self.northernSeason = northernSeason
        self.southernSeason = southernSeason
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.pressure = pressure
        self.wind = wind
    }
}

/// A sensor's summary over one sol.
public struct SensorSummary: Sendable, Equatable {
    public var average: Double
    public var minimum: Double
    public var maximum: Double
    /// How many samples the summary is over.
    public var sampleCount: Int

    public init(average: Double, minimum: Double, maximum: Double, sampleCount: Int) {
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.sampleCount = sampleCount
    }

    /// Whether every value is a finite number. The decoder only lets plausible
    /// readings through; renderers check this too before drawing or converting
    /// to `Int`, since a summary can also be made in code.
    public var isFinite: Bool { average.isFinite && minimum.isFinite && maximum.isFinite }

    /// The same summary with every value converted (sample count kept).
    public func converted(_ convert: (Double) -> Double) -> SensorSummary {
        SensorSummary(average: convert(average), minimum: convert(minimum), maximum: convert(maximum), sampleCount: sampleCount)
    }
}

/// The 16-point wind rose of one sol: how many samples the wind blew from each sector.
public struct WindRose: Sendable, Equatable {
    /// The sectors with at least one sample, clockwise from north. Absent sectors had none.
    public var sectors: [WindSector]
    /// The sector with the most samples, or nil when the feed had none.
    public var mostCommon: WindSector?

    public init(sectors: [WindSector], mostCommon: WindSector?) {
        self.sectors = sectors.sorted { $0.index < $1.index }
        self.mostCommon = mostCommon
    }

    /// The sample count for each of the 16 sectors, zero where the feed had none.
    public var countsBySector: [Int] {
        var counts = [Int](repeating: 0, count: 16)
        // Defensive: a sector made in code may have any index or count.
        for sector in sectors where counts.indices.contains(sector.index) {
            let (sum, overflow) = counts[sector.index].addingReportingOverflow(max(0, sector.sampleCount))
            counts[sector.index] = overflow ? Int.max : sum
        }
        return counts
    }
}

/// One sector of the wind rose.
public struct WindSector: Sendable, Equatable {
    /// 0 = N, 1 = NNE, … 15 = NNW.
    public var index: Int
    /// The sector's name: "N", "NNE", … "NNW".
    public var point: String
    /// The centre of the sector in degrees; the wind blows from this direction.
    public var degrees: Double
    /// Samples in this sector.
    public var sampleCount: Int

    public init(index: Int, point: String, degrees: Double, sampleCount: Int) {
        self.index = index
        self.point = point
        self.degrees = degrees
        self.sampleCount = sampleCount
    }

    /// The 16 compass points, clockwise from north.
    public static let pointNames = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
}

/// A decoded InSight weather answer: its sols in ascending order (possibly none).
public struct InSightFeed: Sendable, Equatable {
    public var sols: [InSightSol]

    public init(sols: [InSightSol]) {
        self.sols = sols.sorted { $0.sol < $1.sol }
    }

    /// The feed has no sols, as it has had since InSight stopped reporting in 2022.
    public var isEmpty: Bool { sols.isEmpty }
}
