import Foundation

/// A lander's own clock: the sols it counts from its landing (sol 0), each
/// starting at local mean midnight of the longitude the mission keeps time at.
public struct MarsMissionClock: Sendable, Equatable {
    /// The longitude whose local mean solar time the mission keeps, degrees east.
    public let eastLongitude: Double
    /// The lander's hemisphere, whose seasons it has.
    public let hemisphere: MarsSeason.Hemisphere
    /// The Mars Sol Date, at `eastLongitude`, of sol 0.
    let solZero: Int

    /// Curiosity at Gale crater (4.6° S): landed 2012-08-06 05:17 UTC on sol 0,
    /// keeping the local mean solar time of its landing site, 137.4417° E. Each
    /// of the 4,551 sols of its feed (sols 1 to 4801) falls on that sol's Earth date.
    public static let curiosity = MarsMissionClock(eastLongitude: 137.4417, hemisphere: .southern, solZero: 49_269)

    /// InSight at Elysium Planitia (4.5° N): landed 2018-11-26 19:53 UTC on sol 0.
    /// Its sols turn at local mean midnight of 135.97° E, within a second of its
    /// feed's First_UTC (the lander itself is at 135.62° E).
    public static let insight = MarsMissionClock(eastLongitude: 135.97, hemisphere: .northern, solZero: 51_511)

    /// The mission's sol at `clock`'s instant (negative before sol 0).
    public func sol(at clock: MarsClock) -> Int {
        Int((clock.marsSolDate + eastLongitude / 360).rounded(.down)) - solZero
    }

    /// Local mean noon of `sol`: the middle of that sol, whose Ls and season
    /// stand for it (UTC; the inverse of `sol(at:)`'s count).
    public func noon(ofSol sol: Int) -> Date {
        let marsSolDate = Double(solZero + sol) + 0.5 - eastLongitude / 360
        let daysSinceJ2000 = (marsSolDate - 44_796.0 + 0.0009626) * 1.0274912517 + 4.5
        let terrestrialTime = Date(timeIntervalSince1970: (2_451_545.0 + daysSinceJ2000 - 2_440_587.5) * 86_400)
        return terrestrialTime.addingTimeInterval(-MarsClock.terrestrialTimeOffset(at: terrestrialTime))
    }

    /// The local mean solar time there, in hours 0 ..< 24.
    public func localMeanSolarTime(at clock: MarsClock) -> Double {
        clock.localMeanSolarTime(eastLongitude: eastLongitude)
    }

    /// The season there.
    public func season(at clock: MarsClock) -> MarsSeason? {
        MarsSeason(solarLongitude: clock.solarLongitude, hemisphere: hemisphere)
    }
}
