import Foundation

/// An HTTP method: `GET`, `HEAD`, `POST`, … or any other token.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(stringLiteral value: String) { self.init(rawValue: value) }
    public var description: String { rawValue }

    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let delete: HTTPMethod = "DELETE"
}

/// What to fetch and the limits that protect the user while fetching it.
///
/// The defaults are what a careful user expects from a command-line tool:
/// give up connecting after 5 s and on the whole transfer after 15 s, and
/// refuse bodies over 16 MiB. (How redirects are followed is the client's:
/// `HTTPClient`.)
public struct HTTPRequest: Sendable, Equatable {
    public static let defaultConnectTimeout: TimeInterval = 5
    public static let defaultTotalTimeout: TimeInterval = 15
    public static let defaultMaxBodyBytes = 16 * 1024 * 1024

    public var url: URL
    public var method: HTTPMethod
    /// Sent as given, after the client's `User-Agent` (a `User-Agent` here wins).
    public var headers: HTTPHeaders
    /// Sent for methods other than GET and HEAD.
    public var body: Data?
    /// Seconds to wait for name resolution, TCP and TLS to complete.
    public var connectTimeout: TimeInterval
    /// Seconds the whole transfer, redirects included, may take.
    public var totalTimeout: TimeInterval
    /// The largest (decoded) body accepted; a larger one aborts the transfer
    /// with `HTTPError.bodyTooLarge` as soon as it goes over.
    public var maxBodyBytes: Int

    public init(
        url: URL,
        method: HTTPMethod = .get,
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        connectTimeout: TimeInterval = HTTPRequest.defaultConnectTimeout,
        totalTimeout: TimeInterval = HTTPRequest.defaultTotalTimeout,
        maxBodyBytes: Int = HTTPRequest.defaultMaxBodyBytes
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxBodyBytes = maxBodyBytes
    }
}

extension HTTPRequest: CustomStringConvertible {
    /// `GET https://…?api_key=***`: safe to print.
    public var description: String { "\(method) \(Redaction.redact(url: url))" }
}
