import HTTP
import SpaceData

/// Where the launches of an interactive search came from.
package enum LaunchSearchSource: Sendable, Equatable {
    /// Through the service's chain: live, cached or bundled.
    case service(DataOrigin)
    /// A saved Launch Library response (`--file`), named as given.
    case file(path: String)
    /// Nothing could be loaded, not even the bundled launches; the notice says why.
    case unavailable
}

/// Launches ready to search (a `LaunchCatalog`) and where they came from.
package struct LaunchSearchData: Sendable {
    let catalog: LaunchCatalog
    let source: LaunchSearchSource
    /// Whether better data is still coming (cache or sample shown while live loads).
    let isLoading: Bool
    /// Why live launches are not shown (the request failed), for the status line.
    let notice: String?

    /// The service's origin, nil for a file.
    var origin: DataOrigin? {
        if case .service(let origin) = source { return origin }
        return nil
    }

    init(catalog: LaunchCatalog, origin: DataOrigin, isLoading: Bool = false) {
        self.init(catalog: catalog, source: .service(origin), isLoading: isLoading)
    }

    package init(catalog: LaunchCatalog, source: LaunchSearchSource, isLoading: Bool = false, notice: String? = nil) {
        self.catalog = catalog
        self.source = source
        self.isLoading = isLoading
        // The status line's words may quote a server: redacted here, whatever built them.
        self.notice = notice.map { Redaction.redact(text: $0) }
    }
}

/// The results of one search over one `LaunchSearchData`.
package struct LaunchSearchMatches: Sendable {
    /// The query as typed.
    package let query: String
    let data: LaunchSearchData
    let matches: LaunchMatches

    var count: Int { matches.count }
    var results: SearchResults { matches.results }

    /// The launch of the `index`-th result.
    func launch(at index: Int) -> Launch { matches[index] }

    /// Where the query matched in the `index`-th result.
    func highlights(at index: Int) -> SearchHighlights { matches.highlights(at: index) }
}
