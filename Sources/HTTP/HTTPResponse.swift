import Foundation

/// A response as received: any status (a 404 is a response, not an error,
/// until its reader says otherwise), headers, the decoded body, the
/// URL it finally came from after redirects, and how long it took.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    public var finalURL: URL
    /// From the start of the transfer to the last byte.
    public var duration: TimeInterval

    /// Registered secrets (see `Redaction`) in `body` become `***` here, at the
    /// source: whatever is decoded, shown (tables, `--json`, the interactive
    /// view), cached or quoted in an error from a server that echoed a key
    /// cannot hold it.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), finalURL: URL, duration: TimeInterval = 0) {
        self.status = status
        self.headers = headers
        self.body = Redaction.maskRegisteredSecrets(in: body)
        self.finalURL = finalURL
        self.duration = duration
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// Seconds the server asked the client to wait (`Retry-After`), if it did.
    public var retryAfter: TimeInterval? {
        headers["Retry-After"].flatMap { RetryAfter.seconds(from: $0, serverDate: headers["Date"]) }
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

extension HTTPError {
    /// The status error describing a non-2xx response: its code, the start
    /// of its body (redacted, one line) and its `Retry-After`.
    public static func status(of response: HTTPResponse) -> HTTPError {
        .status(
            code: response.status,
            bodyExcerpt: excerpt(of: response.body),
            retryAfter: response.retryAfter,
            url: Redaction.redact(url: response.finalURL)
        )
    }

    /// The longest excerpt kept from an error body, in characters.
    public static let excerptLength = 200

    static func excerpt(of body: Data) -> String {
        let text = String(decoding: body.prefix(excerptLength * 4), as: UTF8.self)
        return PrintableExcerpt.of(Redaction.redact(text: PrintableExcerpt.clean(text)), limit: excerptLength)
    }
}
