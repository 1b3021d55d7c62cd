import Foundation
import SpaceData

/// What `launches search` selects, whichever way it shows it (a listing, `-i`,
/// `--watch`): the query, upcoming or past launches, how many at most, and
/// where they come from: a saved file (`--file`) or Launch Library through the
/// service's chain.
struct LaunchSelection: Sendable {
    var words: [String] = []
    var filters = LaunchFilterOptions()
    var timeframe: LaunchTimeframe = .upcoming
    var limit: Int?
    /// `--file`: a saved response, or `-` for standard input.
    var file: String?
    var pages = 1
    var fetch = FetchOptions()
    var output = OutputOptions()

    /// The words and the filters as one query.
    var query: LaunchSearchQuery { filters.query(words: words) }

    var serviceRequest: LaunchService.Request {
        LaunchService.Request(timeframe: timeframe, pages: pages, policy: fetch.policy, timeout: fetch.timeout)
    }

    /// The launches the selection searches, with where they came from.
    struct Loaded {
        var launches: [Launch]
        /// nil for a file.
        var sourced: Sourced<LaunchList>?
        var origin: DataOrigin? { sourced?.origin }
        /// The bundled listing with nothing ahead has said so in its one line.
        var saidNothingAhead = false
    }

    /// The launches: from the file, or through the service's chain, its notices on stderr.
    func load(_ services: Services, _ context: CommandContext) async throws -> Loaded {
        if let file {
            let list = try LaunchFile.load(file, timeframe: timeframe, verbose: fetch.verbose, context) { output.notice($0, in: context) }
            return Loaded(launches: pastOnly(list.launches, file: LaunchFile.name(of: file), context))
        }
        let sourced = try await services.launches().launches(serviceRequest).firstResult()
        for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
        if fetch.verbose { context.notice(OriginText.launches(sourced, refreshAsked: fetch.policy.refresh)) }
        return Loaded(launches: sourced.value.launches, sourced: sourced, saidNothingAhead: LaunchNotices.saysNothingAhead(sourced))
    }

    /// `--past --file` of a saved list of upcoming launches: those still to come are not
    /// past, so they are left out, and a line says so.
    private func pastOnly(_ launches: [Launch], file: String, _ context: CommandContext) -> [Launch] {
        guard timeframe == .past else { return launches }
        let now = context.now
        let past = launches.filter { ($0.net ?? .distantFuture) <= now }
        let ahead = launches.count - past.count
        if ahead > 0 {
            output.notice("left out \(ahead) launch\(ahead == 1 ? "" : "es") of \(file) still to come (--past shows launches gone); drop --past to see them", in: context)
        }
        return past
    }
}
