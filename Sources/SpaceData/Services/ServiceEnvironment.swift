import Foundation
import HTTP
import Streams

/// What every service runs on, given by the app's composition root: the HTTP
/// layer, the cache, the scheduler results are delivered on, the clock, and
/// the wording that depends on the app around the services.
public struct ServiceEnvironment: Sendable {
    public var http: any HTTPFetching
    /// Nil when there is nowhere to cache (no home directory): the chains then
    /// go from live straight to the sample.
    public var cache: CacheStore?
    /// Where results are delivered.
    public var scheduler: AnySchedulerOf<DispatchQueue>
    /// "Now", for cache ages and for what counts as past.
    public var clock: @Sendable () -> Date
    public var wording: ServiceWording

    public init(http: any HTTPFetching, cache: CacheStore?, scheduler: AnySchedulerOf<DispatchQueue>,
                clock: @escaping @Sendable () -> Date = { Date() }, wording: ServiceWording = ServiceWording()) {
        self.http = http
        self.cache = cache
        self.scheduler = scheduler
        self.clock = clock
        self.wording = wording
    }
}

/// The words of the services' notices that name the app's own controls (its
/// flags and variables): the app gives them, the defaults name none.
public struct ServiceWording: Sendable, Equatable {
    /// The reason no request was made under `FetchPolicy.offline`.
    public var offline: String
    /// Why nothing can be cached, when there is no cache directory.
    public var noCacheDirectory: String
    /// Added to a refusal of the configured token: how to fix it.
    public var checkToken: String?

    public init(offline: String = "offline: no request made", noCacheDirectory: String = "no cache directory",
                checkToken: String? = nil) {
        self.offline = offline
        self.noCacheDirectory = noCacheDirectory
        self.checkToken = checkToken
    }
}
