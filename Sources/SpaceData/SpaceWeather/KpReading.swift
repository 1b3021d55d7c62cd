import Foundation

/// One 3-hour planetary Kp value: observed, estimated (the interval is under
/// way or not yet final) or predicted.
public struct KpReading: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case observed, estimated, predicted
    }

    /// The start of the 3-hour interval, UTC.
    public var time: Date
    /// 0 to 9 in thirds (4.67 is "5-"); 0 is a value, not a missing one.
    public var kp: Double
    public var kind: Kind

    public init(time: Date, kp: Double, kind: Kind) {
        self.time = time
        self.kp = kp
        self.kind = kind
    }

    /// The interval's length: the Kp is a 3-hour index.
    public static let interval: TimeInterval = 3 * 3600

    /// Its NOAA geomagnetic storm level, G0–G5.
    public var stormLevel: Int { Self.stormLevel(kp: kp) }

    /// NOAA's G scale from Kp: G1 from Kp 5- (4.67), G2 from 6- (5.67), up to G5
    /// from 9- (8.67); SWPC's own `noaa_scale` marks 4.67 as G1.
    public static func stormLevel(kp: Double) -> Int {
        guard kp.isFinite else { return 0 }
        // Kp comes in thirds printed to two decimals: 4.67 is 5 - 1/3; the margin absorbs the rounding.
        return min(5, max(0, Int((kp + 1.0 / 3 + 0.01).rounded(.down)) - 4))
    }
}

/// The readings of one Kp product, in time order, one per interval.
public struct KpSeries: Sendable, Equatable {
    public let readings: [KpReading]

    /// Sorted by time (the last row of an answer is not always the newest);
    /// of two readings for the same interval the later row wins.
    public init(_ readings: [KpReading]) {
        var byTime: [Date: KpReading] = [:]
        for reading in readings { byTime[reading.time] = reading }
        self.readings = byTime.values.sorted { $0.time < $1.time }
    }

    /// The newest observed value (estimated counts: it is what was measured so far).
    public var latestObserved: KpReading? {
        readings.last { $0.kind != .predicted }
    }

    /// The readings whose interval started within `seconds` before `end`.
    public func last(_ seconds: TimeInterval, endingAt end: Date) -> [KpReading] {
        readings.filter { $0.time > end.addingTimeInterval(-seconds) && $0.time <= end }
    }

    /// The predicted readings whose interval has not ended at `now`: a
    /// prediction for a past interval is no longer a forecast.
    public func forecast(after now: Date) -> [KpReading] {
        readings.filter { $0.kind == .predicted && $0.time.addingTimeInterval(KpReading.interval) > now }
    }

    /// The highest predicted Kp of each UTC day, in day order.
    public static func dailyMaxima(_ readings: [KpReading]) -> [(day: EarthDate, highest: KpReading)] {
        var result: [(day: EarthDate, highest: KpReading)] = []
        for reading in readings {
            let day = EarthDate(secondsSince1970: reading.time.timeIntervalSince1970)
            if let last = result.last, last.day == day {
                if reading.kp > last.highest.kp { result[result.count - 1].highest = reading }
            } else {
                result.append((day, reading))
            }
        }
        return result
    }
}
