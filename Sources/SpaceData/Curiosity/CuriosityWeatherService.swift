import Foundation
import HTTP
import Streams

/// Curiosity's REMS weather: live from NASA's Mars site, else its upstream
/// (CAB's mirror, over https, then http), else the cache, else the bundled
/// sample (see `FallbackChain`), as a publisher of the whole mission's sols.
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
        /// The upstream over plain http, asked last: the feed is public, nothing
        /// is sent, and what comes back is decoded as warily as any answer.
        public static let plainMirrorURL = URL(string: "http://cab.inta-csic.es/rems/wp-content/plugins/marsweather-widget/api.php")!
        /// New sols arrive at most daily: within 6 hours of a live answer no request is made.
        public static let freshness: TimeInterval = 6 * 3600
        public static let cacheKey = "curiosity-weather"
        public static let maxBodyBytes = 16 * 1024 * 1024

        /// Asked in order, the next one whenever the one before is a dead end
        /// (`anotherSourceMayHelp`).
        public var urls: [URL]
        /// The limit on each request, in seconds (`--timeout`).
        public var timeout: TimeInterval

        public init(urls: [URL] = [primaryURL, mirrorURL, plainMirrorURL], timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) {
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
        let sources = zip(requests, Self.labels(configuration.urls)).map { Source(request: $0, label: $1) }
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
            live: { Self.live(http, sources[...], earlier: []) },
            decode: { body in try CuriosityCompactForm.decode(body) },
            hasData: { $0.latest != nil },
            emptyNotice: { Self.emptyFeedNotice },
            explain: { Self.explain($0) },
            sample: { try CuriositySample.feed() }
        )
    }

    static let emptyFeedNotice = Notice(.liveEmpty, "Curiosity's weather feed lists no sol with a measurement")

    /// One address to ask, and how notices name it.
    struct Source: Sendable {
        var request: HTTPRequest
        var label: String
    }

    /// One source that failed: which, where its redirects led, and why.
    struct SourceFailure: Sendable {
        var label: String
        /// Where the answer finally came from, when a redirect moved it.
        var redirectedTo: URL?
        var error: any Error
    }

    /// An answer that is not the feed, and where it came from.
    struct DeadEnd: Error {
        var finalURL: URL
        var error: CuriosityWeatherError
    }

    /// Every source failed; the last failure decides the notice's kind.
    struct AllSourcesFailed: Error {
        var failures: [SourceFailure]
    }

    /// The first request; on a dead end the next source may get past, the next one.
    /// An answer from a later source carries one notice saying why the earlier ones were not used.
    static func live(_ http: any HTTPFetching, _ sources: ArraySlice<Source>, earlier: [SourceFailure]) -> AnyPublisher<LiveAnswer<CuriosityFeed>, any Error> {
        guard let source = sources.first else {
            return Fail(error: AllSourcesFailed(failures: earlier)).eraseToAnyPublisher()
        }
        return http.send(source.request)
            .mapError { $0 as any Error }
            .tryMap { response in
                let feed: CuriosityFeed
                do throws(CuriosityWeatherError) {
                    feed = try CuriosityDecoder.decode(response.body, status: response.status)
                } catch {
                    throw DeadEnd(finalURL: response.finalURL, error: error)
                }
                let notices = earlier.isEmpty ? [] : [Notice(.liveFailed, describe(earlier) + "; the weather came from \(source.label) instead")]
                return LiveAnswer(value: feed, body: CuriosityCompactForm.encode(feed), notices: notices)
            }
            .catch { error -> AnyPublisher<LiveAnswer<CuriosityFeed>, any Error> in
                var failure = SourceFailure(label: source.label, error: error)
                if let deadEnd = error as? DeadEnd {
                    failure.error = deadEnd.error
                    if deadEnd.finalURL != source.request.url { failure.redirectedTo = deadEnd.finalURL }
                }
                let failures = earlier + [failure]
                guard sources.count > 1, anotherSourceMayHelp(failure.error) else {
                    return Fail(error: AllSourcesFailed(failures: failures)).eraseToAnyPublisher()
                }
                return live(http, sources.dropFirst(), earlier: failures)
            }
            .eraseToAnyPublisher()
    }

    /// Every dead end: the next source serves the same document from
    /// elsewhere. A source that cannot be reached, answers any status but 2xx
    /// (NASA retires an address with a 404, 410 or 403), sends something that
    /// is not the feed (an HTML page, other JSON), redirects too often or from
    /// https to plain http, or whose redirect ends in one of these. Not a
    /// request that used up its whole time limit (the next would most likely
    /// wait as long), nor a problem of this machine's.
    static func anotherSourceMayHelp(_ error: any Error) -> Bool {
        switch error {
        case is CuriosityWeatherError:
            return true
        case let error as HTTPError:
            switch error {
            case .cannotResolveHost, .cannotConnect, .timedOut(.connect, _, _), .tls, .emptyResponse, .truncatedBody,
                 .transport, .bodyTooLarge, .tooManyRedirects, .insecureRedirect, .status:
                return true
            case .timedOut(.total, _, _), .invalidURL, .libcurlUnavailable:
                return false
            }
        default:
            return false
        }
    }

    /// How notices name each address: its host, or where two share it, its
    /// scheme and host, or where they still do (a test's one server), its
    /// address without the query.
    static func labels(_ urls: [URL]) -> [String] {
        let namings: [(URL) -> String] = [
            { $0.host ?? $0.absoluteString },
            { "\($0.scheme ?? "")://\($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")" },
            { "\($0.scheme ?? "")://\($0.host ?? "")\($0.port.map { ":\($0)" } ?? "")\($0.path)" },
        ]
        return urls.map { url in
            for naming in namings where urls.filter({ naming($0) == naming(url) }).count == 1 {
                return naming(url)
            }
            return Redaction.redact(url: url)
        }
    }

    static func describe(_ failures: [SourceFailure]) -> String {
        failures.map { failure in
            // In parentheses: a notice's redaction takes a ':' after a masked value as part of it.
            let moved = failure.redirectedTo.map { " (redirected to \(Redaction.redact(url: $0)))" } ?? ""
            return "\(failure.label)\(moved): \(reason(failure.error))"
        }.joined(separator: "; then ")
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
