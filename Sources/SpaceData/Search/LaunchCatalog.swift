import Foundation
import Synchronization

/// The launches a search runs on, prepared once: ordered for display, indexed
/// once, narrowed by the command line's field filters and cut to a limit.
/// `launches search`, `launches search -i` and `demo` all search through it.
///
/// Building it indexes every launch (seconds for a million): build it off the
/// main queue. Searching is incremental: a query that narrows the previous one
/// searches only the previous results (`SearchSession`).
public final class LaunchCatalog: Sendable {
    /// Every launch given, in display order (upcoming soonest first, past newest first, no date last).
    public let launches: [Launch]
    /// The one index, over `launches`.
    public let engine: SearchEngine
    /// The launches the filters kept, at most `limit` of them: what searches look in.
    public let selection: SearchResults
    private let session: Mutex<SearchSession>
    private let isWhole: Bool

    /// Orders `launches` for `timeframe`, indexes them and applies `filter` and `limit`.
    public convenience init(launches: [Launch], timeframe: LaunchTimeframe, filter: SearchQuery = SearchQuery(), limit: Int? = nil) {
        self.init(ordered: Self.ordered(launches, timeframe), filter: filter, limit: limit)
    }

    /// Indexes `launches` as given (already in display order) and applies `filter` and `limit`.
    public init(ordered launches: [Launch], filter: SearchQuery = SearchQuery(), limit: Int? = nil) {
        self.launches = launches
        engine = SearchEngine(launches: launches)
        // Ranked before the limit: `--past mars --limit 5` gives five Mars missions.
        var selection = engine.rankingWholeWordsFirst(engine.search(filter))
        if let limit, selection.count > limit { selection = selection.limited(to: limit) }
        self.selection = selection
        // Nothing filtered out: searching all records skips the candidate list.
        isWhole = selection.count == engine.count
        session = Mutex(isWhole ? SearchSession(engine: engine) : SearchSession(within: selection))
    }

    /// How many launches searches look in.
    public var count: Int { selection.count }

    /// The selected launches matching `text` (the query language of `SearchQuery`),
    /// found within the previous results when `text` narrows the previous query.
    public func search(_ text: String) -> LaunchMatches {
        search(SearchQuery(text))
    }

    /// The session searches in the selection's order; the ranking comes after, so an
    /// incremental search and one from scratch give the same rows in the same order.
    public func search(_ query: SearchQuery) -> LaunchMatches {
        LaunchMatches(catalog: self, results: engine.rankingWholeWordsFirst(session.withLock { $0.search(query) }))
    }

    /// `text` searched over the whole selection, never within previous results:
    /// the baseline the incremental `search` is measured against.
    public func searchFromScratch(_ text: String) -> LaunchMatches {
        LaunchMatches(catalog: self, results: engine.rankingWholeWordsFirst(
            isWhole ? engine.search(text) : engine.search(SearchQuery(text), within: selection)))
    }

    /// The selected launches, with the filter's highlights.
    public var selected: LaunchMatches { LaunchMatches(catalog: self, results: selection) }

    /// Launches in display order. Stable: launches with the same date keep the API's order.
    ///
    /// Sorts positions, not the launches (large values); lists already in display
    /// order, as the bundled history is, are returned as they are.
    public static func ordered(_ launches: [Launch], _ timeframe: LaunchTimeframe) -> [Launch] {
        let nets = launches.map(\.net)
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            switch (nets[lhs], nets[rhs]) {
            case let (l?, r?) where l != r: return timeframe == .upcoming ? l < r : l > r
            case (nil, _?): return false
            case (_?, nil): return true
            default: return lhs < rhs
            }
        }
        if nets.indices.dropLast().allSatisfy({ precedes($0, $0 + 1) }) { return launches }
        return nets.indices.sorted(by: precedes).map { launches[$0] }
    }
}

/// The launches of one search of a `LaunchCatalog`, in display order, whole-word matches first.
public struct LaunchMatches: Sendable, RandomAccessCollection {
    public let catalog: LaunchCatalog
    public let results: SearchResults

    public var startIndex: Int { 0 }
    public var endIndex: Int { results.count }

    /// The `index`-th matching launch.
    public subscript(index: Int) -> Launch { catalog.launches[results[index]] }

    /// Where the query matched in the `index`-th launch, for highlighting.
    public func highlights(at index: Int) -> SearchHighlights { results.highlights(at: index) }
}
