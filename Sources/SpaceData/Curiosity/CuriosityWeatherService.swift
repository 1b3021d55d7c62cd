import Foundation
import HTTP
import Streams

/// Curiosity's REMS weather: live from NASA's Mars site, else its upstream
/// (CAB's mirror), else the cache, else the bundled sample (see
/// `FallbackChain`), as a publisher of the whole mission's sols.
///
/// The answer holds the whole mission (1.3–3 MB, growing ~100 KB a year), so
/// it is decoded where the HTTP client delivers it (a global queue, never the
/// main one), capped at 16 MiB, and cached in `CuriosityCompactForm`, about a
/// fifteenth of its size, so a run from the cache parses no JSON.
public struct CuriosityWeatherService: Sendable {
    public struct Configuration: Sendable, Equatable {
        /// NASA's Mars site, which serves CAB's document unchanged.
        public static let primaryURL = URL(string: "https://mars.nasa.gov/rss/api/?feed=weather&category=msl&feedtype=json&ver=1.0")!
        /// The upstream, byte for byte the same document.
        public static let mirrorURL = URL(string: "https://cab.inta-csic.es/rems/wp-content/plugins/marsweather-widget/api.php")!
        /// New sols arrive at most daily: within 6 hours of a live answer no request is made.
        public static let freshness: TimeInterval = 6 * 3600
        public static let cacheKey = "curiosity-weather"
        public static let maxBodyBytes = 16 * 1024 * 1024

        /// Asked in order: the next one only when the one before could not be
        /// reached, failed with a 5xx, or sent a body that does not decode.
        public var urls: [URL]
        /// The limit on each request, in seconds (`--timeout`).
        public var timeout: TimeInterval

        public init(urls: [URL] = [primaryURL, mirrorURL], timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) {
            self.urls = urls.isEmpty ? [Self.primaryURL] : urls
            self.timeout = timeout
        }
    }

    public let configuration: Configuration
    let environment: ServiceEnvironment

    public init(configuration: Configuration, environment: ServiceEnvironment) {
        self.configuration = configuration
        self.environment = environment
    }

    /// The weather: live, cached or the sample, with a notice for each step
    /// down. Cold: each subscription runs the chain once; delivered on the
    /// environment's scheduler.
    public func weather(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<CuriosityFeed>, ServiceFailure> {
        chain(policy).publisher()
    }

    var requests: [HTTPRequest] {
        configuration.urls.map { url in
            HTTPRequest(
                url: url,
                headers: ["Accept": "application/json"],
                connectTimeout: min(HTTPRequest.defaultConnectTimeout, configuration.timeout),
                totalTimeout: configuration.timeout,
                maxBodyBytes: Configuration.maxBodyBytes
            )
        }
    }

    func chain(_ policy: FetchPolicy) -> FallbackChain<CuriosityFeed> {
        let http = environment.http
        let requests = self.requests
        return FallbackChain(
            subject: .init(
                name: "Mars weather from Curiosity",
                cacheKey: Configuration.cacheKey,
                freshness: Configuration.freshness,
                sampleSummary: CuriositySample.summary
            ),
            policy: policy,
            environment: environment,
            // Each request bounds itself; this only catches a transfer that never reports back.
            liveTimeout: configuration.timeout * Double(requests.count) + 2,
            live: { Self.live(http, requests[...], earlier: []) },
            decode: { body in try CuriosityCompactForm.decode(body) },
            hasData: { $0.latest != nil },
            emptyNotice: { Self.emptyFeedNotice },
            explain: { Self.explain($0) },
            sample: { try CuriositySample.feed() }
        )
    }

    static let emptyFeedNotice = Notice(.liveEmpty, "Curiosity's weather feed lists no sol with a measurement")

    /// One source that failed: where, and why.
    struct SourceFailure: Sendable {
        var host: String
        var error: any Error
    }

    /// Every source failed; the last failure decides the notice's kind.
    struct AllSourcesFailed: Error {
        var failures: [SourceFailure]
    }

    /// The first request; on a failure the next source can fix, the next one.
    /// A mirror's answer carries one notice saying why the primary was not used.
    static func live(_ http: any HTTPFetching, _ requests: ArraySlice<HTTPRequest>, earlier: [SourceFailure]) -> AnyPublisher<LiveAnswer<CuriosityFeed>, any Error> {
        guard let request = requests.first else {
            return Fail(error: AllSourcesFailed(failures: earlier)).eraseToAnyPublisher()
        }
        let host = request.url.host ?? request.url.absoluteString
        return http.send(request)
            .mapError { $0 as any Error }
            .tryMap { response in
                let feed = try CuriosityDecoder.decode(response.body, status: response.status)
                let notices = earlier.isEmpty ? [] : [Notice(.liveFailed, describe(earlier) + "; the weather came from \(host) instead")]
                return LiveAnswer(value: feed, body: CuriosityCompactForm.encode(feed), notices: notices)
            }
            .catch { error -> AnyPublisher<LiveAnswer<CuriosityFeed>, any Error> in
                let failures = earlier + [SourceFailure(host: host, error: error)]
                guard requests.count > 1, anotherSourceMayHelp(error) else {
                    return Fail(error: AllSourcesFailed(failures: failures)).eraseToAnyPublisher()
                }
                return live(http, requests.dropFirst(), earlier: failures)
            }
            .eraseToAnyPublisher()
    }

    /// A connection failure, a 5xx, or a body that does not decode: the mirror
    /// serves the same document from elsewhere. A 4xx or a request that used
    /// up its whole time limit would most likely fare no better.
    static func anotherSourceMayHelp(_ error: any Error) -> Bool {
        switch error {
        case let error as CuriosityWeatherError:
            if case .httpStatus(let status, _) = error { return status >= 500 }
            return true
        case let error as HTTPError:
            switch error {
            case .cannotResolveHost, .cannotConnect, .timedOut(.connect, _, _), .tls, .emptyResponse, .truncatedBody,
                 .transport, .bodyTooLarge, .tooManyRedirects:
                return true
            case .status(let code, _, _, _):
                return code >= 500
            default:
                return false
            }
        default:
            return false
        }
    }

    static func describe(_ failures: [SourceFailure]) -> String {
        failures.map { "\($0.host): \(reason($0.error))" }.joined(separator: "; then ")
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as CuriosityWeatherError: return error.description
        case let error as HTTPError: return error.description
        default: return String(describing: error)
        }
    }

    /// Why no live answer is shown, in one line naming each source tried.
    static func explain(_ error: any Error) -> Notice {
        switch error {
        case let all as AllSourcesFailed:
            let kind: Notice.Kind
            switch all.failures.last?.error {
            case let error as HTTPError:
                switch error {
                case .timedOut: kind = .timedOut
                case .cannotResolveHost, .cannotConnect: kind = .noNetwork
                default: kind = .liveFailed
                }
            default: kind = .liveFailed
            }
            return Notice(kind, describe(all.failures))
        case let timeout as LiveTimeout:
            return Notice(.timedOut, "Curiosity's weather feed did not answer within \(AgeText.seconds(timeout.limit))")
        default:
            return Notice(.liveFailed, "Curiosity's weather feed request failed: \(error)")
        }
    }
}
