import Foundation
import HTTP
import Streams

/// NASA's InSight weather: live from api.nasa.gov, else the cache, else the
/// bundled sample (see `FallbackChain`), as a publisher of a `Sourced<InSightFeed>`.
public struct InSightService: Sendable {
    /// Where and how to ask.
    public struct Configuration: Sendable, Equatable {
        public static let defaultBaseURL = URL(string: "https://api.nasa.gov/insight_weather/")!
        /// api.nasa.gov's shared key: 30 requests an hour per IP address.
        public static let demoKey = "DEMO_KEY"
        /// Within an hour of a live answer, no request is made.
        public static let freshness: TimeInterval = 3600
        public static let cacheKey = "insight-weather"

        public var apiKey: String
        public var baseURL: URL
        /// The limit on the whole request, in seconds.
        public var timeout: TimeInterval

        public init(apiKey: String = demoKey, baseURL: URL = defaultBaseURL, timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) {
            self.apiKey = apiKey
            self.baseURL = baseURL
            self.timeout = timeout
        }

        public var usingDemoKey: Bool { apiKey == Self.demoKey }
    }

    public let configuration: Configuration
    let environment: ServiceEnvironment

    public init(configuration: Configuration, environment: ServiceEnvironment) {
        self.configuration = configuration
        self.environment = environment
    }

    /// `BASE?api_key=KEY&feedtype=json&ver=1.0`, keeping any query the base already has.
    public var requestURL: URL {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)!
        var items = components.queryItems ?? []
        items.removeAll { ["api_key", "feedtype", "ver"].contains($0.name) }
        items += [
            URLQueryItem(name: "api_key", value: configuration.apiKey),
            URLQueryItem(name: "feedtype", value: "json"),
            URLQueryItem(name: "ver", value: "1.0"),
        ]
        components.queryItems = items
        return components.url!
    }

    var request: HTTPRequest {
        HTTPRequest(
            url: requestURL,
            headers: ["Accept": "application/json"],
            connectTimeout: min(HTTPRequest.defaultConnectTimeout, configuration.timeout),
            totalTimeout: configuration.timeout
        )
    }

    /// The weather: live, cached or the sample, with a notice for each step
    /// down. Cold: each subscription runs the chain once; delivered on the
    /// environment's scheduler.
    public func weather(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<InSightFeed>, ServiceFailure> {
        chain(policy).publisher()
    }

    func chain(_ policy: FetchPolicy) -> FallbackChain<InSightFeed> {
        let http = environment.http
        let request = self.request
        let demo = configuration.usingDemoKey
        return FallbackChain(
            subject: .init(
                name: "Mars weather",
                cacheKey: Configuration.cacheKey,
                freshness: Configuration.freshness,
                sampleSummary: InSightSample.summary
            ),
            policy: policy,
            environment: environment,
            // The HTTP client enforces the limit itself; this bound only catches a
            // transfer that never reports back.
            liveTimeout: configuration.timeout + 2,
            live: {
                http.send(request)
                    .mapError { $0 as any Error }
                    .tryMap { response in
                        let feed = try InSightDecoder.decode(
                            response.body, status: response.status,
                            retryAfter: response.retryAfter, usingDemoKey: demo
                        )
                        return LiveAnswer(value: feed, body: response.body)
                    }
                    .eraseToAnyPublisher()
            },
            decode: { body in try InSightDecoder.decode(body) },
            hasData: { !$0.isEmpty },
            emptyNotice: { Self.emptyFeedNotice },
            explain: { Self.explain($0) },
            sample: { try InSightSample.feed() }
        )
    }

    static let emptyFeedNotice = Notice(.liveEmpty, "NASA's InSight feed has no sols: the lander stopped reporting in 2022 (the mission ended that December)")

    /// Why a failed request is not shown, in one line.
    static func explain(_ error: any Error) -> Notice {
        switch error {
        case let error as InSightError:
            switch error {
            case .rateLimited: return Notice(.rateLimited, error.description)
            case _ where error.isCredentialProblem: return Notice(.credentialsRejected, error.description)
            default: return Notice(.liveFailed, error.description)
            }
        case let timeout as LiveTimeout:
            return Notice(.timedOut, "NASA's API did not answer within \(AgeText.seconds(timeout.limit))")
        case let error as HTTPError:
            switch error {
            case .timedOut(.connect, let limit, _):
                return Notice(.timedOut, "NASA's API could not be reached within \(AgeText.seconds(limit)) (connect timeout)")
            case .timedOut(.total, let limit, _):
                return Notice(.timedOut, "NASA's API did not answer within \(AgeText.seconds(limit))")
            case .cannotResolveHost, .cannotConnect:
                return Notice(.noNetwork, "NASA's API cannot be reached: \(error)")
            default:
                return Notice(.liveFailed, "NASA's API request failed: \(error)")
            }
        default:
            return Notice(.liveFailed, "NASA's API request failed: \(error)")
        }
    }
}
