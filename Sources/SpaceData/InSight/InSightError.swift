import Foundation
import HTTP

/// Everything that can go wrong getting weather out of NASA's InSight API,
/// each with one line that says what happened and what to do.
public enum InSightError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `OVER_RATE_LIMIT` (HTTP 429).
    case rateLimited(usingDemoKey: Bool, retryAfter: TimeInterval?)
    /// `API_KEY_INVALID`: the key is not one api.nasa.gov knows.
    case apiKeyInvalid
    /// `API_KEY_MISSING`: no key reached the gateway.
    case apiKeyMissing
    /// Another api.nasa.gov error body (`API_KEY_DISABLED`, `HTTPS_REQUIRED`, `NOT_FOUND`, …).
    case serviceError(status: Int, code: String, message: String)
    /// A non-2xx answer without an error body we recognise.
    case httpStatus(Int, excerpt: String)
    /// The answer had no bytes at all.
    case emptyBody
    /// The answer is not UTF-8 text (the offset of the first bad byte).
    case invalidUTF8(offset: Int)
    /// The answer is not JSON (for example an HTML error page); `excerpt` is its start.
    case notJSON(excerpt: String)
    /// The answer is JSON cut short after `length` bytes.
    case truncated(length: Int)
    /// The answer is JSON but not well formed.
    case malformedJSON(detail: String)
    /// The answer is well-formed JSON but not the InSight weather schema.
    case unexpectedSchema(detail: String)

    public var description: String {
        switch self {
        case .rateLimited(let demo, let retryAfter):
            let wait = retryAfter.map { " (retry \(RetryAfter.phrase(seconds: $0)))" } ?? ""
            if demo {
                return "NASA's API rate limit was reached\(wait): DEMO_KEY allows 30 requests an hour; get a free key at api.nasa.gov and set NASA_API_KEY"
            }
            return "NASA's API rate limit was reached for the key in NASA_API_KEY\(wait): 1,000 requests an hour; the block lifts within an hour"
        case .apiKeyInvalid:
            return "NASA's API rejected the key in NASA_API_KEY as invalid: check it, or get a free key at api.nasa.gov"
        case .apiKeyMissing:
            return "NASA's API received no API key: set NASA_API_KEY to your key, or unset it to use DEMO_KEY"
        case .serviceError(let status, let code, let message):
            let detail = message.isEmpty ? "" : ": \(message)"
            return "NASA's API refused the request with \(code) (HTTP \(status))\(detail)"
        case .httpStatus(let status, let excerpt):
            let detail = excerpt.isEmpty ? "" : ": \(excerpt)"
            return "NASA's API answered HTTP \(status)\(detail)"
        case .emptyBody:
            return "NASA's API sent an empty answer instead of weather data"
        case .invalidUTF8(let offset):
            return "NASA's API sent an answer that is not UTF-8 text (bad byte at offset \(offset))"
        case .notJSON(let excerpt):
            return "NASA's API sent an answer that is not JSON (it starts with \"\(excerpt)\")"
        case .truncated(let length):
            return "NASA's API sent an answer cut short after \(length) bytes (incomplete JSON)"
        case .malformedJSON(let detail):
            return "NASA's API sent malformed JSON: \(detail)"
        case .unexpectedSchema(let detail):
            return "NASA's API sent JSON that is not InSight weather data: \(detail)"
        }
    }

    /// Whether the error means NASA refused the credentials (the user must act, not wait).
    public var isCredentialProblem: Bool {
        switch self {
        case .apiKeyInvalid, .apiKeyMissing: return true
        case .serviceError(_, let code, _): return code.hasPrefix("API_KEY")
        default: return false
        }
    }
}
