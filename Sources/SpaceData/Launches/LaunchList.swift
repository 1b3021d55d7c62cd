import Foundation

/// Which launches to list: those to come (soonest first) or those gone (newest first).
public enum LaunchTimeframe: String, Sendable, CaseIterable {
    case upcoming
    case past
}

/// The launches of one or more pages of an answer, de-duplicated by id, in
/// the order the API gave them (`ordering=net` upcoming, `-net` past).
public struct LaunchList: Sendable, Equatable {
    public var launches: [Launch]
    public var timeframe: LaunchTimeframe
    /// How many pages the launches came from.
    public var pages: Int
    /// What the API said the whole query holds (`count`), when it said.
    public var totalCount: Int?
    /// How many upcoming launches were left out because their time had passed
    /// (`stillAhead(at:)`), so a view can say so.
    public var passedCount: Int
    /// How many of the pages' results were not launches (no id or no name) and
    /// were left out (`LaunchPage.skipped`), so a view of a file can say so.
    public var skipped = 0

    public init(launches: [Launch], timeframe: LaunchTimeframe, pages: Int = 1, totalCount: Int? = nil, passedCount: Int = 0) {
        self.launches = launches
        self.timeframe = timeframe
        self.pages = pages
        self.totalCount = totalCount
        self.passedCount = passedCount
    }

    /// The launches of `pages` in order, each id once (the first copy wins; ids
    /// are compared byte for byte): `count` can change while paging, so the same
    /// launch may come twice.
    public init(pages: [LaunchPage], timeframe: LaunchTimeframe) {
        var launches: [Launch] = []
        if pages.count == 1, !LaunchIDFingerprints.mayRepeat(pages[0].launches) {
            // One page without a repeated id (a million-launch `--file` is one):
            // its launches as they are, not copied.
            launches = pages[0].launches
        } else {
            let total = pages.reduce(0) { $0 + $1.launches.count }
            // By their bytes, as the fingerprints compare them: ids are opaque, and
            // `String`'s equality would take "é" and "e\u{301}" for one.
            var seen = Set<[UInt8]>(minimumCapacity: total)
            launches.reserveCapacity(total)
            for page in pages {
                for launch in page.launches where seen.insert(Array(launch.id.utf8)).inserted {
                    launches.append(launch)
                }
            }
        }
        self.init(launches: launches, timeframe: timeframe, pages: pages.count, totalCount: pages.last?.count)
        skipped = pages.reduce(0) { $0 + $1.skipped }
    }
}
