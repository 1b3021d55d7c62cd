import Foundation

extension LaunchList {
    /// The upcoming launches still ahead at `now`, with `passedCount` saying how
    /// many were left out. A listing is true of the moment it was made: a launch
    /// whose time has passed is no longer upcoming, whatever the listing (the
    /// bundled one, an old cache entry, a live answer a few minutes late) still
    /// says of it. Past launches are returned as they are.
    public func stillAhead(at now: Date) -> LaunchList {
        guard timeframe == .upcoming else { return self }
        var kept = self
        kept.launches = launches.filter { !$0.hasPassed(at: now) }
        kept.passedCount = passedCount + launches.count - kept.launches.count
        return kept
    }
}

extension Launch {
    /// When this launch stops being upcoming: the end of its window, else its NET.
    public var passesAt: Date? { windowEnd ?? net }

    /// Whether this launch's time has passed at `now`. A launch without a
    /// time is kept: nothing says it has gone.
    public func hasPassed(at now: Date) -> Bool {
        guard let passesAt else { return false }
        return passesAt < now
    }
}
