import Foundation
import HTTP
import Streams

extension LaunchService {
    /// Upcoming events from Launch Library (`/events/upcoming/`), with the
    /// launches' discipline: from the cache while it is fresh (15 minutes), no
    /// request while Launch Library asked to wait, else the cache whatever its
    /// age, else the bundled events; and an event whose date has passed is
    /// left out whatever the source says, with a notice of how many.
    public func events(policy: FetchPolicy = .standard,
                       timeout: TimeInterval = HTTPRequest.defaultTotalTimeout) -> AnyPublisher<Sourced<[SpaceEvent]>, ServiceFailure> {
        let service = self
        let clock = self.clock
        return FallbackChain<[SpaceEvent]>(
            subject: .init(name: "events", cacheKey: endpoint.eventsCacheKey, freshness: Self.freshness,
                           sampleSummary: BundledEvents.summary),
            policy: policy, environment: environment,
            liveTimeout: nil,
            live: { service.liveEvents(timeout: timeout) },
            decode: { body in try SpaceEventDecoder.decode(body) },
            hasData: { !$0.isEmpty },
            emptyNotice: { Notice(.liveEmpty, "Launch Library lists no upcoming events") },
            explain: { ($0 as? LiveFailure)?.notice ?? Notice(.liveFailed, "\($0)") },
            sample: { try BundledEvents.events() }
        ).publisher()
            .map { Self.upcoming($0, now: clock()) }
            .eraseToAnyPublisher()
    }

    /// The events still to come, in date order (an undated one last), and a
    /// notice of those left out because their date has passed.
    static func upcoming(_ sourced: Sourced<[SpaceEvent]>, now: Date) -> Sourced<[SpaceEvent]> {
        var result = sourced
        let ahead = sourced.value.filter { !$0.hasPassed(at: now) }
        result.value = ahead.enumerated().sorted { lhs, rhs in
            switch (lhs.element.date, rhs.element.date) {
            case let (l?, r?) where l != r: return l < r
            case (_?, nil): return true
            case (nil, _?): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
        let gone = sourced.value.count - ahead.count
        if gone > 0 {
            result.notices.append(Notice(.leftOut, "left out \(gone) \(gone == 1 ? "event" : "events") whose date has passed"))
        }
        return result
    }

    func liveEvents(timeout: TimeInterval) -> AnyPublisher<LiveAnswer<[SpaceEvent]>, any Error> {
        if endpoint.token == nil, let until = throttledUntil(), until > clock() {
            let seconds = Int(until.timeIntervalSince(clock()).rounded(.up))
            return Fail(error: LiveFailure(notice: Notice(.rateLimited, LaunchLibraryError.throttled(retryAfter: seconds).description)))
                .eraseToAnyPublisher()
        }
        let service = self
        return http.send(HTTPRequest(url: endpoint.upcomingEvents, headers: HTTPHeaders(endpoint.headers),
                                     connectTimeout: min(HTTPRequest.defaultConnectTimeout, timeout), totalTimeout: timeout))
            .mapError { error -> any Error in LiveFailure(notice: Self.notice(for: error)) }
            .tryMap { response -> LiveAnswer<[SpaceEvent]> in
                guard response.isSuccess else { throw LiveFailure(notice: service.notice(forStatusOf: response)) }
                do throws(LaunchLibraryError) {
                    return LiveAnswer(value: try SpaceEventDecoder.decode(response.body), body: response.body)
                } catch {
                    if case .throttled(let seconds) = error { service.rememberThrottle(seconds: seconds) }
                    throw LiveFailure(notice: Notice(Self.kind(of: error), error.description))
                }
            }
            .eraseToAnyPublisher()
    }
}
