/// Search as the user types: each query that only narrows the previous one
/// (a term made longer, a term added, an exclusion made shorter) is answered
/// from the previous results instead of the whole index.
///
/// A value type: keep one per interactive search (`LaunchCatalog` keeps one).
public struct SearchSession: Sendable {
    public let engine: SearchEngine
    /// The records every search is confined to (a catalog's filters and limit), nil for all.
    public let base: SearchResults?
    /// The last results returned.
    public private(set) var results: SearchResults?

    public init(engine: SearchEngine) {
        self.engine = engine
        base = nil
    }

    /// A session that searches only `base`'s records.
    public init(within base: SearchResults) {
        engine = base.engine
        self.base = base
    }

    /// The results of `text` (parsed as a `SearchQuery`).
    public mutating func search(_ text: String) -> SearchResults {
        search(SearchQuery(text))
    }

    /// The results of `query`: `engine.search(query)`, or within `base` when there is one.
    public mutating func search(_ query: SearchQuery) -> SearchResults {
        let next: SearchResults
        if let previous = results, query.narrows(previous.query) {
            next = engine.search(query, within: previous)
        } else if let base {
            next = engine.search(query, within: base)
        } else {
            next = engine.search(query)
        }
        results = next
        return next
    }
}
