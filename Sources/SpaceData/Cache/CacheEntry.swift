import Foundation

/// One cached response: the raw body as the server sent it, and when it was saved.
///
/// Keeping the raw body (not a decoded model) means a newer spacedash reads
/// an older cache with its own decoder, and the cache never holds anything
/// the server did not say.
public struct CacheEntry: Sendable, Equatable {
    public let body: Data
    public let savedAt: Date

    public init(body: Data, savedAt: Date) {
        self.body = body
        self.savedAt = savedAt
    }

    /// Seconds since the entry was saved, never negative.
    public func age(at now: Date) -> TimeInterval {
        max(0, now.timeIntervalSince(savedAt))
    }

    /// Whether the entry was saved less than `freshness` seconds before `now`.
    ///
    /// An entry stamped in the future (a clock that jumped back) is not
    /// fresh: otherwise it would stay fresh until that future moment.
    public func isFresh(within freshness: TimeInterval, at now: Date) -> Bool {
        let age = now.timeIntervalSince(savedAt)
        return age >= 0 && age < freshness
    }
}

/// What a cache lookup found.
public enum CacheLookup: Sendable, Equatable {
    /// A valid entry.
    case hit(CacheEntry)
    /// No entry under that name.
    case miss
    /// An entry that could not be used (damaged, truncated, a symbolic link,
    /// another user's file). A damaged entry of ours has been removed, so it is
    /// reported once; another user's file is left where it is.
    case unreadable(CacheProblem)
}

/// Why a cache entry or the cache directory could not be used: one line a user can act on.
public struct CacheProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or directory concerned.
    public let path: String
    /// What was wrong with it.
    public let reason: String
    /// Whether the same store already reported this file as unusable when
    /// reading it (another user's entry), so a caller that shows the read's
    /// problems need not say it again for the write.
    public let reportedByRead: Bool

    public init(path: String, reason: String, reportedByRead: Bool = false) {
        self.path = path
        self.reason = reason
        self.reportedByRead = reportedByRead
    }

    public var description: String { "\(path): \(reason)" }
}
