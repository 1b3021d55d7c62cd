/// Search as the user types: each query that only narrows the previous one
/// (a term made longer, a term added, an exclusion made shorter) is answered
/// from the previous results instead of the whole index.
///
/// A value type: keep one per interactive search, e.g. in a `scan` of the
/// query publisher run off the main queue.
public struct SearchSession: Sendable {
    public let engine: SearchEngine
    /// The last results returned.
    public private(set) var results: SearchResults?

    public init(engine: SearchEngine) {
        self.engine = engine
    }

    /// The results of `text` (parsed as a `SearchQuery`).
    public mutating func search(_ text: String) -> SearchResults {
        search(SearchQuery(text))
    }

    /// The results of `query`, the same as `engine.search(query)`.
    public mutating func search(_ query: SearchQuery) -> SearchResults {
        let next: SearchResults
        if let previous = results, query.narrows(previous.query) {
            next = engine.search(query, within: previous)
        } else {
            next = engine.search(query)
        }
        results = next
        return next
    }
}
