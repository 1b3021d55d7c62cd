import Foundation
import HTTP

/// What can go wrong reading a Launch Library response, each with a one-line
/// message a person can act on.
public enum LaunchLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The body is not JSON at all (an HTML error page, a proxy's text...).
    /// `prefix` is the start of the body, sanitised, for the message.
    case notJSON(prefix: String)
    /// The body is binary data (an image, an archive, random bytes): its start
    /// would show as noise, so it is not quoted.
    case binary
    /// The free tier's 15 requests an hour are spent: HTTP 429, or the body
    /// `{"detail":"Request was throttled. Expected available in N seconds."}`.
    /// `retryAfter` is in seconds when the server said.
    case throttled(retryAfter: Int?)
    /// Any other `{"detail": …}` answer, e.g. "Not found.", with its HTTP status when known.
    case api(detail: String, status: Int?)
    /// JSON that breaks off or goes wrong at byte `offset` (counted from 0),
    /// where `expected` was due: a truncated or damaged file.
    case malformedJSON(offset: Int, expected: String)
    /// Valid JSON, but not a page of launches (nor one launch).
    case unexpectedShape(String)

    /// What a body that does not start as JSON is: binary data, or text quoted by its start.
    static func notJSON(startingWith data: Data) -> LaunchLibraryError {
        // JSON and the text a server sends instead (escape sequences included, which the
        // excerpt cleans) are UTF-8 without NUL; anything else in the first bytes is binary.
        let start = data.prefix(256)
        let isText = String(validating: start.prefix(start.count - trailingPartialScalar(start)), as: UTF8.self) != nil
            && !start.contains(0)
        return isText ? .notJSON(prefix: LaunchLibraryDecoder.prefix(of: data)) : .binary
    }

    /// The bytes at the end of `data` that begin a UTF-8 scalar cut off by the prefix.
    private static func trailingPartialScalar(_ data: Data) -> Int {
        var count = 0
        for byte in data.reversed().prefix(3) {
            count += 1
            if byte & 0xC0 == 0xC0 { return count }   // a lead byte: its scalar is cut
            if byte & 0x80 == 0 { return 0 }          // ASCII: nothing cut
        }
        return 0
    }

    public var description: String {
        switch self {
        case .notJSON(let prefix):
            return prefix.isEmpty
                ? "Launch Library sent an empty response instead of JSON"
                : "Launch Library sent something that is not JSON (it starts with \"\(prefix)\")"
        case .binary:
            return "Launch Library sent binary data instead of JSON"
        case .throttled(let seconds):
            let base = "Launch Library's limit of 15 requests an hour was reached"
            guard let seconds else { return base + "; retry later" }
            return base + "; retry " + RetryAfter.phrase(seconds: Double(seconds))
        case .api(let detail, let status):
            return "Launch Library answered " + (status.map { "HTTP \($0): " } ?? "") + detail
        case .malformedJSON(let offset, let expected):
            return "the response is not valid JSON: at byte \(offset) \(expected) was expected"
        case .unexpectedShape(let why):
            return "the response is JSON but not a list of Launch Library launches: \(why)"
        }
    }

    /// The error a `{"detail": …}` body stands for: throttling when the text
    /// says so (DRF's "Request was throttled. Expected available in N
    /// seconds."), else the detail itself.
    public static func fromDetail(_ detail: String, status: Int? = nil) -> LaunchLibraryError {
        if status == 429 || detail.range(of: "throttled", options: .caseInsensitive) != nil {
            return .throttled(retryAfter: throttleSeconds(in: detail))
        }
        return .api(detail: detail, status: status)
    }

    /// The N of "Expected available in N seconds." (or "in 1 second."), or nil.
    public static func throttleSeconds(in detail: String) -> Int? {
        guard let range = detail.range(of: "available in ", options: .caseInsensitive) else { return nil }
        let digits = detail[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        let afterDigits = detail[range.upperBound...].dropFirst(digits.count)
        guard !digits.isEmpty, afterDigits.hasPrefix(" second") else { return nil }
        return Int(digits)
    }
}
