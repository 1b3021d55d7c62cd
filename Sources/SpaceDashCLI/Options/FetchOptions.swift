import SpaceData

/// The options of the commands that fetch data, declared once: how the data
/// may be got (`--offline`, `--refresh`, `--strict`), how long to wait
/// (`--timeout`), and `--verbose`. A command takes the whole group
/// (`FetchOptions.group`) and reads it with `FetchOptions(arguments)`, which
/// also checks that the options agree.
struct FetchOptions: Sendable, Equatable {
    static let offline = Flag("offline", help: "Make no request: the cache, else the bundled sample", config: .commandLineOnly)
    static let refresh = Flag("refresh", help: "Make a request even when the cached answer is still fresh (see the discussion above for how long each source's answer stays fresh)",
                              config: .commandLineOnly)
    static let strict = Flag("strict", help: "No fallback: without live data, exit 69", config: .commandLineOnly)
    static let timeout = Option<Double>("timeout", valueName: "SECONDS", default: 15, help: "Give up on a request after this long",
                                        check: .within(0.1...600))
    static let verbose = Flag("verbose", short: "v", help: "Say where the data came from, and log each HTTP request and response on stderr")

    /// Every fetch option, in the order help lists them.
    static let group = ArgumentGroup("Fetch options", [offline, refresh, strict, timeout, verbose])

    let policy: FetchPolicy
    /// Seconds.
    let timeout: Double
    let verbose: Bool

    /// The options as given; a usage error when they contradict each other:
    /// `--offline` with `--strict` could never succeed, and `--offline` with
    /// `--refresh` asks for a request and forbids it.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        policy = FetchPolicy(offline: arguments[Self.offline], refresh: arguments[Self.refresh],
                             strict: arguments[Self.strict])
        timeout = arguments[Self.timeout]
        verbose = arguments[Self.verbose]
        if policy.offline && policy.refresh {
            throw UsageError("--offline and --refresh contradict each other: --refresh makes a request, --offline makes none")
        }
        if policy.offline && policy.strict {
            throw UsageError("--offline and --strict contradict each other: --strict needs live data, --offline makes no request")
        }
    }

    init(policy: FetchPolicy = .standard, timeout: Double = 15, verbose: Bool = false) {
        self.policy = policy
        self.timeout = timeout
        self.verbose = verbose
    }
}
