import Foundation
import HTTP
import SpaceData
import Streams

/// The composition root: the one place that builds the services, from the
/// run's context and the fetch options. It chooses the HTTP layer (libcurl,
/// or nothing under `--offline`; tests may script it), the cache, the
/// scheduler and the clock, reads the app's environment variables, words what
/// the services say about the app's flags, and registers the secrets.
///
/// Commands ask it for a service and await the service's publisher:
/// argv → options → `services.launches()` → `.launches(request)` → `firstResult()` → render.
struct Services: Sendable {
    /// The app's environment variables, each read here and nowhere else.
    enum Variable {
        static let nasaKey = "NASA_API_KEY"
        static let insightURL = "SPACEDASH_INSIGHT_URL"
        static let curiosityURL = "SPACEDASH_CURIOSITY_URL"
        static let launchesURL = "SPACEDASH_LAUNCHES_URL"
        static let launchesToken = "SPACEDASH_LL2_TOKEN"
        static let swpcURL = "SPACEDASH_SWPC_URL"
        static let debugHTTP = "SPACEDASH_DEBUG_HTTP"
        static let cacheDirectory = "SPACEDASH_CACHE_DIR"
        /// The hosts reached without a proxy, as curl and wget read them (either case).
        static let noProxy = "NO_PROXY"
    }

    /// What the services run on.
    let environment: ServiceEnvironment
    /// The variables the services' configuration comes from.
    let variables: [String: String]

    /// What the services say that names the CLI's own flags and variables.
    static let wording = ServiceWording(
        offline: "--offline: no request made",
        noCacheDirectory: "no cache directory: set SPACEDASH_CACHE_DIR or HOME",
        checkToken: "check \(Variable.launchesToken)")

    /// How many redirects a request follows (to any host; never from https
    /// to http): a moved address takes one or two, a loop would go on.
    static let maxRedirects = 3

    init(environment: ServiceEnvironment, variables: [String: String]) {
        self.environment = environment
        self.variables = variables
    }

    /// The real services: libcurl (none under `--offline`: it makes no request,
    /// so it need not set libcurl up), the user's cache, the run's clock.
    /// - Parameter httpLog: where `--verbose` and `SPACEDASH_DEBUG_HTTP=1` send request
    ///   lines; by default stderr, as notices.
    /// - Parameter willRequest: called as each request starts (a spinner waiting on the
    ///   network starts there, so an answer from a fresh cache never shows one).
    /// - Parameter deliversInline: for a command that awaits one answer (`launches next`):
    ///   results are delivered where they are made rather than on the services' queue, so
    ///   an answer from a fresh cache arrives within the subscription, with no thread
    ///   started for it and no hop back (a status bar runs it every few seconds). Delays
    ///   (timeouts) still run on the queue.
    /// - Parameter clock: a long-running command's moving clock (`notify`), else the context's.
    init(context: CommandContext, fetch: FetchOptions, httpLog: HTTPLog? = nil,
         willRequest: (@Sendable () -> Void)? = nil, deliversInline: Bool = false, clock: (@Sendable () -> Date)? = nil) {
        let clock = clock ?? context.clock
        let logging = fetch.verbose || context.environment[Variable.debugHTTP] == "1"
        let log = logging ? httpLog ?? HTTPLog { line in context.notice(line) } : nil
        var http: any HTTPFetching = fetch.policy.offline
            ? OfflineFetcher()
            : HTTPClient(userAgent: SpaceDashVersion.userAgent,
                         noProxy: context.environment[Variable.noProxy] ?? context.environment[Variable.noProxy.lowercased()] ?? "",
                         log: log, maxRedirects: Self.maxRedirects)
        if let willRequest, !fetch.policy.offline { http = ObservedFetcher(http: http, willRequest: willRequest) }
        let cache = (context.usesCache ? CacheLocation.directoryPath(environment: context.environment) : nil)
            .map { CacheStore(directoryPath: $0, directorySetting: Variable.cacheDirectory, clock: clock) }
        self.init(
            environment: ServiceEnvironment(
                http: http, cache: cache,
                scheduler: Self.scheduler(on: DispatchQueue(label: "spacedash.services"), inline: deliversInline),
                clock: clock, wording: Self.wording),
            variables: context.environment)
    }

    /// `queue`, or with `inline`, a scheduler that runs what is due now at once, where
    /// it is asked, and what is due later on `queue`.
    static func scheduler(on queue: DispatchQueue, inline: Bool) -> AnySchedulerOf<DispatchQueue> {
        guard inline else { return queue.eraseToAnyScheduler() }
        return AnySchedulerOf<DispatchQueue>(
            minimumTolerance: { queue.minimumTolerance }, now: { queue.now },
            scheduleImmediately: { _, action in action() },
            delayed: { date, tolerance, options, action in queue.schedule(after: date, tolerance: tolerance, options: options, action) },
            interval: { date, interval, tolerance, options, action in
                queue.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
            })
    }

    // MARK: - The services

    /// NASA's InSight weather: the key from `NASA_API_KEY` (else `DEMO_KEY`),
    /// the address from `SPACEDASH_INSIGHT_URL` (else api.nasa.gov).
    func insight(timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) throws(CommandError) -> InSightService {
        let key = variables[Variable.nasaKey].flatMap { $0.isEmpty ? nil : $0 } ?? InSightService.Configuration.demoKey
        var base = InSightService.Configuration.defaultBaseURL
        if let override = variables[Variable.insightURL], !override.isEmpty {
            guard let url = URL(string: override), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else { throw CommandError("\(Variable.insightURL) is not an http(s) URL: \(override)", exitCode: .configuration) }
            base = url
        }
        return InSightService(configuration: .init(apiKey: key, baseURL: base, timeout: timeout), environment: environment)
    }

    /// Curiosity's REMS weather: mars.nasa.gov, then CAB's upstream over https,
    /// then over http; instead, the addresses in `SPACEDASH_CURIOSITY_URL`,
    /// separated by spaces and tried in that order (tests, mirrors).
    func curiosity(timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) throws(CommandError) -> CuriosityWeatherService {
        var configuration = CuriosityWeatherService.Configuration(timeout: timeout)
        if let override = variables[Variable.curiosityURL] {
            var urls: [URL] = []
            for address in override.split(whereSeparator: \.isWhitespace) {
                guard let url = URL(string: String(address)), let scheme = url.scheme?.lowercased(),
                      scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else {
                    throw CommandError("\(Variable.curiosityURL) holds \"\(address)\", which is not an http(s) URL: give one or more, separated by spaces",
                                       exitCode: .configuration)
                }
                urls.append(url)
            }
            if !urls.isEmpty { configuration.urls = urls }
        }
        return CuriosityWeatherService(configuration: configuration, environment: environment)
    }

    /// Launch Library 2: the address from `SPACEDASH_LAUNCHES_URL` (else the
    /// production API), the token from `SPACEDASH_LL2_TOKEN`.
    func launches() throws(CommandError) -> LaunchService {
        LaunchService(endpoint: try launchLibraryEndpoint(), environment: environment)
    }

    /// A malformed variable is an error naming it rather than a request to nowhere.
    func launchLibraryEndpoint() throws(CommandError) -> LaunchLibraryEndpoint {
        let token = variables[Variable.launchesToken]
        // It goes into a header line: a line break would end the header early. Never quote it.
        if let token, token.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw CommandError("\(Variable.launchesToken) holds a line break or another control character: set it to the token alone",
                               exitCode: .configuration)
        }
        guard let text = variables[Variable.launchesURL], !text.isEmpty else {
            return LaunchLibraryEndpoint(token: token)
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, url.query == nil
        else {
            throw CommandError("\(Variable.launchesURL) is not an http(s) URL without a query: \"\(text)\" (for example https://ll.thespacedevs.com/2.3.0)",
                               exitCode: .configuration)
        }
        return LaunchLibraryEndpoint(base: url, token: token)
    }

    /// NOAA SWPC's products: under `SPACEDASH_SWPC_URL` (mirrors, tests) instead
    /// of https://services.swpc.noaa.gov when it is set.
    func spaceWeather(timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) throws(CommandError) -> SpaceWeatherService {
        var configuration = SpaceWeatherService.Configuration(timeout: timeout)
        if let text = variables[Variable.swpcURL], !text.isEmpty {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  url.host?.isEmpty == false, url.query == nil
            else {
                throw CommandError("\(Variable.swpcURL) is not an http(s) URL without a query: \"\(text)\" (for example https://services.swpc.noaa.gov)",
                                   exitCode: .configuration)
            }
            configuration.baseURL = url
        }
        return SpaceWeatherService(configuration: configuration, environment: environment)
    }

    // MARK: - Secrets

    /// The configured credentials are masked on every output (notices, errors,
    /// HTTP log lines, the cache read back) from the start of a run.
    static func registerSecrets(from variables: [String: String]) {
        if let key = variables[Variable.nasaKey], !key.isEmpty, key != InSightService.Configuration.demoKey {
            Redaction.register(secret: key)
        }
        if let token = variables[Variable.launchesToken]?.trimmingCharacters(in: .whitespaces), !token.isEmpty {
            Redaction.register(secret: token)
        }
    }
}

/// The HTTP layer under `--offline`: the fallback chain never calls it, and
/// if it ever did, the request would fail instead of reaching the network.
struct OfflineFetcher: HTTPFetching {
    func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError> {
        Fail(error: HTTPError.transport(code: 0, detail: "--offline makes no request", url: "")).eraseToAnyPublisher()
    }
}

/// The HTTP layer with a hook called as each request is subscribed to, before it starts.
struct ObservedFetcher: HTTPFetching {
    let http: any HTTPFetching
    let willRequest: @Sendable () -> Void

    func send(_ request: HTTPRequest) -> AnyPublisher<HTTPResponse, HTTPError> {
        let http = http
        let willRequest = willRequest
        return Deferred { () -> AnyPublisher<HTTPResponse, HTTPError> in
            willRequest()
            return http.send(request)
        }.eraseToAnyPublisher()
    }
}
