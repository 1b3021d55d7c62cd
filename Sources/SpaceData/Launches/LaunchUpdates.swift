import Foundation
import Streams

/// Launches as they arrive, for a screen that stays open: what to show now and
/// whether better data is still coming.
public struct LaunchUpdate: Sendable {
    /// The launches, their origin, and the chain's notices (empty while loading).
    public var sourced: Sourced<LaunchList>
    /// A live answer is still being fetched: these are the cached or sample launches meanwhile.
    public var isLoading: Bool
    /// Why live launches are not shown: the live request failed, was refused or came
    /// back empty. Nil while loading, for live data, a fresh cache and offline.
    public var liveFailure: Notice?

    public init(sourced: Sourced<LaunchList>, isLoading: Bool, liveFailure: Notice? = nil) {
        self.sourced = sourced
        self.isLoading = isLoading
        self.liveFailure = liveFailure
    }
}

extension LaunchService {
    /// `launches` for a screen that shows launches at once: when a request
    /// is to be made, first the cached launches (any age), else the bundled launches,
    /// with `isLoading`; then what the chain settles on (live, or the fallback with
    /// `liveFailure` saying why). With a fresh cache, offline or strict it is
    /// the chain's one answer. Delivered on the environment's scheduler; cold: each
    /// subscription reads the cache once and makes at most the chain's requests.
    public func updates(_ request: Request) -> AnyPublisher<LaunchUpdate, ServiceFailure> {
        let service = self
        return Deferred { () -> AnyPublisher<LaunchUpdate, ServiceFailure> in
            // One cache read serves both the early answer and the chain, so a damaged
            // entry is reported (and removed) once.
            let cached = service.cachedPages(request)
            let policy = request.policy
            let clock = service.clock
            let settled = service.chain(for: request, cached: cached).publisher()
                .map { sourced in
                    // Offline, no request was made: nothing failed.
                    LaunchUpdate(sourced: LaunchService.prepared(sourced, now: clock()), isLoading: false,
                                 liveFailure: policy.offline ? nil : sourced.fallbackReason)
                }
                .eraseToAnyPublisher()

            let asksLive = !policy.offline && !policy.strict && (policy.refresh || !cached.isFresh)
            guard asksLive, let early = service.earlyLaunches(cached, request.timeframe) else { return settled }
            // The early answer is delivered synchronously at subscription, the chain's
            // only through its scheduler: the order is always early, then settled.
            return Just(LaunchUpdate(sourced: early, isLoading: true))
                .setFailureType(to: ServiceFailure.self)
                .merge(with: settled)
                .eraseToAnyPublisher()
        }
        .receive(on: scheduler)
        .eraseToAnyPublisher()
    }

    /// What to show while live launches load: the cache (any age), else the
    /// bundled launches; upcoming ones whose time has passed left out.
    private func earlyLaunches(_ cached: FallbackChain<LaunchList>.CacheRead, _ timeframe: LaunchTimeframe) -> Sourced<LaunchList>? {
        if let entry = cached.value { return Self.prepared(Sourced(entry.value, origin: entry.origin), now: clock()) }
        guard let bundled = try? sampleList(timeframe) else { return nil }
        return Self.prepared(Sourced(bundled, origin: .sample), now: clock())
    }
}
