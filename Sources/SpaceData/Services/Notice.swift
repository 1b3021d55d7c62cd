import HTTP

/// One line telling the user why the data shown is not what they asked for:
/// the live answer was empty or failed, the cache could not be used, and so on.
///
/// A fallback chain emits each notice once; commands print them on stderr.
public struct Notice: Sendable, Equatable, CustomStringConvertible {
    /// What kind of step this notice explains, for tests and `--json`.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The service answered, but with nothing to show.
        public static let liveEmpty = Kind(rawValue: "live-empty")
        /// The service's rate limit was reached.
        public static let rateLimited = Kind(rawValue: "rate-limited")
        /// The request took longer than its time limit.
        public static let timedOut = Kind(rawValue: "timed-out")
        /// The service could not be reached (name resolution, connection).
        public static let noNetwork = Kind(rawValue: "no-network")
        /// The service refused the credentials (API key, token).
        public static let credentialsRejected = Kind(rawValue: "credentials-rejected")
        /// Any other failure of the live request or its answer.
        public static let liveFailed = Kind(rawValue: "live-failed")
        /// `--offline`: no request was made.
        public static let offline = Kind(rawValue: "offline")
        /// A cache entry or the cache directory could not be used.
        public static let cacheUnreadable = Kind(rawValue: "cache-unreadable")
        /// A live answer could not be saved in the cache.
        public static let cacheNotSaved = Kind(rawValue: "cache-not-saved")
        /// No cached answer existed to fall back on.
        public static let cacheMissing = Kind(rawValue: "cache-missing")
        /// Entries of a stale list left out because their date has passed.
        public static let leftOut = Kind(rawValue: "left-out")
    }

    public let kind: Kind
    public let message: String

    /// `message` is redacted here, at the source, so no output of a notice
    /// (stderr, `--json`, the interactive status line) can show a secret a
    /// server echoed back (see `Redaction`).
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = Redaction.redact(text: message)
    }

    public var description: String { message }
}
