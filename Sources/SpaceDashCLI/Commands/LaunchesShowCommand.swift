import Foundation
import SpaceData
import Streams

/// `spacedash launches show ID|QUERY`: everything known about one launch.
/// An id is asked of Launch Library directly; a query is looked up among the
/// listed launches first and must match one (or name one exactly).
struct LaunchesShowCommand: Command {
    static let target = RepeatedPositional<String>(
        "ID|QUERY", help: "A launch's id (from --json, the last field of a piped row, or 'launches next --format {id}'), or words that pick one launch as 'launches search' does",
        isRequired: true, acceptsDashPrefixedValues: true)

    static let updates = Option<UpdateCount>(
        "updates", valueName: "N|all", default: .latest(5),
        help: "List the newest N of Launch Library's updates on the launch, or all of them")

    static let configuration = CommandConfiguration(
        name: "show",
        abstract: "Everything about one launch: mission, pad, window, status, webcasts, links.",
        discussion: """
            Asks Launch Library for the launch's detailed record (one request of the 15 an hour; \
            cached for 15 minutes like the lists) and shows its webcasts (best first; on a terminal \
            each title is a link, and the address is printed too), boosters and their landings, the \
            spacecraft and its crew, mission patches, the timeline from T-0, probability, weather \
            concerns, hold and failure reasons, Flight Club's simulation and the newest updates of \
            Launch Library's editors (--updates). Offline, or when Launch Library cannot answer, it \
            shows the cached record; else, for a launch of the bundled listing of 20 July 2026, the \
            record as listed then; else the launch as the cached list holds it, and says on stderr \
            what only the detailed record has.

            An id may be cut to its first 8 characters or more, as git takes short hashes, when one \
            launch cached or bundled has it. A QUERY (or a short id) matching several launches lists \
            them with their ids on stderr and exits 1; one matching none exits 1.

            With --json: one object, every field of 'launches --json' and then detailed (whether \
            this is the detailed record), url (the record at Launch Library), agency_country_code, \
            status_description, net_precision_description, probability, weather_concerns, \
            holdreason, failreason, map_url, pad_time_zone, and under Launch Library's own names \
            vid_urls and info_urls (url, title, publisher, type, priority, language, start_time, \
            end_time, live), flightclub_url, launcher_stage, spacecraft_stage, updates (all of them), \
            mission_patches and timeline.
            """,
        arguments: [target, LaunchTimeframeOption.past, updates],
        groups: [OutputOptions.group(OutputOptions.json, OutputOptions.utc, OutputOptions.quiet), FetchOptions.group],
        examples: [
            Example("spacedash launches show e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", "One launch by its id."),
            Example("spacedash launches show starlink 17-39", "The launch whose name has these words."),
            Example("spacedash launches show e1079d3a", "The same launch by the start of its id."),
            Example("spacedash launches show --json \"$(spacedash launches next crew --format '{id}')\" | jq '.vid_urls[].url'",
                    "Webcast addresses of the next crewed launch (one id, however many launches match 'crew')."),
        ])

    let words: [String]
    let updateCount: UpdateCount
    let timeframe: LaunchTimeframe
    let output: OutputOptions
    let fetch: FetchOptions

    init(_ arguments: ParsedArguments) throws {
        words = arguments[Self.target]
        updateCount = arguments[Self.updates]
        output = OutputOptions(arguments)
        fetch = try FetchOptions(arguments)
        // The history's launches are all past: their ids need no --past.
        timeframe = arguments[LaunchTimeframeOption.past] || (words.first.map(Self.namesHistoryLaunch) ?? false) ? .past : .upcoming
        if text.isEmpty { throw UsageError("show needs a launch's id or words naming it", hint: "spacedash launches show starlink") }
        // An id (`gcat:1969-059` has a colon too) is no query; words are read as every search reads them.
        if !Self.mayBeID(text), let unknown = LaunchSearchQuery(words: words).unknownQualifierError { throw unknown }
    }

    var text: String { words.joined(separator: " ").trimmingCharacters(in: .whitespaces) }

    /// Launch Library's ids are UUIDs.
    static func isLaunchID(_ text: String) -> Bool {
        UUID(uuidString: text) != nil
    }

    /// Whether `text` could be an id as `show` lists them: Launch Library's, or
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

    func run(_ context: CommandContext) async throws -> ExitCode {
        // Shown after 100 ms of a request (the list's or the detailed record's), never before one.
        let spinner = context.networkSpinner("Fetching the launch")
        defer { spinner?.stop() }
        let services = Services(context: context, fetch: fetch, willRequest: spinner?.startOnRequest)
        let service = try services.launches()
        let id: String
        let listed: Launch?
        if Self.isLaunchID(text) {
            id = text.lowercased()
            // The list is only the last resort here: read from the cache or the sample, asking nothing.
            let known = try? await service.launches(LaunchService.Request(timeframe: timeframe, policy: FetchPolicy(offline: true))).firstResult()
            listed = known?.value.launches.first { $0.id.lowercased() == id }
        } else if Self.mayBeID(text) {
            // GCAT's launches are the bundled history's alone: nothing to ask anyone.
            guard let launch = LaunchHistory.launches.first(where: { $0.id.caseInsensitiveCompare(text) == .orderedSame }) else {
                throw CommandError("no launch \(LaunchSearchQuery.quoted(text)) in the bundled history of orbital launches (its ids read like gcat:1969-059)")
            }
            id = launch.id
            listed = launch
        } else if Self.isLaunchIDPrefix(text) {
            // A short id names a launch already known here: the cached or bundled list, asking nothing.
            let known = try? await service.launches(LaunchService.Request(timeframe: timeframe, policy: FetchPolicy(offline: true))).firstResult()
            let launches = known?.value.launches ?? []
            switch Self.withIDPrefix(text, among: launches) {
            case .one(let launch):
                id = launch.id
                listed = launch
            case .none:
                throw CommandError("no launch id starts with \(LaunchSearchQuery.quoted(text)) among the \(launches.count) \(timeframe == .upcoming ? "upcoming" : "past") launches cached or bundled; give the whole id\(timeframe == .upcoming ? ", or try --past" : "")")
            case .several(let matches):
                listCandidates(matches, for: "the id prefix \(LaunchSearchQuery.quoted(text))", context: context)
                return .failure
            }
        } else {
            let sourced = try await service.launches(LaunchService.Request(timeframe: timeframe, policy: fetch.policy, timeout: fetch.timeout)).firstResult()
            spinner?.stop()
            for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
            let launches = sourced.value.launches
            switch Self.pick(words, among: launches, timeframe: timeframe) {
            case .one(let launch):
                id = launch.id
                listed = launch
            case .none:
                let what = timeframe == .upcoming ? "upcoming" : "past"
                throw CommandError("no \(what) launch matches \(LaunchSearchQuery.quoted(text)) (searched \(launches.count))\(timeframe == .upcoming ? "; try --past" : "")")
            case .several(let matches):
                listCandidates(matches, for: LaunchSearchQuery.quoted(text), context: context)
                return .failure
            }
        }
        let sourced = try await service.detail(id: id, listed: listed, policy: fetch.policy, timeout: fetch.timeout).firstResult()
        spinner?.stop()
        for notice in sourced.notices { output.notice(notice.message, in: context) }
        if output.json {
            try context.stdout.writeLine(try LaunchJSONRenderer.render(sourced.value))
            return .success
        }
        let renderer = LaunchDetailRenderer(
            dates: LaunchDateText(zone: context.displayTimeZone, now: context.now),
            width: context.layoutWidth,
            mode: context.styleMode,
            joiner: context.glyphs.joiner,
            updates: updateCount)
        for line in renderer.render(sourced.value) { try context.stdout.writeLine(line) }
        return .success
    }

    /// The launches `what` matches, with their ids, on stderr.
    private func listCandidates(_ matches: [Launch], for what: String, context: CommandContext) {
        context.notice("\(what) matches \(matches.count) launches; show one by its id:")
        let dates = LaunchDateText(zone: context.displayTimeZone, now: context.now)
        for launch in matches.prefix(20) {
            context.notice("  \(launch.id)  \(dates.date(of: launch))  \(launch.name)")
        }
        if matches.count > 20 { context.notice("  … and \(matches.count - 20) more: narrow it") }
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

    enum Pick: Equatable {
        case none
        case one(Launch)
        case several([Launch])
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
