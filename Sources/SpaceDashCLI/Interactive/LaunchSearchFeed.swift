import Foundation
import SpaceData
import Streams

/// The interactive search's launches as they arrive: each delivery (the service's
/// early and settled answers, or the one list of a `--file`) becomes a
/// `LaunchCatalog` (ordered as the plain search orders it, indexed once, narrowed
/// by the command line's field options `--agency`, `--location`, `--mission-type`,
/// `--status`, `--after`, `--before`, cut to `--limit`) on a background queue:
/// the main queue only swaps the result in. The typed query then searches within these launches.
struct LaunchSearchFeed: Sendable {
    let timeframe: LaunchTimeframe
    /// The field options; the QUERY words are the interactive query, not a filter.
    let filters: LaunchSearchQuery
    let limit: Int?
    /// The run's clock, for the words saying which launches have passed.
    var now: @Sendable () -> Date = { Date() }

    /// `launches` ordered, indexed once, narrowed by the filters and cut to `limit`
    /// (the slow part for big data).
    func data(_ launches: [Launch], source: LaunchSearchSource, isLoading: Bool = false, notice: String? = nil) -> LaunchSearchData {
        LaunchSearchData(catalog: LaunchCatalog(launches: launches, timeframe: timeframe, filter: filters.searchQuery, limit: limit),
                         source: source, isLoading: isLoading, notice: notice)
    }

    /// The service's updates, prepared on `indexing`. Nothing to show at all (the
    /// bundled sample broken) becomes no launches with the reason on the status line.
    func publisher<Updates: Publisher>(_ updates: Updates, indexing: AnySchedulerOf<DispatchQueue>) -> AnyPublisher<LaunchSearchData, Never>
    where Updates.Output == LaunchUpdate, Updates.Failure == ServiceFailure {
        let feed = self
        return updates
            .receive(on: indexing)
            .map { update in
                feed.data(update.sourced.value.launches, source: .service(update.sourced.origin),
                          isLoading: update.isLoading, notice: feed.notice(update))
            }
            .catch { error in
                Just(LaunchSearchData(catalog: LaunchCatalog(ordered: []), source: .unavailable, notice: error.commandError.message))
            }
            .eraseToAnyPublisher()
    }

    /// The status line's words: why live launches are not shown, and what was left out as passed.
    func notice(_ update: LaunchUpdate) -> String? {
        let passed = LaunchNotices.notices(update.sourced, now: now()).last { $0.kind == LaunchNotices.passedLeftOut }
        let parts = [update.liveFailure.map { "live failed: \(Self.reasonFirst($0.message))" }, passed?.message].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// A failure worded for the status line, whose end is cut to the width: the
    /// reason first, the URL (long, with its query) last and cut to its origin.
    /// "request to https://host/path?q took longer than 15 s …" becomes
    /// "request took longer than 15 s … (https://host)".
    static func reasonFirst(_ message: String) -> String {
        guard let range = message.range(of: #"https?://[^\s]*[^\s:,;.)]"#, options: .regularExpression) else { return message }
        var before = message[..<range.lowerBound].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // The word that led to the URL goes with it: "request to", "HTTP 500 from", "the server at".
        if let last = before.last, ["to", "from", "at", "of"].contains(last) { before.removeLast() }
        var reason = before.joined(separator: " ") + message[range.upperBound...]
        reason = reason.replacingOccurrences(of: "  ", with: " ").trimmingCharacters(in: .whitespaces)
        let url = String(message[range])
        let origin = URLComponents(string: url).flatMap { parts in
            parts.scheme.flatMap { scheme in parts.host.map { "\(scheme)://\($0)" + (parts.port.map { ":\($0)" } ?? "") } }
        } ?? url
        return reason.isEmpty ? origin : "\(reason) (\(origin))"
    }

    /// The launches of a saved response, prepared on `indexing`.
    func publisher(file path: String, launches: [Launch], indexing: AnySchedulerOf<DispatchQueue>) -> AnyPublisher<LaunchSearchData, Never> {
        let feed = self
        return Just(launches)
            .receive(on: indexing)
            .map { feed.data($0, source: .file(path: path)) }
            .eraseToAnyPublisher()
    }
}
