import Foundation
import HTTP
import Streams

/// Gets launches the way `spacedash launches` needs them: from the cache while
/// it is fresh (Launch Library's free tier allows 15 requests an hour), else
/// live, following `next` for more pages; when that fails, from the cache
/// whatever its age, then from what the binary holds (Launch Library 2's
/// listing of 20 July 2026 for upcoming launches, GCAT's history for past
/// ones), each step down explained once by a `Notice`.
///
/// The HTTP client, the cache, the clock and the scheduler that delivers the
/// result are injected, so tests script the server and drive time.
public final class LaunchService: Sendable {
    /// How long a cached answer is used without asking Launch Library again.
    public static let freshness: TimeInterval = 15 * 60
    /// The most pages one run may request (each one is a request out of 15 an hour).
    public static let maximumPages = 10

    /// What to load.
    public struct Request: Sendable, Equatable {
        public var timeframe: LaunchTimeframe
        /// How many pages of 100 to follow through `next`.
        public var pages: Int
        public var policy: FetchPolicy
        /// The limit on each page's request, in seconds.
        public var timeout: TimeInterval

        public init(timeframe: LaunchTimeframe = .upcoming, pages: Int = 1, policy: FetchPolicy = .standard,
                    timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) {
            self.timeframe = timeframe
            self.pages = min(max(pages, 1), LaunchService.maximumPages)
            self.policy = policy
            self.timeout = timeout
        }
    }

    public let endpoint: LaunchLibraryEndpoint
    let environment: ServiceEnvironment

    public init(endpoint: LaunchLibraryEndpoint, environment: ServiceEnvironment) {
        self.endpoint = endpoint
        self.environment = environment
    }

    var http: any HTTPFetching { environment.http }
    var cache: CacheStore? { environment.cache }
    var scheduler: AnySchedulerOf<DispatchQueue> { environment.scheduler }
    var clock: @Sendable () -> Date { environment.clock }

    /// The launches of `request`: live, cached or bundled, with a notice for
    /// each step down, as `prepared` makes them. Cold: each subscription runs
    /// the chain once (cancelling stops any request in flight); delivered on
    /// the environment's scheduler.
    public func launches(_ request: Request) -> AnyPublisher<Sourced<LaunchList>, ServiceFailure> {
        let clock = self.clock
        return chain(for: request).publisher()
            .map { Self.prepared($0, now: clock()) }
            .eraseToAnyPublisher()
    }

    /// What every view shows of an answer at `now`. Upcoming: the launches
    /// still ahead, those whose time has passed left out and counted
    /// (`LaunchList.passedCount`), whichever step they came from. Past: Launch
    /// Library's launches (live or cached), then the bundled history's launches
    /// older than the oldest of them, said once; where the two overlap Launch
    /// Library wins, so no launch is listed twice.
    public static func prepared(_ sourced: Sourced<LaunchList>, now: Date) -> Sourced<LaunchList> {
        switch sourced.value.timeframe {
        case .upcoming:
            return sourced.map { $0.stillAhead(at: now) }
        case .past:
            var result = sourced
            if sourced.origin == .sample {
                // The bundled listing's launches that have passed are past launches too,
                // newer than anything in the history.
                let passed = Self.bundledListingPassed(at: now)
                if !passed.isEmpty {
                    result.value.launches = passed + result.value.launches
                    result.notices.append(Notice(.historyAdded, "the newest \(passed.count) from \(BundledLaunchListing.summary)"))
                }
            } else {
                let joined = LaunchHistory.extending(sourced.value.launches)
                if joined.added > 0 {
                    result.value.launches = joined.launches
                    result.notices.append(Notice(.historyAdded, "followed by \(joined.added) older launches from \(LaunchHistory.summary)"))
                }
            }
            // Nothing still to come is past, whatever the clock (SPACEDASH_NOW=2000 hides 2023).
            if let first = result.value.launches.first?.net, first > now {
                result.value.launches.removeAll { ($0.net ?? .distantPast) > now }
            }
            return result
        }
    }

    /// The bundled listing's launches whose time has passed at `now`, newest first.
    static func bundledListingPassed(at now: Date) -> [Launch] {
        guard now > BundledLaunchListing.listedAt, let listing = try? BundledLaunchListing.launches() else { return [] }
        return listing.filter { ($0.net ?? .distantFuture) <= now }.sorted { ($0.net ?? .distantPast) > ($1.net ?? .distantPast) }
    }

    /// The launches of a saved Launch Library response of any supported
    /// version (`--file`): no request, no cache.
    public static func load(file path: String, timeframe: LaunchTimeframe = .upcoming) throws(ServiceFailure) -> LaunchList {
        try load(named: path, timeframe: timeframe) { () throws(LaunchLibraryFileDecoder.Failure) in
            try LaunchLibraryFileDecoder.decode(contentsOf: path)
        }
    }

    /// `load(file:)` reading standard input to its end (a response piped in), called
    /// `name` in what it says.
    public static func loadStandardInput(named name: String, timeframe: LaunchTimeframe = .upcoming) throws(ServiceFailure) -> LaunchList {
        try load(named: name, timeframe: timeframe) { () throws(LaunchLibraryFileDecoder.Failure) in
            try LaunchLibraryFileDecoder.decode(readingToEndOf: STDIN_FILENO)
        }
    }

    private static func load(named path: String, timeframe: LaunchTimeframe,
                             decode: () throws(LaunchLibraryFileDecoder.Failure) -> LaunchPage) throws(ServiceFailure) -> LaunchList {
        do throws(LaunchLibraryFileDecoder.Failure) {
            // Record by record: a file of any size loads in memory proportional to its launches.
            let page = try decode()
            return LaunchList(pages: [page], timeframe: timeframe)
        } catch {
            switch error {
            case .unreadable(let reason): throw .fileUnreadable(path: path, reason: reason)
            case .notLaunches(let error): throw .fileNotLaunches(path: path, reason: fileReason(error))
            case .spacedashDashboard: throw .fileIsDashboard(path: path)
            }
        }
    }

    /// Why a file is not launches, as the end of "PATH is not a Launch Library response: …".
    private static func fileReason(_ error: LaunchLibraryError) -> String {
        switch error {
        case .notJSON(let prefix): return prefix.isEmpty ? "it is empty" : "it is not JSON (it starts with \"\(prefix)\")"
        case .binary: return "it is binary data, not JSON"
        case .malformedJSON(let offset, let expected): return "it is not valid JSON (at byte \(offset), \(expected) was expected)"
        case .unexpectedShape(let why): return "it is JSON but not a list of launches (\(why))"
        case .throttled, .api: return "it holds an error answer rather than launches (\(error))"
        }
    }

    /// The last step of the chain: for upcoming launches the bundled listing
    /// (those whose time has passed are left out by `launches`), for past
    /// launches the bundled history (GCAT, 1957 to 2023).
    func sampleList(_ timeframe: LaunchTimeframe) throws(LaunchLibraryError) -> LaunchList {
        switch timeframe {
        case .upcoming:
            let launches = try BundledLaunchListing.launches()
            return LaunchList(launches: launches, timeframe: .upcoming, totalCount: launches.count)
        case .past:
            let history = LaunchHistory.launches
            return LaunchList(launches: history, timeframe: .past, totalCount: history.count)
        }
    }

    /// What the last step of the chain shows, for notices: it says when it was listed.
    public static func bundledSummary(_ timeframe: LaunchTimeframe) -> String {
        timeframe == .upcoming ? BundledLaunchListing.summary : LaunchHistory.summary
    }
}

extension LaunchService {
    /// The weather's chain (live → cache → sample) with Launch Library's
    /// pages: one cache entry per page, written as each page arrives, and the
    /// notices worded for launches.
    /// - Parameter cached: the pages already read at the start of this run
    ///   (`updates`), so a damaged entry is reported once; nil reads them.
    func chain(for request: Request, cached: FallbackChain<LaunchList>.CacheRead? = nil) -> FallbackChain<LaunchList> {
        let timeframe = request.timeframe
        return FallbackChain<LaunchList>(
            subject: .init(name: "launch data", cacheKey: endpoint.cacheKey(timeframe, page: 1),
                           freshness: Self.freshness, sampleSummary: Self.bundledSummary(timeframe)),
            policy: request.policy, environment: environment,
            // The HTTP client bounds each page's request.
            liveTimeout: nil,
            // Pages are saved as they arrive, so a later page failing keeps the earlier ones.
            layout: .paged(read: { [self] in cached ?? cachedPages(request) }),
            narration: narration(pages: request.pages, bundled: Self.bundledSummary(timeframe)),
            live: { [self] in livePages(request) },
            decode: { body in LaunchList(pages: [try Self.cachedPage(body)], timeframe: timeframe) },
            // An answer without launches is still Launch Library's answer.
            hasData: { _ in true },
            emptyNotice: { Notice(.liveEmpty, "Launch Library has no launches") },
            explain: { ($0 as? LiveFailure)?.notice ?? Notice(.liveFailed, "\($0)") },
            sample: { [self] in try sampleList(timeframe) }
        )
    }

    /// A live step that failed, already explained.
    struct LiveFailure: Error {
        let notice: Notice
    }

    /// The pages of one live answer so far, with what to say about them.
    struct FetchedPages {
        var pages: [LaunchPage] = []
        var notices: [Notice] = []

        /// Each kind once: each step is told once.
        mutating func note(_ notice: Notice) {
            if !notices.contains(where: { $0.kind == notice.kind }) { notices.append(notice) }
        }
    }

    /// Page 1, then its `next` pages up to `request.pages`; no request while
    /// Launch Library asked to wait.
    func livePages(_ request: Request) -> AnyPublisher<LiveAnswer<LaunchList>, any Error> {
        if endpoint.token == nil, let until = throttledUntil(), until > clock() {
            // Asking again before the time Launch Library gave only spends another request.
            let seconds = Int(until.timeIntervalSince(clock()).rounded(.up))
            return Fail(error: LiveFailure(notice: Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description)))
                .eraseToAnyPublisher()
        }
        return pages(from: endpoint.firstPage(request.timeframe), number: 1, of: request, after: FetchedPages())
            .map { LiveAnswer(value: LaunchList(pages: $0.pages, timeframe: request.timeframe), body: Data(), notices: $0.notices) }
            .eraseToAnyPublisher()
    }

    /// Page `number` and those after it. A later page failing still leaves the
    /// earlier ones to show.
    func pages(from url: URL, number: Int, of request: Request, after fetched: FetchedPages) -> AnyPublisher<FetchedPages, any Error> {
        let service = self
        let thisAndLater = http.send(HTTPRequest(url: url, headers: HTTPHeaders(endpoint.headers),
                                                 connectTimeout: min(HTTPRequest.defaultConnectTimeout, request.timeout),
                                                 totalTimeout: request.timeout))
            .mapError { error -> any Error in LiveFailure(notice: Self.notice(for: error)) }
            .tryMap { response in try service.adding(response, page: number, of: request, to: fetched) }
            .flatMap(maxPublishers: .max(1)) { fetched in service.laterPages(after: fetched, number: number, of: request) }
        guard number > 1 else { return thisAndLater.eraseToAnyPublisher() }
        return thisAndLater
            .catch { error -> Just<FetchedPages> in
                var partial = fetched
                let notice = (error as? LiveFailure)?.notice ?? Notice(.liveFailed, "\(error)")
                partial.note(Notice(notice.kind, "\(notice.message); showing \(number - 1) of \(request.pages) pages"))
                return Just(partial)
            }
            .setFailureType(to: (any Error).self)
            .eraseToAnyPublisher()
    }

    private func laterPages(after fetched: FetchedPages, number: Int, of request: Request) -> AnyPublisher<FetchedPages, any Error> {
        guard number < request.pages, let nextText = fetched.pages.last?.next, let next = URL(string: nextText) else {
            return Just(fetched).setFailureType(to: (any Error).self).eraseToAnyPublisher()
        }
        guard endpoint.allows(next: next) else {
            var fetched = fetched
            fetched.note(Notice(.liveFailed, "not following Launch Library's next page at \(Self.origin(of: next)): it is not \(Self.origin(of: endpoint.base)); showing \(number) of \(request.pages) pages"))
            return Just(fetched).setFailureType(to: (any Error).self).eraseToAnyPublisher()
        }
        return pages(from: next, number: number + 1, of: request, after: fetched)
    }

    /// A page's answer decoded and cached (`LaunchPageCompactForm`), or why not.
    private func adding(_ response: HTTPResponse, page number: Int, of request: Request, to fetched: FetchedPages) throws -> FetchedPages {
        guard response.isSuccess else { throw LiveFailure(notice: notice(forStatusOf: response)) }
        let page: LaunchPage
        do {
            page = try LaunchLibraryDecoder.decodePage(response.body)
        } catch {
            if case .throttled(let seconds) = error { rememberThrottle(seconds: seconds) }
            throw LiveFailure(notice: Notice(Self.kind(of: error), error.description))
        }
        var fetched = fetched
        if let cache {
            do {
                try cache.write(endpoint.cacheKey(request.timeframe, page: number), body: LaunchPageCompactForm.encode(page))
                if number == 1 { cache.remove(endpoint.throttleKey) }
            } catch where !error.reportedByRead {
                fetched.note(Notice(.cacheNotSaved, "could not save launches in the cache: \(error)"))
            } catch {
                // Another user's entry, already reported with the cache's problems.
            }
        }
        fetched.pages.append(page)
        return fetched
    }

    // MARK: - The cache

    /// Pages 1, 2, … of this timeframe as cached, up to the first one missing
    /// or the last one of the answer; fresh when every page asked for is there
    /// and fresh. Saved at different times, the oldest counts.
    func cachedPages(_ request: Request) -> FallbackChain<LaunchList>.CacheRead {
        guard let cache else { return .init(value: nil, problems: [], isFresh: false) }
        var pages: [LaunchPage] = []
        var entries: [CacheEntry] = []
        var problems: [Notice] = []
        reading: for number in 1...request.pages {
            let key = endpoint.cacheKey(request.timeframe, page: number)
            switch cache.read(key) {
            case .hit(let entry):
                guard let page = try? Self.cachedPage(entry.body) else {
                    cache.remove(key)
                    problems.append(Notice(.cacheUnreadable, "\(cache.path(for: key)): not a Launch Library answer; removed it"))
                    break reading
                }
                pages.append(page)
                entries.append(entry)
                // The last page of the answer: any later entry is from an older, longer one.
                if page.next == nil { break reading }
            case .miss:
                break reading
            case .unreadable(let problem):
                problems.append(Notice(.cacheUnreadable, "cache entry \(problem)"))
                break reading
            }
        }
        guard let savedAt = entries.map(\.savedAt).min() else { return .init(value: nil, problems: problems, isFresh: false) }
        let now = clock()
        let age = max(0, now.timeIntervalSince(savedAt))
        let complete = pages.count == request.pages || pages.last?.next == nil
        return .init(
            value: .init(value: LaunchList(pages: pages, timeframe: request.timeframe), origin: .cache(savedAt: savedAt, age: age), age: age),
            problems: problems,
            isFresh: complete && entries.allSatisfy { $0.isFresh(within: Self.freshness, at: now) }
        )
    }

    /// A cached page: in the compact form, or as Launch Library sent it (the
    /// entries of spacedash before the compact form, still read rather than lost).
    static func cachedPage(_ body: Data) throws -> LaunchPage {
        if LaunchPageCompactForm.holds(body) { return try LaunchPageCompactForm.decode(body) }
        return try LaunchLibraryDecoder.decodePage(body)
    }

    /// When Launch Library's last `Retry-After` ends, nil when it asked for no wait
    /// (or it has passed): a screen that refreshes waits for it.
    public var retryAllowedAt: Date? {
        guard let until = throttledUntil(), until > clock() else { return nil }
        return until
    }

    func throttledUntil() -> Date? {
        guard let cache, case .hit(let entry) = cache.read(endpoint.throttleKey) else { return nil }
        return LaunchLibraryDate.date(from: String(decoding: entry.body, as: UTF8.self))
    }

    func rememberThrottle(seconds: Int?) {
        guard let seconds, seconds > 0, let cache else { return }
        let until = clock().addingTimeInterval(TimeInterval(seconds))
        _ = try? cache.write(endpoint.throttleKey, body: Data(LaunchLibraryDate.string(from: until).utf8))
    }

    // MARK: - Notices

    /// Launch Library's wording: the reason keeps its own notice and each kind is said once.
    func narration(pages requested: Int, bundled: String) -> FallbackChain<LaunchList>.Narration {
        .init(
            offline: Notice(.offline, environment.wording.offline),
            live: { problems, notices in Self.oncePerKind(problems + notices) },
            cached: { reason, problems, entry in
                let ago = entry.age >= 60 ? AgeText.describe(entry.age) + " ago" : "less than a minute ago"
                var message = "\(reason.message); showing launches cached \(ago)"
                if entry.value.pages < requested { message += " (\(entry.value.pages) of \(requested) pages)" }
                return Self.oncePerKind(problems + [Notice(reason.kind, message)])
            },
            sample: { reason, problems, offline in
                // Under --offline the missing cache is the one step down: "no request made" goes without saying.
                if offline {
                    return Self.oncePerKind(problems + [Notice(.cacheMissing, "no launches cached yet; showing \(bundled)")])
                }
                return Self.oncePerKind(problems + [reason, Notice(.cacheMissing, "no cached launches to fall back on; showing \(bundled)")])
            }
        )
    }

    static func oncePerKind(_ notices: [Notice]) -> [Notice] {
        var kinds = Set<Notice.Kind>()
        return notices.filter { kinds.insert($0.kind).inserted }
    }

    func notice(forStatusOf response: HTTPResponse) -> Notice {
        let detail = LaunchLibraryDecoder.detail(in: response.body)
        switch response.status {
        case 429:
            let seconds = response.retryAfter.map { Int($0.rounded(.up)) } ?? detail.flatMap(LaunchLibraryError.throttleSeconds(in:))
            rememberThrottle(seconds: seconds)
            return Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description)
        case 401, 403:
            let hint = endpoint.token == nil ? "" : environment.wording.checkToken.map { "; \($0)" } ?? ""
            let what = detail ?? HTTPError.status(of: response).description
            return Notice(.credentialsRejected, "Launch Library refused the request (HTTP \(response.status): \(what))\(hint)")
        default:
            if let detail { return Notice(.liveFailed, LaunchLibraryError.api(detail: detail, status: response.status).description) }
            return Notice(.liveFailed, HTTPError.status(of: response).description)
        }
    }

    static func notice(for error: HTTPError) -> Notice {
        switch error {
        case .cannotResolveHost, .cannotConnect: return Notice(.noNetwork, error.description)
        case .timedOut: return Notice(.timedOut, error.description)
        default: return Notice(.liveFailed, error.description)
        }
    }

    static func kind(of error: LaunchLibraryError) -> Notice.Kind {
        if case .throttled = error { return .rateLimited }
        return .liveFailed
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme ?? "?")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
    }
}
