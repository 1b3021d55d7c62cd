import Foundation
import SpaceData
import Terminal

/// What the interactive search shows; the view draws it and nothing else.
package struct LaunchSearchState: Sendable {
    /// The query field (text and cursor).
    var editor: LineEditor
    /// The latest results, nil until the first search has finished.
    package var matches: LaunchSearchMatches?
    /// The selected row, an index into `matches`.
    var selectedIndex: Int?
    /// The first row shown: the list scrolls only when the selection would leave the
    /// visible rows, as in fzf (`visibleStart`).
    var scrollOffset = 0
    /// Whether the selected launch's details are wanted below the results (Tab).
    var showsDetails = true
    /// The data the next search runs on (may be newer than `matches.data`).
    var data: LaunchSearchData?
    /// How many searches have started (`8 keystrokes, 1 search`).
    var searchCount: Int
    /// Enter was pressed while the results on screen were not for the query on the
    /// prompt: the choice waits for the query's results (an edit calls it off).
    var isAccepting = false
    /// The launch Enter chose once the query's results came (the runner prints it).
    var acceptedLaunch: Launch?

    var query: String { editor.text }

    /// The first of `rows` visible rows: `offset` moved just enough to show `selected`,
    /// and no further down than the last full page of `count` results.
    static func visibleStart(offset: Int, selected: Int, count: Int, rows: Int) -> Int {
        guard rows > 0 else { return 0 }
        var first = min(offset, max(0, count - rows))
        if selected < first { first = selected }
        if selected >= first + rows { first = selected - rows + 1 }
        return max(0, first)
    }
    var resultCount: Int { matches?.count ?? 0 }
    var totalCount: Int { matches?.data.catalog.count ?? data?.catalog.count ?? 0 }
    var origin: DataOrigin? { data?.origin }
    /// Data not there yet, or better data still coming.
    var isLoading: Bool { data?.isLoading ?? true }
    /// The query or the data changed and the results on screen are not theirs yet.
    package var isSearching: Bool {
        guard let matches, let data else { return data != nil }
        return matches.query != query || matches.data.catalog !== data.catalog
    }

    /// The results on screen are those of the query on the prompt and the latest data.
    var hasCurrentResults: Bool { data != nil && !isSearching }

    var selectedLaunch: Launch? {
        guard let matches, let selectedIndex, selectedIndex < matches.count else { return nil }
        return matches.launch(at: selectedIndex)
    }

    /// `12 / 348 launches · live, fetched 3 min ago`, or `loading launches…` before any
    /// data; then `updating…` while live launches load, or why they did not come.
    /// In ASCII glyphs: `12 / 348 launches | live, fetched 3 min ago`, `loading launches...`.
    func statusText(now: Date, glyphs: Glyphs = .unicode) -> String {
        guard let data else { return "loading launches" + glyphs.ellipsis }
        let counts = matches == nil ? "\(totalCount) launches" : "\(resultCount) / \(totalCount) launches"
        var text = counts + glyphs.joiner + Self.describe(data.source, now: now, launches: data.catalog.launches)
        if data.isLoading { text += glyphs.joiner + "updating" + glyphs.ellipsis }
        if let notice = data.notice { text += glyphs.joiner + notice }
        // The command line refuses an unknown qualifier; the prompt says so instead of searching silently.
        if let unknown = SearchQuery(query).unknownQualifiers.first {
            text = "\(unknown) is no qualifier (\(SearchQualifier.list))" + glyphs.joiner + text
        }
        return text
    }

    static func describe(_ source: LaunchSearchSource, now: Date, launches: [Launch] = []) -> String {
        switch source {
        case .service(.live(let fetchedAt)):
            let age = now.timeIntervalSince(fetchedAt)
            return age < 60 ? "live, fetched just now" : "live, fetched \(AgeText.describe(age)) ago"
        case .service(.cache(let savedAt, _)):
            return "cache, \(AgeText.describe(now.timeIntervalSince(savedAt))) old"
        case .service(.sample):
            // What the binary holds: the history for past launches, else the listing, with its date.
            return launches.first.map(LaunchHistory.isHistory) == true
                ? "bundled GCAT history, 1957 to 2023" : "bundled listing of 20 July 2026"
        case .file(let path):
            return "file \(URL(fileURLWithPath: path).lastPathComponent)"
        case .unavailable:
            return "no data"
        }
    }
}

/// What a key asks of the runner.
enum LaunchSearchAction: Equatable, Sendable {
    /// Nothing to do beyond redrawing (the view model has called `onChange`).
    case none
    /// Enter on a result: print it and exit 0.
    case accept(Launch)
    /// Esc, or Ctrl-D on an empty query: leave the search (exit 130 from `-i`; back to a live view).
    case cancel
    /// Ctrl-C: an interrupt, which ends the program (exit 130), from a live view too.
    case interrupt
}
