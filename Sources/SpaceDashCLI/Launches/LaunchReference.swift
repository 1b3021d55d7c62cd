import Foundation
import SpaceData
import Streams

/// The launch a command's ID|QUERY words name (`launches show`, `launches open`):
/// a whole Launch Library id, a launch of the bundled history (`gcat:1961 MU`),
/// the start of an id (8 characters or more, as git takes short hashes), or
/// words that pick one launch as `launches search` does.
struct LaunchReference: Sendable {
    let words: [String]
    let timeframe: LaunchTimeframe

    /// `past`: --past was given. The history's launches are all past: their ids need no --past.
    init(words: [String], past: Bool) {
        self.words = words
        timeframe = past || (words.first.map(Self.namesHistoryLaunch) ?? false) ? .past : .upcoming
    }

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespaces) }

    /// A query's unknown qualifier, which is a usage error; an id is no query.
    var usageError: UsageError? {
        Self.mayBeID(text) ? nil : LaunchSearchQuery(words: words).unknownQualifierError
    }

    /// The launch found: its id and the launch as a list holds it, if one does.
    enum Resolution {
        case launch(id: String, listed: Launch?)
        /// Several launches matched; they were listed on stderr.
        case ambiguous
    }

    /// Finds the launch. Only words ask Launch Library (for the upcoming list);
    /// ids and prefixes read the cached or bundled list, asking nothing.
    func resolve(with service: LaunchService, fetch: FetchOptions, output: OutputOptions, context: CommandContext,
                 beforeNotices: () -> Void) async throws -> Resolution {
        if Self.isLaunchID(text) {
            let id = text.lowercased()
            let known = try? await service.launches(LaunchService.Request(timeframe: timeframe, policy: FetchPolicy(offline: true))).firstResult()
            return .launch(id: id, listed: known?.value.launches.first { $0.id.lowercased() == id })
        }
        if Self.mayBeID(text) {
            // GCAT's launches are the bundled history's alone: nothing to ask anyone.
            guard let launch = LaunchHistory.launches.first(where: { $0.id.caseInsensitiveCompare(text) == .orderedSame }) else {
                throw CommandError("no launch \(LaunchSearchQuery.quoted(text)) in the bundled history of orbital launches (its ids read like gcat:1969-059)")
            }
            return .launch(id: launch.id, listed: launch)
        }
        if Self.isLaunchIDPrefix(text) {
            let known = try? await service.launches(LaunchService.Request(timeframe: timeframe, policy: FetchPolicy(offline: true))).firstResult()
            let launches = known?.value.launches ?? []
            switch Self.withIDPrefix(text, among: launches) {
            case .one(let launch): return .launch(id: launch.id, listed: launch)
            case .none:
                let what = timeframe == .upcoming ? "upcoming" : "past"
                throw CommandError("no launch id starts with \(LaunchSearchQuery.quoted(text)) among the \(launches.count) \(what) launches cached or bundled; give the whole id\(timeframe == .upcoming ? ", or try --past" : "")")
            case .several(let matches):
                Self.listCandidates(matches, for: "the id prefix \(LaunchSearchQuery.quoted(text))", context: context)
                return .ambiguous
            }
        }
        let sourced = try await service.launches(LaunchService.Request(timeframe: timeframe, policy: fetch.policy, timeout: fetch.timeout)).firstResult()
        beforeNotices()
        for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
        let launches = sourced.value.launches
        switch Self.pick(words, among: launches, timeframe: timeframe) {
        case .one(let launch): return .launch(id: launch.id, listed: launch)
        case .none:
            let what = timeframe == .upcoming ? "upcoming" : "past"
            throw CommandError("no \(what) launch matches \(LaunchSearchQuery.quoted(text)) (searched \(launches.count))\(timeframe == .upcoming ? "; try --past" : "")")
        case .several(let matches):
            Self.listCandidates(matches, for: LaunchSearchQuery.quoted(text), context: context)
            return .ambiguous
        }
    }

    /// Launch Library's ids are UUIDs.
    static func isLaunchID(_ text: String) -> Bool {
        UUID(uuidString: text) != nil
    }

    /// Whether `text` could be an id as the lists give them: Launch Library's, or
    /// a launch of the bundled history (`gcat:` and GCAT's launch tag).
    static func mayBeID(_ text: String) -> Bool {
        isLaunchID(text) || namesHistoryLaunch(text)
    }

    /// The shortest id prefix taken for a launch, as git takes short hashes.
    static let shortestIDPrefix = 8

    /// Whether `text` reads as the start of a Launch Library id: at least 8 of a
    /// UUID's characters (hex digits and dashes, a digit among them, so that a
    /// word such as "deadbeef" in a name stays a word), in any case.
    static func isLaunchIDPrefix(_ text: String) -> Bool {
        guard text.count >= shortestIDPrefix, text.count < 36, text.first != "-" else { return false }
        return text.allSatisfy { $0.isHexDigit || $0 == "-" } && text.contains(where: \.isNumber)
    }

    /// Whether `text` starts as the bundled history's ids do (`gcat:`, in any case).
    static func namesHistoryLaunch(_ text: String) -> Bool {
        text.lowercased().hasPrefix(LaunchHistory.idPrefix)
    }

    /// The launches `what` matches, with their ids, on stderr.
    static func listCandidates(_ matches: [Launch], for what: String, context: CommandContext) {
        context.notice("\(what) matches \(matches.count) launches; show one by its id:")
        let dates = LaunchDateText(zone: context.displayTimeZone, now: context.now)
        for launch in matches.prefix(20) {
            context.notice("  \(launch.id)  \(dates.date(of: launch))  \(launch.name)")
        }
        if matches.count > 20 { context.notice("  … and \(matches.count - 20) more: narrow it") }
    }

    enum Pick: Equatable {
        case none
        case one(Launch)
        case several([Launch])
    }

    /// The launches whose id starts with `prefix` (case ignored), each once.
    static func withIDPrefix(_ prefix: String, among launches: [Launch]) -> Pick {
        let wanted = prefix.lowercased()
        var seen = Set<String>()
        let found = launches.filter { $0.id.lowercased().hasPrefix(wanted) && seen.insert($0.id.lowercased()).inserted }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .several(found)
        }
    }

    /// The launch `text` names: the one whose name it is (case ignored), else
    /// the one the search finds, in date order.
    static func pick(_ words: [String], among launches: [Launch], timeframe: LaunchTimeframe) -> Pick {
        let text = words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let exact = launches.filter { $0.name.caseInsensitiveCompare(text) == .orderedSame }
        if exact.count == 1 { return .one(exact[0]) }
        let found = Array(LaunchCatalog(launches: launches, timeframe: timeframe, filter: LaunchSearchQuery(words: words).searchQuery).selected)
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .several(found)
        }
    }
}
