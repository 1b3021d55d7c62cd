/// How a service may get its data (the CLI's `--offline`, `--refresh` and
/// `--strict`; it checks that they agree).
public struct FetchPolicy: Sendable, Equatable {
    /// Make no request at all: cache, then the bundled sample.
    public var offline: Bool
    /// Make a request even when the cache is fresh.
    public var refresh: Bool
    /// Live data now or fail: a request is made even when the cache is fresh
    /// (a good answer is still saved), and nothing is substituted.
    public var strict: Bool

    public init(offline: Bool = false, refresh: Bool = false, strict: Bool = false) {
        self.offline = offline
        self.refresh = refresh
        self.strict = strict
    }

    /// Fresh cache first, then live, then the fallbacks.
    public static let standard = FetchPolicy()

    /// Whether a fresh cached answer may stand in for a request: not when
    /// `--refresh` asks for one, nor under `--strict`, which promises live data.
    public var answersFromFreshCache: Bool { !refresh && !strict }
}
