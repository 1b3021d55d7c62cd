import Foundation
import HTTP
import SpaceData
import Streams
import Synchronization

/// `spacedash launches search [QUERY...]`: loads launches (cache, Launch
/// Library, or a saved response with --file), searches them, and prints a
/// table on a terminal, tab-separated lines into a pipe, or JSON.
struct LaunchesSearchCommand: Command {
    static let query = RepeatedPositional<String>(
        "QUERY", help: """
            Words joined with spaces, read as -i reads its prompt: each must occur in the name, agency, \
            mission type or location (case, accents and width ignored); "quoted phrases" are one word \
            (quote them for the shell too: '"cape canaveral"'); a | b matches either; name:, agency:, \
            mission:, location:, rocket:, pad:, status:, orbit: and country: narrow a word to one field; a \
            leading - excludes (starlink -falcon); after -- every word is a query word, so -- -us excludes \
            a word of one or two letters, which would read as options
            """,
        acceptsDashPrefixedValues: true)
    static let past = Flag("past", help: "Past launches, newest first, instead of upcoming ones")
    static let limit = Option<Int?>("limit", valueName: "N", help: "Show at most N launches", example: "10", check: .within(1...100_000))
    static let agency = RepeatedOption<String>("agency", valueName: "A", help: "Only launches by this provider (name or abbreviation); repeat it for any of several",
                                                 expecting: "a provider's name or abbreviation", example: "SpaceX")
    static let location = RepeatedOption<String>("location", valueName: "L", help: "Only launches from this site or pad; repeat it for any of several",
                                                   expecting: "a site or pad", example: "Kourou")
    static let missionType = RepeatedOption<String>("mission-type", valueName: "T", help: "Only this mission type, e.g. Communications; repeat it for any of several",
                                                      expecting: "a mission type", example: "Communications")
    static let status = RepeatedOption<String>("status", valueName: "S", help: "Only this status, e.g. Go, TBD, Success; repeat it for any of several",
                                                 expecting: "a status", example: "Go")
    static let after = Option<Date?>("after", valueName: "DATE", help: "Only launches at or after DATE (a year like 1969, a day like 2026-12-01, or 2026-12-01T12:00:00Z)", example: "2026-12-01")
    static let before = Option<Date?>("before", valueName: "DATE", help: "Only launches before DATE (a year, a day or a time: --after 1969 --before 1970 is 1969)", example: "2027-01-01")
    static let file = Option<String?>("file", valueName: "PATH", help: "Search a saved Launch Library response (2.0.0, 2.2.0 or 2.3.0; any mode) or spacedash's own --json output instead, - for standard input: no request, no cache",
                                        expecting: "a path", example: "saved.json")
    static let pages = Option<Int>("pages", valueName: "N", default: 1, help: "Follow 'next' for up to N pages of 100 (each page is one request of the 15 an hour)", example: "3", check: .within(1...LaunchService.maximumPages))
    static let ics = Flag("ics", help: "Print the launches as an RFC 5545 calendar (.ics): one event a launch, updated in place when imported again")
    static let interactive = Flag("interactive", short: "i", help: "Search as you type on the terminal, within the launches the other options select; Enter prints the selected launch, Esc cancels (exit 130)")
    static let watch = Flag("watch", help: "A live full-screen view on the terminal: countdowns tick every second, launches refresh every --interval minutes and what changed is marked; q or Esc quits, r refreshes, / searches")
    static let interval = Option<Int>("interval", valueName: "MINUTES", default: 10,
                                      help: "With --watch: refresh the launches every MINUTES minutes (at least 4 a page: Launch Library allows 15 requests an hour)",
                                      expecting: "a number of minutes", example: "15", check: .within(4...1440))
    static let debounce = Option<Int>("debounce", valueName: "MS", default: 300, help: "With -i: wait MS milliseconds after the last key before searching (0: search on every key)",
                                          expecting: "a number of milliseconds", check: .within(0...10_000))

    static let configuration = CommandConfiguration(
        name: "search",
        abstract: "Search upcoming or past launches by name, agency, mission type, location and status.",
        discussion: """
            Launches come from Launch Library 2 (https://ll.thespacedevs.com/2.3.0, or \
            SPACEDASH_LAUNCHES_URL). The free tier allows 15 requests an hour, so each answer is \
            cached for 15 minutes; when Launch Library cannot answer, cached launches are shown, \
            else what spacedash bundles: Launch Library 2's listing of 20 July 2026 for upcoming \
            launches, GCAT's history of orbital launches (1957 to 2023) for --past; a line on stderr \
            says so. An upcoming launch whose time (its window's end, else its NET) has passed is \
            left out, and a line says how many were; SPACEDASH_NOW sets "now". Set \
            SPACEDASH_LL2_TOKEN to send an API key.

            On a terminal: a table with local times (or UTC with --utc), a countdown for upcoming \
            launches and the matched text highlighted. Into a pipe: one launch per line, tab-separated \
            fields with no header: NET (ISO-8601 UTC), name, agency, mission type, location, status, id; \
            plain unless --color always, which highlights the matches there too. \
            With --json: an array of objects with the fields id, name, agency, agency_abbrev, agency_type, \
            mission, mission_type, mission_description, orbit, orbit_abbrev, pad, location, country_code, \
            latitude, longitude, net, net_precision, window_start, window_end, status, status_abbrev, \
            rocket, webcast_live, last_updated (null when unknown; dates ISO-8601 UTC).

            No match prints nothing on stdout ([] with --json) and exits 0.
            """,
        arguments: [query, past, limit, OutputOptions.json, agency, location, missionType, status, after, before, file, pages]
            + FetchOptions.all + [OutputOptions.utc, OutputOptions.quiet, ics, interactive, debounce, watch, interval],
        examples: [
            Example("spacedash launches search", "The next launches."),
            Example("spacedash launches search falcon -starlink", "Falcon launches that are not Starlink."),
            Example("spacedash launches search '\"cape canaveral\"' --after 2026-12-01", "Launches from Cape Canaveral from December on."),
            Example("spacedash launches search --agency spacex --agency \"rocket lab\" 'crew | cargo'", "Crew or cargo flights by either provider."),
            Example("spacedash launches search --past --agency spacex --limit 10", "SpaceX's last ten launches."),
            Example("spacedash launches search --file saved.json mission:communications", "Search a saved response."),
            Example("spacedash launches search --json status:go | jq '.[].name'", "Names of launches that are Go."),
            Example("spacedash launches spacex --watch", "SpaceX's next launches, counting down live."),
        ])

    let words: [String]
    let timeframe: LaunchTimeframe
    let limit: Int?
    let output: OutputOptions
    let agencies: [String]
    let locations: [String]
    let missionTypes: [String]
    let statuses: [String]
    let after: Date?
    let before: Date?
    let file: String?
    let pages: Int
    let fetch: FetchOptions
    let ics: Bool
    let interactive: Bool
    let debounce: Int
    let watch: Bool
    /// Minutes between two refreshes of --watch.
    let interval: Int

    init(_ arguments: ParsedArguments) throws {
        words = arguments[Self.query]
        timeframe = arguments[Self.past] ? .past : .upcoming
        limit = arguments[Self.limit]
        output = OutputOptions(arguments)
        agencies = arguments[Self.agency]
        locations = arguments[Self.location]
        missionTypes = arguments[Self.missionType]
        statuses = arguments[Self.status]
        after = arguments[Self.after]
        before = arguments[Self.before]
        file = arguments[Self.file]
        pages = arguments[Self.pages]
        fetch = try FetchOptions(arguments)
        ics = arguments[Self.ics]
        interactive = arguments[Self.interactive]
        debounce = arguments[Self.debounce]
        watch = arguments[Self.watch]
        interval = arguments[Self.interval]

        if let unknown = searchQuery.unknownQualifierError { throw unknown }
        if ics && output.json { throw UsageError("--ics and --json contradict each other: choose one output") }
        if ics && interactive { throw UsageError("--ics and -i contradict each other: -i prints the one launch chosen", hint: "drop -i to export the launches a query selects") }

        // The debounce is how the search-as-you-type waits; without -i nothing waits.
        if arguments.contains(Self.debounce) && !interactive {
            throw UsageError("--debounce applies only to the interactive search", hint: "add -i: spacedash launches search -i --debounce \(debounce)")
        }
        try checkWatch(arguments)
        if let after, let before, after >= before {
            throw UsageError("--after must be earlier than --before", hint: "no launch can be in that range")
        }
        if let file {
            if file.isEmpty { throw UsageError("--file needs a path", hint: "--file saved.json") }
            if fetch.policy.refresh { throw UsageError("--file and --refresh contradict each other: --file reads a saved response and makes no request") }
            if fetch.policy.strict { throw UsageError("--file and --strict contradict each other: --strict needs live data, --file reads a saved response") }
            if arguments.contains(Self.pages) { throw UsageError("--file and --pages contradict each other: a saved response is one page") }
        }
    }

    /// --watch shows upcoming launches live on the terminal: other outputs, a saved file and
    /// past launches contradict it; --interval keeps within Launch Library's limit.
    private func checkWatch(_ arguments: ParsedArguments) throws {
        guard watch else {
            if arguments.contains(Self.interval) {
                throw UsageError("--interval applies only to --watch", hint: "add --watch: spacedash launches --watch --interval \(interval)")
            }
            return
        }
        if output.json { throw UsageError("--watch and --json contradict each other: --watch redraws a screen, --json prints once for scripts") }
        if ics { throw UsageError("--watch and --ics contradict each other: --ics prints a calendar once") }
        if interactive { throw UsageError("--watch and -i contradict each other: press / in --watch to search") }
        if timeframe == .past { throw UsageError("--watch and --past contradict each other: --watch counts down to launches to come") }
        if file != nil { throw UsageError("--watch and --file contradict each other: a saved response never changes", hint: "drop --file to watch Launch Library") }
        let spacing = LaunchWatchViewModel.minimumSpacing(pages: pages)
        if TimeInterval(interval * 60) < spacing {
            let minutes = Int((spacing / 60).rounded(.up))
            throw UsageError("--interval \(interval) is too often for \(pages) pages a refresh: Launch Library allows 15 requests an hour",
                             hint: "use --interval \(minutes) or more")
        }
    }

    // MARK: - Running

    func run(_ context: CommandContext) async throws -> ExitCode {
        if interactive, let problem = LaunchSearchRunner.unavailability(environment: context.environment) {
            throw CommandError(problem, exitCode: .usage)
        }
        if interactive { return try await runInteractive(context) }
        if watch { return try await runWatch(context) }
        let loaded = try await load(context)
        let catalog = LaunchCatalog(launches: loaded.launches, timeframe: timeframe, filter: searchQuery.searchQuery, limit: limit)
        let shown = LaunchSearch.rows(catalog.selected)

        if shown.isEmpty {
            // A calendar must hold an event (RFC 5545 §3.4): with none, nothing is printed.
            if output.json { try context.stdout.writeLine("[]") }
            // The bundled listing with nothing ahead has said so in its one line.
            if !loaded.saidNothingAhead { output.notice(noMatchMessage(total: loaded.launches.count), in: context) }
            return .success
        }
        if ics {
            try context.stdout.write(calendar(shown.map(\.launch), context))
        } else if output.json {
            try context.stdout.writeLine(try LaunchJSONRenderer.render(shown.map(\.launch)))
        } else if context.stdout.isTerminal {
            let renderer = LaunchTableRenderer(
                dates: LaunchDateText(zone: context.displayTimeZone, now: context.now),
                width: context.layoutWidth,
                mode: context.styleMode,
                showsCountdown: timeframe == .upcoming,
                ellipsis: context.glyphs.ellipsis)
            for line in renderer.render(shown) { try context.stdout.writeLine(line) }
        } else {
            for row in shown { try context.stdout.writeLine(LaunchTabSeparatedRenderer.line(row, mode: context.styleMode)) }
        }
        return .success
    }

    /// --ics: the launches as a calendar stamped with the run's clock, each
    /// linked to its record at Launch Library (the bundled history's launches
    /// have none there).
    private func calendar(_ launches: [Launch], _ context: CommandContext) -> String {
        let endpoint = (try? Services(context: context, fetch: fetch).launchLibraryEndpoint()) ?? LaunchLibraryEndpoint()
        let details = launches.map { launch in
            LaunchDetail(launch: launch, recordURL: LaunchHistory.isHistory(launch) ? nil : endpoint.record(id: launch.id).absoluteString)
        }
        let (text, undated) = LaunchCalendarWriter(stamp: context.now, version: SpaceDashVersion.current).calendar(details)
        if undated > 0 { output.notice("left \(undated) launch\(undated == 1 ? "" : "es") without a date out of the calendar", in: context) }
        return text
    }

    /// The launches to search: from --file, or through the service's chain,
    /// its notices printed on stderr.
    private func load(_ context: CommandContext) async throws -> (launches: [Launch], origin: DataOrigin?, saidNothingAhead: Bool) {
        if let file {
            let list = try loadFile(file, context) { output.notice($0, in: context) }
            return (pastOnly(list.launches, file: Self.name(ofFile: file), context), nil, false)
        }
        let services = Services(context: context, fetch: fetch)
        let launches = try services.launches().launches(serviceRequest)
        // Shown only after 100 ms: a fresh cache answers before it appears.
        let spinner = context.showsProgress
            ? ProgressSpinner(output: context.stderr, message: "Fetching launches" + context.glyphs.ellipsis, unicode: context.glyphs.isUnicode,
                              erasingOnInterruptOf: context.stderr.fileDescriptor)
            : nil
        spinner?.start(on: services.environment.scheduler)
        defer { spinner?.stop() }
        let sourced = try await launches.firstResult()
        spinner?.stop()
        for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
        if fetch.verbose { context.notice(Self.originLine(sourced, refreshAsked: fetch.policy.refresh)) }
        return (sourced.value.launches, sourced.origin, LaunchNotices.saysNothingAhead(sourced))
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

    /// A saved response (--file), read whole before anything is shown; `say`
    /// gets the line on results left out for not being launches.
    private func loadFile(_ file: String, _ context: CommandContext, say: (String) -> Void) throws -> LaunchList {
        let list = file == Self.standardInput
            ? try LaunchService.loadStandardInput(named: Self.name(ofFile: file), timeframe: timeframe)
            : try LaunchService.load(file: file, timeframe: timeframe)
        if fetch.verbose { context.notice("\(list.launches.count) launch\(list.launches.count == 1 ? "" : "es") from \(Self.name(ofFile: file))") }
        if list.skipped > 0 {
            let results = list.skipped == 1 ? "1 result that is not a launch" : "\(list.skipped) results that are not launches"
            say("left out \(results) from \(Self.name(ofFile: file)) (a launch needs an id and a name)")
        }
        return list
    }

    /// `--file -` reads standard input, as rg and jq read `-`
    /// (`curl … | spacedash launches --file -`).
    static let standardInput = "-"

    /// How messages and the interactive search's status line name the file.
    static func name(ofFile file: String) -> String {
        file == standardInput ? "standard input" : file
    }

    private var serviceRequest: LaunchService.Request {
        LaunchService.Request(timeframe: timeframe, pages: pages, policy: fetch.policy, timeout: fetch.timeout)
    }

    /// --verbose: where the launches came from. With `refreshAsked` (--refresh), a cached
    /// answer never suggests --refresh: the notices say why no live answer came.
    static func originLine(_ sourced: Sourced<LaunchList>, refreshAsked: Bool = false) -> String {
        let list = sourced.value
        let count = "\(list.launches.count) \(list.timeframe == .upcoming ? "upcoming" : "past") launches"
        switch sourced.origin {
        case .live:
            let pages = list.pages == 1 ? "1 page" : "\(list.pages) pages"
            return "\(count) from Launch Library (\(pages)\(list.totalCount.map { " of \($0) launches" } ?? ""))"
        case .cache(_, let age):
            let ago = age < 60 ? "less than a minute" : AgeText.describe(age)
            let fresh = age < LaunchService.freshness && !refreshAsked
                ? "; fresh for \(AgeText.describe(LaunchService.freshness - age)) more, no request made (--refresh to ask now)"
                : ""
            return "\(count) cached \(ago) ago\(fresh)"
        case .sample:
            return "\(count) from \(LaunchService.bundledSummary(list.timeframe))"
        }
    }

    /// `-i`: the full-screen search (Sources/SpaceDashCLI/Interactive); the query words
    /// start it, the field options and --limit narrow the launches it searches. Launches
    /// stream in: cached or sample ones at once, live ones when they come (`--strict`
    /// waits for live ones before the screen opens). The chain's notices go to stderr
    /// once the terminal is given back.
    private func runInteractive(_ context: CommandContext) async throws -> ExitCode {
        let settled = SettledLaunches()
        let outcome = try await LaunchSearchRunner.run(
            initialQuery: words.joined(separator: " "), data: try await searchData(context, settled: settled),
            debounce: .milliseconds(debounce), context: context)
        for line in settled.heldLines { output.notice(line, in: context) }
        if let sourced = settled.value {
            for notice in LaunchNotices.notices(sourced, now: context.now) { output.notice(notice.message, in: context) }
            if fetch.verbose { context.notice(Self.originLine(sourced, refreshAsked: fetch.policy.refresh)) }
        }
        guard case .accepted(let launch) = outcome else { return .interrupted }
        try context.stdout.writeLine(output.json ? try LaunchJSONRenderer.render(launch) : LaunchTabSeparatedRenderer.line(launch))
        return .success
    }

    /// The launches `-i` searches, as they come: prepared off the main queue, each
    /// delivery replacing the last. Request lines and the settled answer go to `settled`.
    private func searchData(_ context: CommandContext, settled: SettledLaunches) async throws -> AnyPublisher<LaunchSearchData, Never> {
        let clock = context.clock
        let feed = LaunchSearchFeed(timeframe: timeframe, filters: filterQuery, limit: limit, now: { clock() })
        let indexing = DispatchQueue(label: "spacedash.index", qos: .userInitiated).eraseToAnyScheduler()
        if let file {
            // A line written while the screen is open would garble it: it waits for its end.
            let list = try loadFile(file, context) { settled.hold($0) }
            return feed.publisher(file: Self.name(ofFile: file), launches: list.launches, indexing: indexing)
        }
        if fetch.policy.strict {
            let loaded = try await load(context)
            return Just(loaded.launches)
                .receive(on: indexing)
                .map { feed.data($0, source: .service(loaded.origin ?? .sample)) }
                .eraseToAnyPublisher()
        }
        // Request lines written while the screen is open would garble it: they wait for its end.
        let httpLog = HTTPLog { line in settled.hold(line) }
        let updates = try Services(context: context, fetch: fetch, httpLog: httpLog)
            .launches().updates(serviceRequest)
            .handleEvents(receiveOutput: { update in if !update.isLoading { settled.keep(update.sourced) } })
        return feed.publisher(updates, indexing: indexing)
    }

    /// --watch: the live screen (Sources/SpaceDashCLI/Watch) over the launches the query
    /// selects; `/` opens the interactive search and comes back. Request lines (--verbose) wait for
    /// the screen's end, as with -i.
    private func runWatch(_ context: CommandContext) async throws -> ExitCode {
        if let problem = WatchRunner.unavailability(environment: context.environment, stdoutIsTerminal: context.stdout.isTerminal,
                                                    shown: "the launches") {
            throw CommandError(problem, exitCode: .usage)
        }
        let settled = SettledLaunches()
        let httpLog = HTTPLog { line in settled.hold(line) }
        let service = try Services(context: context, fetch: fetch, httpLog: httpLog).launches()
        let request = serviceRequest
        let filter = searchQuery.searchQuery
        let model = LaunchWatchViewModel(
            load: { ask in
                var request = request
                // A scheduled refresh asks Launch Library even while the cache is fresh.
                if ask && !request.policy.offline { request.policy.refresh = true }
                return service.launches(request)
            },
            // Offline nothing is asked, so no Retry-After holds a refresh back.
            retryAllowedAt: { request.policy.offline ? nil : service.retryAllowedAt },
            select: { launches in Array(LaunchCatalog(launches: launches, timeframe: .upcoming, filter: filter).selected) },
            limit: limit,
            interval: TimeInterval(interval * 60),
            minimumSpacing: LaunchWatchViewModel.minimumSpacing(pages: pages, offline: request.policy.offline),
            startDate: context.now,
            scheduler: DispatchQueue.main.eraseToAnyScheduler())
        var view = LaunchWatchView(timeZone: context.timeZone)
        view.glyphs = context.glyphs
        view.columnsLimit = context.columnsSetting
        // `/` searches the launches the watch has cached, with the watch's query, and comes back.
        let outcome = try await WatchRunner.watch(model: model, view: view, clock: model.clock, context: context) {
            try await LaunchSearchRunner.run(initialQuery: words.joined(separator: " "), data: try await searchData(context, settled: settled),
                                             debounce: .milliseconds(debounce), context: context)
        }
        await MainActor.run { model.stop() }
        for line in settled.heldLines { output.notice(line, in: context) }
        return outcome == .quit ? .success : .interrupted
    }

    /// `/` in the dashboard's live view: the interactive search over the upcoming launches
    /// the watch loads (the cache it keeps answers, so no extra request), as `-i` runs it.
    static func searchFromWatch(service: LaunchService, request: LaunchService.Request,
                                context: CommandContext) async throws -> LaunchSearchRunner.Outcome {
        let clock = context.clock
        let feed = LaunchSearchFeed(timeframe: .upcoming, filters: LaunchSearchQuery(words: []), limit: nil, now: { clock() })
        let indexing = DispatchQueue(label: "spacedash.index", qos: .userInitiated).eraseToAnyScheduler()
        let data = feed.publisher(service.updates(request), indexing: indexing)
        return try await LaunchSearchRunner.run(initialQuery: "", data: data, debounce: .milliseconds(debounce.defaultValue),
                                                context: context)
    }

    // MARK: - The query

    /// The words and the field options as one query. A word holding spaces
    /// came quoted from the shell and is a phrase.
    var searchQuery: LaunchSearchQuery {
        LaunchSearchQuery(words: words, agencies: agencies, locations: locations, missionTypes: missionTypes,
                          statuses: statuses, after: after, before: before)
    }

    /// The field options alone: what -i narrows its launches by.
    var filterQuery: LaunchSearchQuery {
        LaunchSearchQuery(words: [], agencies: agencies, locations: locations, missionTypes: missionTypes,
                          statuses: statuses, after: after, before: before)
    }

    static let describedLimit = 120

    private func noMatchMessage(total: Int) -> String {
        let what = timeframe == .upcoming ? "upcoming" : "past"
        var described = searchQuery.description
        if described.isEmpty { return "no \(what) launches to show" }
        // A pasted page of text is not echoed whole.
        if described.count > Self.describedLimit { described = String(described.prefix(Self.describedLimit - 1)) + "…" }
        return "no \(what) launches match \(described) (searched \(total))"
    }
}

/// What an interactive search or a live view has to say on stderr once the screen
/// closes: the service's settled answer (for its notices) and --verbose's request lines.
final class SettledLaunches: Sendable {
    private let sourced = Mutex<Sourced<LaunchList>?>(nil)
    private let lines = Mutex<[String]>([])

    func keep(_ value: Sourced<LaunchList>) { sourced.withLock { $0 = value } }
    var value: Sourced<LaunchList>? { sourced.withLock { $0 } }

    func hold(_ line: String) { lines.withLock { $0.append(line) } }
    var heldLines: [String] { lines.withLock { $0 } }
}
