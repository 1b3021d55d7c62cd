import Foundation

/// Why a request failed, in terms a user can act on.
///
/// URLs are stored already redacted (`api_key=***`), so no description,
/// `dump` or log of an error can leak a secret; header values are never kept.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Which limit a timeout hit.
    public enum Timeout: String, Sendable, Equatable {
        /// Name resolution, TCP and TLS did not complete within the connect timeout.
        case connect
        /// The whole transfer did not complete within the total timeout.
        case total
    }

    /// Not an absolute http or https URL with a host.
    case invalidURL(String)
    /// The host name did not resolve (typo, DNS down, offline).
    case cannotResolveHost(host: String)
    /// Nothing accepted the connection (refused, unreachable network).
    case cannotConnect(url: String, detail: String)
    /// A limit of the request ran out; `limit` is in seconds.
    case timedOut(Timeout, limit: TimeInterval, url: String)
    /// The TLS handshake or certificate verification failed.
    case tls(url: String, detail: String)
    /// More redirects than the client follows (a loop, or an address moved too often).
    case tooManyRedirects(limit: Int, url: String)
    /// A redirect to a scheme that is not allowed from the original URL
    /// (https to http, or anything to a non-HTTP scheme).
    case insecureRedirect(from: String, to: String)
    /// The body went over the request's `maxBodyBytes`; the transfer was
    /// aborted as soon as it did.
    case bodyTooLarge(limit: Int, url: String)
    /// The server closed the connection without sending a response.
    case emptyResponse(url: String)
    /// The connection ended before the whole body arrived.
    case truncatedBody(url: String, received: Int, expected: Int?)
    /// A non-2xx response, from `status(of:)`: the status, the start of
    /// the body on one line, and `Retry-After` in seconds when sent.
    case status(code: Int, bodyExcerpt: String, retryAfter: TimeInterval?, url: String)
    /// Any other transfer failure, with libcurl's code and message.
    case transport(code: Int, detail: String, url: String)
    /// libcurl could not be loaded (it is loaded by the first request), so no
    /// request can be made; `detail` is the loader's reason.
    case libcurlUnavailable(detail: String)

    /// One line, with any registered secret masked (the URLs are redacted when
    /// stored; this also catches a secret a server put in a detail).
    public var description: String {
        Redaction.maskRegisteredSecrets(in: unmaskedDescription)
    }

    private var unmaskedDescription: String {
        switch self {
        case .invalidURL(let url):
            return "invalid URL \"\(url)\": use an absolute http:// or https:// URL with a host name"
        case .cannotResolveHost(let host):
            return "cannot resolve host \(host): check the name and your network connection"
        case .cannotConnect(let url, let detail):
            return "cannot connect to \(Self.origin(url))\(detail.isEmpty ? "" : " (\(detail))"): check your network connection or try again later"
        case .timedOut(.connect, let limit, let url):
            return "timed out after \(Self.seconds(limit)) connecting to \(Self.origin(url)): check your network connection or try again later"
        case .timedOut(.total, let limit, let url):
            return "request to \(url) took longer than \(Self.seconds(limit)) and was stopped: the server is slow, try again later"
        case .tls(let url, let detail):
            return "secure connection to \(Self.origin(url)) failed\(detail.isEmpty ? "" : " (\(detail))"): check the system clock and CA certificates (ca-certificates)"
        case .tooManyRedirects(let limit, let url):
            return "more than \(limit) redirects from \(url): the server is redirecting in a loop, or the address has moved too often"
        case .insecureRedirect(let from, let to):
            return "refused redirect from \(from) to \(to): it would leave a secure connection"
        case .bodyTooLarge(let limit, let url):
            return "response from \(url) is larger than \(Self.bytes(limit)) and was stopped: the URL may be wrong"
        case .emptyResponse(let url):
            return "the server at \(Self.origin(url)) closed the connection without responding: try again later"
        case .truncatedBody(let url, let received, let expected):
            let of = expected.map { " of \($0)" } ?? ""
            return "the connection to \(Self.origin(url)) ended after \(received)\(of) bytes of the response: try again"
        case .status(let code, let excerpt, let retryAfter, let url):
            var line = "HTTP \(code)\(Self.reason(code).map { " \($0)" } ?? "") from \(url)"
            if !excerpt.isEmpty { line += ": \(excerpt)" }
            if let retryAfter { line += " (retry \(RetryAfter.phrase(seconds: retryAfter)))" }
            return line
        case .transport(let code, let detail, let url):
            return "network error talking to \(Self.origin(url)): \(detail) (curl error \(code)); try again"
        case .libcurlUnavailable(let detail):
            return "cannot make requests: libcurl could not be loaded (\(detail)); install it with: sudo apt-get install libcurl4"
        }
    }

    /// `scheme://host:port` of a (redacted) URL string, or the string itself.
    static func origin(_ url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return url }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }

    static func seconds(_ value: TimeInterval) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return "\(Int(value)) s" }
        return String(format: "%.1f s", value)
    }

    static func bytes(_ count: Int) -> String {
        if count >= 1024 * 1024 && count % (1024 * 1024) == 0 { return "\(count / (1024 * 1024)) MiB" }
        if count >= 1024 && count % 1024 == 0 { return "\(count / 1024) KiB" }
        return "\(count) bytes"
    }

    static func reason(_ code: Int) -> String? {
        switch code {
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: nil
        }
    }
}
