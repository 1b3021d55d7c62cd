import Foundation
import HTTP
import Streams

extension LaunchService {
    /// One launch's detailed record (`launches show`): from the cache while it
    /// is fresh, else asked of Launch Library in detailed mode and cached;
    /// when that fails, the cached record whatever its age; and at last the
    /// detailed record the bundled listing holds (as of 20 July 2026, and
    /// dated so), else the launch as the list holds it (`listed`: cached or
    /// bundled), which has no links, probability or weather, and a notice
    /// saying so.
    ///
    /// A launch of the bundled history (GCAT's) has no record at Launch Library:
    /// it is shown as the history holds it, and nothing is asked.
    ///
    /// Fails with `.nothingToShow` when nothing is known of `id` at all.
    public func detail(id: String, listed: Launch?, policy: FetchPolicy = .standard,
                       timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) -> AnyPublisher<Sourced<LaunchDetail>, ServiceFailure> {
        if let listed, listed.id == id, LaunchHistory.isHistory(listed) {
            return Just(Sourced(LaunchDetail(launch: listed), origin: .sample))
                .setFailureType(to: ServiceFailure.self)
                .receive(on: scheduler)
                .eraseToAnyPublisher()
        }
        let service = self
        return FallbackChain<LaunchDetail>(
            subject: .init(name: "launch details", cacheKey: endpoint.detailCacheKey(id: id),
                           freshness: Self.freshness, sampleSummary: "the launch as listed"),
            policy: policy, environment: environment,
            liveTimeout: nil,
            narration: detailNarration(bundled: BundledLaunchListing.detail(id: id) != nil),
            live: { service.liveDetail(id: id, timeout: timeout) },
            decode: { body in
                guard let detail = try LaunchDetailDecoder.decode(body).first(where: { $0.launch.id == id }) else {
                    throw LaunchLibraryError.unexpectedShape("it does not hold launch \(id)")
                }
                return detail
            },
            hasData: { _ in true },
            emptyNotice: { Notice(.liveEmpty, "Launch Library has no record of launch \(id)") },
            explain: { ($0 as? LiveFailure)?.notice ?? Notice(.liveFailed, "\($0)") },
            sample: {
                if let bundled = BundledLaunchListing.detail(id: id) { return bundled }
                guard let listed else {
                    throw SampleHasNone(wanted: "record of launch \(id)", why: "no cached or bundled list holds it")
                }
                return LaunchDetail(launch: listed)
            }
        ).publisher()
    }

    /// The detailed record, asked once; no request while Launch Library asked to wait.
    func liveDetail(id: String, timeout: TimeInterval) -> AnyPublisher<LiveAnswer<LaunchDetail>, any Error> {
        if endpoint.token == nil, let until = throttledUntil(), until > clock() {
            let seconds = Int(until.timeIntervalSince(clock()).rounded(.up))
            return Fail(error: LiveFailure(notice: Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description)))
                .eraseToAnyPublisher()
        }
        let service = self
        return http.send(HTTPRequest(url: endpoint.detail(id: id), headers: HTTPHeaders(endpoint.headers),
                                     connectTimeout: min(HTTPRequest.defaultConnectTimeout, timeout), totalTimeout: timeout))
            .mapError { error -> any Error in LiveFailure(notice: Self.notice(for: error)) }
            .tryMap { response -> LiveAnswer<LaunchDetail> in
                guard response.isSuccess else { throw LiveFailure(notice: service.notice(forStatusOf: response)) }
                do {
                    guard let detail = try LaunchDetailDecoder.decode(response.body).first(where: { $0.launch.id == id }) else {
                        throw LiveFailure(notice: Notice(.liveFailed, "Launch Library's answer does not hold launch \(id)"))
                    }
                    return LiveAnswer(value: detail, body: response.body)
                } catch let error as LaunchLibraryError {
                    if case .throttled(let seconds) = error { service.rememberThrottle(seconds: seconds) }
                    throw LiveFailure(notice: Notice(Self.kind(of: error), error.description))
                }
            }
            .eraseToAnyPublisher()
    }

    /// What `launches show` says when it steps down: a stale record is
    /// dated; the bundled listing's record says how old it is; a list record
    /// says what only the detailed one holds.
    func detailNarration(bundled: Bool) -> FallbackChain<LaunchDetail>.Narration {
        let missing = "webcasts, information links, probability, weather concerns and hold reason are in its detailed record only"
        return .init(
            offline: Notice(.offline, environment.wording.offline),
            live: { problems, notices in Self.oncePerKind(problems + notices) },
            cached: { reason, problems, entry in
                let ago = entry.age >= 60 ? AgeText.describe(entry.age) + " ago" : "less than a minute ago"
                return Self.oncePerKind(problems + [Notice(reason.kind, "\(reason.message); showing the launch's details as cached \(ago)")])
            },
            sample: { reason, problems, offline in
                let age = self.clock().timeIntervalSince(BundledLaunchListing.listedAt)
                let old = age >= 3600 ? ", \(AgeText.describe(age)) old" : ""
                let step = bundled
                    ? Notice(.cacheMissing, "no detailed record of this launch cached; showing it as listed on 20 July 2026 "
                        + "(\(BundledLaunchListing.summary)\(old)): webcasts, boosters and updates as they were then")
                    : Notice(.cacheMissing, "no detailed record of this launch cached; showing it as listed (\(missing))")
                return Self.oncePerKind(problems + (offline ? [step] : [reason, step]))
            }
        )
    }
}
