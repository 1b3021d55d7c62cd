import Foundation
import HTTP
import Streams
import Synchronization

/// Gets launches the way `spacedash launches` needs them: from the cache while
/// it is fresh (Launch Library's free tier allows 15 requests an hour), else
/// live, following `next` for more pages; when that fails, from the cache
/// whatever its age, then from the bundled sample, each step down explained
/// once by a `Notice`.
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

        public init(timeframe: LaunchTimeframe = .upcoming, pages: Int = 1, policy: FetchPolicy = .standard) {
            self.timeframe = timeframe
            self.pages = min(max(pages, 1), LaunchService.maximumPages)
            self.policy = policy
        }
    }

    public let endpoint: LaunchLibraryEndpoint
    let http: any HTTPFetching
    let cache: CacheStore?
    let scheduler: AnySchedulerOf<DispatchQueue>
    let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - cache: nil when there is nowhere to cache (no home directory); the
    ///     chain then goes from live straight to the sample.
    ///   - scheduler: where the result is delivered.
    public init(
        endpoint: LaunchLibraryEndpoint,
        http: any HTTPFetching,
        cache: CacheStore?,
        scheduler: AnySchedulerOf<DispatchQueue>,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoint = endpoint
        self.http = http
        self.cache = cache
        self.scheduler = scheduler
        self.clock = clock
    }

    public typealias Completion = @Sendable (Result<Sourced<LaunchList>, LaunchServiceError>) -> Void

    /// Loads `request` and calls `completion` once, on the scheduler.
    /// Cancelling stops any request in flight and the completion is not called.
    public func load(_ request: Request, completion: @escaping Completion) -> AnyCancellable {
        let run = LaunchLoad(service: self, request: request, completion: completion)
        run.start()
        return AnyCancellable { run.cancel() }
    }

    /// `load` for async callers.
    public func load(_ request: Request) async -> Result<Sourced<LaunchList>, LaunchServiceError> {
        let holder = Mutex<AnyCancellable?>(nil)
        return await withCheckedContinuation { continuation in
            let cancellable = load(request) { continuation.resume(returning: $0) }
            holder.withLock { $0 = cancellable }
        }
    }

    /// The launches of a saved Launch Library response of any supported
    /// version (`--file`): no request, no cache.
    public static func load(file path: String, timeframe: LaunchTimeframe = .upcoming) throws(LaunchServiceError) -> LaunchList {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason: String
            if !FileManager.default.fileExists(atPath: path) {
                reason = "no such file"
            } else if (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeDirectory {
                reason = "it is a directory"
            } else {
                reason = "permission denied or unreadable"
            }
            throw .fileUnreadable(path: path, reason: reason)
        }
        do {
            let page = try LaunchLibraryDecoder.decodePage(data)
            return LaunchList(pages: [page], timeframe: timeframe)
        } catch {
            let reason: String
            switch error {
            case .notJSON(let prefix): reason = prefix.isEmpty ? "it is empty" : "it is not JSON (it starts with \"\(prefix)\")"
            case .unexpectedShape(let why): reason = "it is JSON but not a list of launches (\(why))"
            case .throttled, .api: reason = "it holds an error answer rather than launches (\(error))"
            }
            throw .fileNotLaunches(path: path, reason: reason)
        }
    }

    /// The bundled sample as the last step of the chain. For past launches
    /// only those of the sample already gone count.
    func sampleList(_ timeframe: LaunchTimeframe) throws(LaunchServiceError) -> LaunchList {
        let launches: [Launch]
        do {
            launches = try LaunchesSample.launches()
        } catch {
            throw .sampleBroken(error.description)
        }
        let now = clock()
        switch timeframe {
        case .upcoming:
            return LaunchList(launches: launches, timeframe: .upcoming, totalCount: launches.count)
        case .past:
            let gone = launches.filter { ($0.net ?? .distantFuture) < now }.reversed()
            return LaunchList(launches: Array(gone), timeframe: .past, totalCount: gone.count)
        }
    }
}

/// One run of the chain: cache check, pages fetched one after the other,
/// fallbacks. Its mutable state is behind a lock, since HTTP answers arrive on
/// the client's thread.
private final class LaunchLoad: Sendable {
    let service: LaunchService
    let request: LaunchService.Request
    let completion: LaunchService.Completion

    private struct State {
        var cancelled = false
        var finished = false
        var inFlight: AnyCancellable?
        var pages: [LaunchPage] = []
        var notices: [Notice] = []
        var noticeKinds: Set<Notice.Kind> = []
    }
    private let state = Mutex(State())

    init(service: LaunchService, request: LaunchService.Request, completion: @escaping LaunchService.Completion) {
        self.service = service
        self.request = request
        self.completion = completion
    }

    private var endpoint: LaunchLibraryEndpoint { service.endpoint }
    private var timeframe: LaunchTimeframe { request.timeframe }

    func cancel() {
        let inFlight = state.withLock { state -> AnyCancellable? in
            state.cancelled = true
            defer { state.inFlight = nil }
            return state.inFlight
        }
        inFlight?.cancel()
    }

    // MARK: - The chain

    func start() {
        let policy = request.policy
        if policy.offline {
            fallBack(from: Notice(.offline, "--offline: no request made"), offline: true)
            return
        }
        let cached = cachedPages()
        if !policy.refresh, let cached, cached.pages.count == request.pages || cached.pages.last?.next == nil,
           cached.entries.allSatisfy({ $0.isFresh(within: LaunchService.freshness, at: service.clock()) }) {
            deliver(list: LaunchList(pages: cached.pages, timeframe: timeframe), origin: origin(of: cached.entries))
            return
        }
        if endpoint.token == nil, let until = throttledUntil(), until > service.clock() {
            // Asking again before the time Launch Library gave only spends another request.
            let seconds = Int(until.timeIntervalSince(service.clock()).rounded(.up))
            fallBack(from: Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description), offline: false)
            return
        }
        fetch(endpoint.firstPage(timeframe), number: 1)
    }

    private func fetch(_ url: URL, number: Int) {
        let httpRequest = HTTPRequest(url: url, headers: HTTPHeaders(endpoint.headers))
        let box = Mutex<Bool>(false)  // whether the sink has already answered
        let cancellable = service.http.send(httpRequest).sink(
            receiveCompletion: { [self] completion in
                guard case .failure(let error) = completion, box.withLock({ answered in defer { answered = true }; return !answered }) else { return }
                self.failed(page: number, because: Self.notice(for: error))
            },
            receiveValue: { [self] response in
                guard box.withLock({ answered in defer { answered = true }; return !answered }) else { return }
                self.received(response, page: number)
            }
        )
        let cancelled = state.withLock { state -> Bool in
            if state.cancelled || state.finished { return true }
            state.inFlight = cancellable
            return false
        }
        if cancelled { cancellable.cancel() }
    }

    private func received(_ response: HTTPResponse, page number: Int) {
        guard response.isSuccess else {
            failed(page: number, because: notice(forStatusOf: response))
            return
        }
        let page: LaunchPage
        do {
            page = try LaunchLibraryDecoder.decodePage(response.body)
        } catch {
            if case .throttled(let seconds) = error { rememberThrottle(seconds: seconds) }
            failed(page: number, because: Notice(Self.kind(of: error), error.description))
            return
        }
        if let cache = service.cache {
            do {
                try cache.write(endpoint.cacheKey(timeframe, page: number), body: response.body)
                if number == 1 { cache.remove(endpoint.throttleKey) }
            } catch {
                note(Notice(.cacheNotSaved, "could not save launches in the cache: \(error)"))
            }
        }
        let pages = state.withLock { state -> [LaunchPage] in
            state.pages.append(page)
            return state.pages
        }
        if number < request.pages, let nextText = page.next, let next = URL(string: nextText) {
            guard endpoint.allows(next: next) else {
                note(Notice(.liveFailed, "not following Launch Library's next page at \(Self.origin(of: next)): it is not \(Self.origin(of: endpoint.base)); showing \(number) of \(request.pages) pages"))
                deliver(list: LaunchList(pages: pages, timeframe: timeframe), origin: .live(fetchedAt: service.clock()))
                return
            }
            fetch(next, number: number + 1)
            return
        }
        deliver(list: LaunchList(pages: pages, timeframe: timeframe), origin: .live(fetchedAt: service.clock()))
    }

    private func failed(page number: Int, because notice: Notice) {
        if number == 1 {
            fallBack(from: notice, offline: false)
            return
        }
        // Later pages failing still leave live launches to show.
        let pages = state.withLock { $0.pages }
        note(Notice(notice.kind, "\(notice.message); showing \(number - 1) of \(request.pages) pages"))
        deliver(list: LaunchList(pages: pages, timeframe: timeframe), origin: .live(fetchedAt: service.clock()))
    }

    /// Live is out: the cache whatever its age, then the sample.
    private func fallBack(from reason: Notice, offline: Bool) {
        if request.policy.strict {
            finish(.failure(.strictWithoutLiveData(reason: reason.message)))
            return
        }
        if let cached = cachedPages(), !cached.pages.isEmpty {
            let origin = origin(of: cached.entries)
            var ago = "less than a minute ago"
            if case .cache(_, let age) = origin, age >= 60 { ago = AgeText.describe(age) + " ago" }
            var message = "\(reason.message); showing launches cached \(ago)"
            if cached.pages.count < request.pages { message += " (\(cached.pages.count) of \(request.pages) pages)" }
            note(Notice(reason.kind, message))
            deliver(list: LaunchList(pages: cached.pages, timeframe: timeframe), origin: origin)
            return
        }
        note(reason)
        let missing = offline ? "no launches cached yet" : "no cached launches to fall back on"
        note(Notice(.cacheMissing, "\(missing); showing \(LaunchesSample.summary)"))
        do {
            let list = try service.sampleList(timeframe)
            deliver(list: list, origin: .sample)
        } catch {
            finish(.failure(error))
        }
    }

    // MARK: - The cache

    /// Pages 1, 2, … of this timeframe as cached, up to the first one missing
    /// or the last one of the answer.
    private func cachedPages() -> (pages: [LaunchPage], entries: [CacheEntry])? {
        guard let cache = service.cache else { return nil }
        var pages: [LaunchPage] = []
        var entries: [CacheEntry] = []
        reading: for number in 1...request.pages {
            let key = endpoint.cacheKey(timeframe, page: number)
            switch cache.read(key) {
            case .hit(let entry):
                guard let page = try? LaunchLibraryDecoder.decodePage(entry.body) else {
                    cache.remove(key)
                    note(Notice(.cacheUnreadable, "\(cache.path(for: key)): not a Launch Library answer; removed it"))
                    return pages.isEmpty ? nil : (pages, entries)
                }
                pages.append(page)
                entries.append(entry)
                // The last page of the answer: any later entry is from an older, longer one.
                if page.next == nil { break reading }
            case .miss:
                return pages.isEmpty ? nil : (pages, entries)
            case .unreadable(let problem):
                note(Notice(.cacheUnreadable, "cache entry \(problem)"))
                return pages.isEmpty ? nil : (pages, entries)
            }
        }
        return (pages, entries)
    }

    /// The cache origin of entries saved at different times: the oldest counts.
    private func origin(of entries: [CacheEntry]) -> DataOrigin {
        let savedAt = entries.map(\.savedAt).min() ?? service.clock()
        return .cache(savedAt: savedAt, age: max(0, service.clock().timeIntervalSince(savedAt)))
    }

    private func throttledUntil() -> Date? {
        guard let cache = service.cache, case .hit(let entry) = cache.read(endpoint.throttleKey) else { return nil }
        return LaunchLibraryDate.date(from: String(decoding: entry.body, as: UTF8.self))
    }

    private func rememberThrottle(seconds: Int?) {
        guard let seconds, seconds > 0, let cache = service.cache else { return }
        let until = service.clock().addingTimeInterval(TimeInterval(seconds))
        _ = try? cache.write(endpoint.throttleKey, body: Data(LaunchLibraryDate.string(from: until).utf8))
    }

    // MARK: - Errors as notices

    private func notice(forStatusOf response: HTTPResponse) -> Notice {
        let detail = LaunchLibraryDecoder.detail(in: response.body)
        switch response.status {
        case 429:
            let seconds = response.retryAfter.map { Int($0.rounded(.up)) } ?? detail.flatMap(LaunchLibraryError.throttleSeconds(in:))
            rememberThrottle(seconds: seconds)
            return Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description)
        case 401, 403:
            let hint = endpoint.token == nil ? "" : "; check \(LaunchLibraryEndpoint.tokenVariable)"
            let what = detail ?? HTTPError.status(of: response).description
            return Notice(.credentialsRejected, "Launch Library refused the request (HTTP \(response.status): \(what))\(hint)")
        default:
            if let detail { return Notice(.liveFailed, LaunchLibraryError.api(detail: detail, status: response.status).description) }
            return Notice(.liveFailed, HTTPError.status(of: response).description)
        }
    }

    private static func notice(for error: HTTPError) -> Notice {
        switch error {
        case .cannotResolveHost, .cannotConnect: return Notice(.noNetwork, error.description)
        case .timedOut: return Notice(.timedOut, error.description)
        default: return Notice(.liveFailed, error.description)
        }
    }

    private static func kind(of error: LaunchLibraryError) -> Notice.Kind {
        if case .throttled = error { return .rateLimited }
        return .liveFailed
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme ?? "?")://\(url.host ?? "?")\(url.port.map { ":\($0)" } ?? "")"
    }

    // MARK: - Finishing

    /// Adds a notice unless one of its kind was already given: each step once.
    private func note(_ notice: Notice) {
        state.withLock { state in
            guard state.noticeKinds.insert(notice.kind).inserted else { return }
            state.notices.append(notice)
        }
    }

    private func deliver(list: LaunchList, origin: DataOrigin) {
        let notices = state.withLock { $0.notices }
        finish(.success(Sourced(list, origin: origin, notices: notices)))
    }

    private func finish(_ result: Result<Sourced<LaunchList>, LaunchServiceError>) {
        let proceed = state.withLock { state -> Bool in
            guard !state.cancelled, !state.finished else { return false }
            state.finished = true
            state.inFlight = nil
            return true
        }
        guard proceed else { return }
        // Cancelling between now and the scheduler's turn still silences the result.
        service.scheduler.schedule { [self] in
            guard !state.withLock({ $0.cancelled }) else { return }
            completion(result)
        }
    }
}
