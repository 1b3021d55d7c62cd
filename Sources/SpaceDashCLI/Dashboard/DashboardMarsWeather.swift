import Foundation
import HTTP
import SpaceData
import Streams

/// The weather panel's source until `InSightService` (issue 4) is on main:
/// live from the InSight feed, else the bundled sample, each step down
/// explained by a notice. It has no cache; the service will replace it.
enum DashboardMarsWeather {
    static let productionURL = "https://api.nasa.gov/insight_weather/"
    static let urlVariable = "SPACEDASH_INSIGHT_URL"
    static let keyVariable = "NASA_API_KEY"

    /// The feed's URL: `SPACEDASH_INSIGHT_URL` or api.nasa.gov, with the key
    /// from `NASA_API_KEY` (else DEMO_KEY).
    static func url(environment: [String: String]) throws -> URL {
        let base = environment[urlVariable].flatMap { $0.isEmpty ? nil : $0 } ?? productionURL
        guard var components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), components.host != nil else {
            throw CommandError("\(urlVariable) is not an http(s) URL: \(base)")
        }
        let key = environment[keyVariable].flatMap { $0.isEmpty ? nil : $0 } ?? "DEMO_KEY"
        components.queryItems = (components.queryItems ?? []) + [
            URLQueryItem(name: "api_key", value: key),
            URLQueryItem(name: "feedtype", value: "json"),
            URLQueryItem(name: "ver", value: "1.0"),
        ]
        return components.url!
    }

    /// Why the live answer cannot be shown.
    struct LiveFailure: Error {
        var notice: Notice
        init(_ notice: Notice) { self.notice = notice }
    }

    static func publisher(http: any HTTPFetching, environment: [String: String], policy: FetchPolicy,
                          clock: @escaping @Sendable () -> Date = { Date() }) throws -> AnyPublisher<InSightReport, Dashboard.PanelFailure> {
        if policy.offline {
            return sample(because: Notice(.offline, "--offline: no request made"))
        }
        let usingDemoKey = (environment[keyVariable] ?? "").isEmpty
        let live: AnyPublisher<InSightReport, LiveFailure> = http.get(try url(environment: environment))
            .mapError { error -> LiveFailure in
                switch error {
                case .cannotResolveHost, .cannotConnect: return LiveFailure(Notice(.noNetwork, error.description))
                case .timedOut: return LiveFailure(Notice(.timedOut, error.description))
                default: return LiveFailure(Notice(.liveFailed, error.description))
                }
            }
            .flatMap { response -> AnyPublisher<InSightReport, LiveFailure> in
                do {
                    let feed = try InSightDecoder.decode(response.body, status: response.status,
                                                         retryAfter: response.retryAfter, usingDemoKey: usingDemoKey)
                    if feed.isEmpty {
                        return Fail(error: LiveFailure(Notice(.liveEmpty, "the InSight feed is empty: the lander stopped reporting in 2022"))).eraseToAnyPublisher()
                    }
                    return Just(InSightReport(feed, origin: .live(fetchedAt: clock()))).setFailureType(to: LiveFailure.self).eraseToAnyPublisher()
                } catch {
                    var kind = Notice.Kind.liveFailed
                    if let insight = error as? InSightError {
                        if case .rateLimited = insight { kind = .rateLimited } else if insight.isCredentialProblem { kind = .credentialsRejected }
                    }
                    return Fail(error: LiveFailure(Notice(kind, String(describing: error)))).eraseToAnyPublisher()
                }
            }
            .eraseToAnyPublisher()
        if policy.strict {
            return live.mapError { Dashboard.PanelFailure(description: "no live Mars weather (--strict): \($0.notice.message)", isUnavailable: true) }
                .eraseToAnyPublisher()
        }
        return live
            .catch { failure in sample(because: failure.notice) }
            .eraseToAnyPublisher()
    }

    /// The bundled sample, with why it is shown.
    static func sample(because reason: Notice) -> AnyPublisher<InSightReport, Dashboard.PanelFailure> {
        do {
            let feed = try InSightSample.feed()
            let notices = [reason, Notice(.cacheMissing, "showing \(InSightSample.summary)")]
            return Just(InSightReport(feed, origin: .sample, notices: notices))
                .setFailureType(to: Dashboard.PanelFailure.self).eraseToAnyPublisher()
        } catch {
            return Fail(error: Dashboard.PanelFailure(description: "the bundled Mars weather sample is broken: \(error)")).eraseToAnyPublisher()
        }
    }
}
