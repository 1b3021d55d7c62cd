/// How a command may get its data: the `--offline`, `--refresh` and `--strict` flags.
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

    /// A usage error when the flags contradict each other, else nil.
    ///
    /// `--offline` with `--strict` could never succeed, and `--offline` with
    /// `--refresh` asks for a request and forbids it; both are usage errors
    /// rather than a surprise at run time.
    public var conflict: String? {
        if offline && refresh { return "--offline and --refresh contradict each other: --refresh makes a request, --offline makes none" }
        if offline && strict { return "--offline and --strict contradict each other: --strict needs live data, --offline makes no request" }
        return nil
    }
}
