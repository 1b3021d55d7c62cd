import Foundation

/// NOAA's space weather scales (`products/noaa-scales.json`): R (radio
/// blackouts), S (solar radiation storms) and G (geomagnetic storms), each 0–5,
/// for yesterday, now, and as probabilities for today and the next two days.
public struct NOAAScales: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        /// SWPC's key: -1 yesterday's highest, 0 now, 1 to 3 the forecast (1 is today).
        public var offset: Int
        public var date: EarthDate
        /// When SWPC wrote this day's entry.
        public var issued: Date?
        /// The levels reached (past and now) or predicted (G in the forecast); nil when not given.
        public var radioBlackout: Int?
        public var solarRadiationStorm: Int?
        public var geomagneticStorm: Int?
        /// The forecast's chances in percent: R1–R2, R3 and above, S1 and above.
        public var minorRadioBlackoutChance: Int?
        public var majorRadioBlackoutChance: Int?
        public var solarRadiationStormChance: Int?

        public init(offset: Int, date: EarthDate, issued: Date? = nil) {
            self.offset = offset
            self.date = date
            self.issued = issued
        }
    }

    /// By offset, yesterday first.
    public let days: [Day]

    public init(days: [Day]) {
        self.days = days.sorted { $0.offset < $1.offset }
    }

    public var current: Day? { days.first { $0.offset == 0 } }
    public var forecast: [Day] { days.filter { $0.offset > 0 } }
}

/// Reads `noaa-scales.json`: an object keyed by day offset as strings ("-1"
/// comes last), every number a string or null, written compact (2024) or with
/// Python's `", "` separators (2026). Keys that are not offsets are ignored;
/// without the current day ("0") the shape is not the one known.
public enum NOAAScalesDecoder {
    public static func decode(_ body: Data, status: Int = 200) throws(SpaceWeatherError) -> NOAAScales {
        let product = SpaceWeatherProduct.scales
        let tree = try SpaceWeatherJSON.tree(body, status: status, product: product)
        guard case .object(let entries) = tree else {
            throw SpaceWeatherError(product, .unknownShape("the top level is \(tree.kindName), not an object keyed by day"))
        }
        var days: [NOAAScales.Day] = []
        for (key, entry) in entries {
            guard let offset = Int(key), (-7...7).contains(offset) else { continue }
            guard case .object = entry, let stamp = entry["DateStamp"]?.string, let date = EarthDate(stamp) else {
                throw SpaceWeatherError(product, .unknownShape("day \"\(SpaceWeatherJSON.clip(key))\" has no DateStamp"))
            }
            var day = NOAAScales.Day(offset: offset, date: date)
            if let time = entry["TimeStamp"]?.string, time.utf8.count == 8 {
                day.issued = LaunchLibraryDate.date(from: "\(stamp)T\(time)Z")
            }
            day.radioBlackout = level(entry["R"]?["Scale"])
            day.solarRadiationStorm = level(entry["S"]?["Scale"])
            day.geomagneticStorm = level(entry["G"]?["Scale"])
            day.minorRadioBlackoutChance = percent(entry["R"]?["MinorProb"])
            day.majorRadioBlackoutChance = percent(entry["R"]?["MajorProb"])
            day.solarRadiationStormChance = percent(entry["S"]?["Prob"])
            days.append(day)
        }
        guard days.contains(where: { $0.offset == 0 }) else {
            let keys = entries.keys.sorted().prefix(6).joined(separator: ", ")
            throw SpaceWeatherError(product, days.isEmpty && entries.isEmpty ? .noData
                                    : .unknownShape("there is no current day \"0\" (keys: \(SpaceWeatherJSON.clip(keys)))"))
        }
        return NOAAScales(days: days)
    }

    /// A scale level 0–5; anything else is not one.
    static func level(_ tree: JSONTree?) -> Int? {
        guard let value = tree?.number, value == value.rounded(), (0...5).contains(value) else { return nil }
        return Int(value)
    }

    static func percent(_ tree: JSONTree?) -> Int? {
        guard let value = tree?.number, (0...100).contains(value) else { return nil }
        return Int(value.rounded())
    }
}
