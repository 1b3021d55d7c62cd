/// Everything that can go wrong reading Curiosity's weather feed, each one line
/// saying what happened. Each makes the service step down to the next source.
public enum CuriosityWeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A non-2xx answer; `excerpt` is the start of its body.
    case httpStatus(Int, excerpt: String)
    /// The answer had no bytes, or only whitespace.
    case emptyBody
    /// The answer is not JSON (an HTML error page, for one); `excerpt` is its start.
    case notJSON(excerpt: String)
    /// The answer is JSON cut short after `length` bytes.
    case truncated(length: Int)
    /// The answer is JSON but not well formed.
    case malformedJSON(detail: String, offset: Int)
    /// Well-formed JSON, but not the REMS weather schema.
    case unexpectedSchema(detail: String)
    /// The feed lists no sol at all (`"soles": []`).
    case noSols

    public var description: String {
        switch self {
        case .httpStatus(let status, let excerpt):
            return "Curiosity's weather feed answered HTTP \(status)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .emptyBody:
            return "Curiosity's weather feed sent an empty answer"
        case .notJSON(let excerpt):
            return "Curiosity's weather feed sent an answer that is not JSON (it starts with \"\(excerpt)\")"
        case .truncated(let length):
            return "Curiosity's weather feed sent an answer cut short after \(length) bytes (incomplete JSON)"
        case .malformedJSON(let detail, let offset):
            return "Curiosity's weather feed sent malformed JSON: \(detail) at byte \(offset)"
        case .unexpectedSchema(let detail):
            return "Curiosity's weather feed sent JSON that is not REMS weather data: \(detail)"
        case .noSols:
            return "Curiosity's weather feed listed no sols"
        }
    }
}
