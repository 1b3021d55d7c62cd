import Foundation
import HTTP
import Streams

/// NOAA SWPC's space weather products, each live from services.swpc.noaa.gov
/// (or the configured mirror), else the cache, else the bundled capture (see
/// `FallbackChain`). Each product is its own chain with its own cache entry:
/// one that fails or changes shape does not take the others down.
///
/// For `notify` (issue 32's `[notify] kp` and `aurora` alerts, not built here): these
/// publishers are the seam. `kpIndex`/`kpForecast` give the observed and predicted
/// Kp (`KpSeries.latestObserved`, `forecast(after:)`), `auroraGrid` with `Darkness`
/// the chance at a place while it is dark; the once-per-storm rule belongs to notify's
/// state file, not here.
public struct SpaceWeatherService: Sendable {
    public struct Configuration: Sendable, Equatable {
        public static let defaultBaseURL = URL(string: "https://services.swpc.noaa.gov")!

        /// Product paths are appended to it.
        public var baseURL: URL
        /// The limit on each request, in seconds (`--timeout`).
        public var timeout: TimeInterval

        public init(baseURL: URL = defaultBaseURL, timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) {
            self.baseURL = baseURL
            self.timeout = timeout
        }
    }

    public let configuration: Configuration
    let environment: ServiceEnvironment

    public init(configuration: Configuration = Configuration(), environment: ServiceEnvironment) {
        self.configuration = configuration
        self.environment = environment
    }

    /// The observed planetary Kp.
    public func kpIndex(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<KpSeries>, ServiceFailure> {
        chain(.kpIndex, policy, hasData: { !$0.readings.isEmpty }) { body, status throws(SpaceWeatherError) in
            try KpDecoder.decode(body, status: status, product: .kpIndex)
        }.publisher()
    }

    /// Observed, estimated and predicted Kp.
    public func kpForecast(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<KpSeries>, ServiceFailure> {
        chain(.kpForecast, policy, hasData: { !$0.readings.isEmpty }) { body, status throws(SpaceWeatherError) in
            try KpDecoder.decode(body, status: status, product: .kpForecast)
        }.publisher()
    }

    public func scales(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<NOAAScales>, ServiceFailure> {
        chain(.scales, policy, hasData: { $0.current != nil }) { body, status throws(SpaceWeatherError) in
            try NOAAScalesDecoder.decode(body, status: status)
        }.publisher()
    }

    /// Every message in the answer, corrections applied, newest first (a quiet
    /// month's empty list is an answer too).
    public func alerts(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<[SpaceWeatherAlert]>, ServiceFailure> {
        chain(.alerts, policy, hasData: { _ in true }) { body, status throws(SpaceWeatherError) in
            try SpaceWeatherAlertDecoder.decode(body, status: status)
        }.publisher()
    }

    /// The OVATION nowcast (a grid without a cell is already the decoder's `noData`).
    public func auroraGrid(_ policy: FetchPolicy = .standard) -> AnyPublisher<Sourced<AuroraGrid>, ServiceFailure> {
        chain(.auroraGrid, policy, hasData: { _ in true }) { body, status throws(SpaceWeatherError) in
            try AuroraGridDecoder.decode(body, status: status)
        }.publisher()
    }

    /// The address of a product under the configured base.
    public func url(_ product: SpaceWeatherProduct) -> URL {
        configuration.baseURL.appending(path: product.path)
    }

    func request(_ product: SpaceWeatherProduct) -> HTTPRequest {
        HTTPRequest(
            url: url(product),
            headers: ["Accept": "application/json"],
            connectTimeout: min(HTTPRequest.defaultConnectTimeout, configuration.timeout),
            totalTimeout: configuration.timeout,
            // The aurora grid is 921 KB; four times that is no longer the product.
            maxBodyBytes: 4 * 1024 * 1024
        )
    }

    func chain<Value: Sendable>(_ product: SpaceWeatherProduct, _ policy: FetchPolicy,
                                hasData: @escaping @Sendable (Value) -> Bool,
                                decode: @escaping @Sendable (Data, Int) throws(SpaceWeatherError) -> Value) -> FallbackChain<Value> {
        let http = environment.http
        let request = self.request(product)
        return FallbackChain(
            subject: .init(name: product.name, cacheKey: product.cacheKey, freshness: product.freshness,
                           sampleSummary: SpaceWeatherSample.summary(product)),
            policy: policy,
            environment: environment,
            // The HTTP client bounds the request itself; this only catches a transfer that never reports back.
            liveTimeout: configuration.timeout + 2,
            live: {
                http.send(request)
                    .mapError { $0 as any Error }
                    .tryMap { response in
                        LiveAnswer(value: try decode(response.body, response.status), body: response.body)
                    }
                    .eraseToAnyPublisher()
            },
            decode: { body in try decode(body, 200) },
            hasData: hasData,
            emptyNotice: { Notice(.liveEmpty, "NOAA SWPC's \(product.path) held nothing to show") },
            explain: { Self.explain($0, product: product) },
            sample: {
                guard let body = SpaceWeatherSample.body(product) else {
                    throw SampleHasNone(wanted: product.name, why: "none is bundled: a nowcast is good for about half an hour")
                }
                return try decode(body, 200)
            }
        )
    }

    /// Why a failed request is not shown, in one line naming the product.
    static func explain(_ error: any Error, product: SpaceWeatherProduct) -> Notice {
        let source = "NOAA SWPC's \(product.path)"
        switch error {
        case let error as SpaceWeatherError:
            if case .httpStatus(429, _) = error.problem { return Notice(.rateLimited, error.description) }
            return Notice(.liveFailed, error.description)
        case let timeout as LiveTimeout:
            return Notice(.timedOut, "\(source) did not answer within \(AgeText.seconds(timeout.limit))")
        case let error as HTTPError:
            switch error {
            case .timedOut(.connect, let limit, _):
                return Notice(.timedOut, "\(source) could not be reached within \(AgeText.seconds(limit)) (connect timeout)")
            case .timedOut(.total, let limit, _):
                return Notice(.timedOut, "\(source) did not answer within \(AgeText.seconds(limit))")
            case .cannotResolveHost, .cannotConnect:
                return Notice(.noNetwork, "\(source) cannot be reached: \(error)")
            default:
                return Notice(.liveFailed, "\(source) request failed: \(error)")
            }
        default:
            return Notice(.liveFailed, "\(source) request failed: \(error)")
        }
    }
}
