import Foundation
import HTTP

/// Why an answer from NOAA SWPC cannot be used, naming the product: one line
/// each. The service then falls back to the cache and the bundled sample.
public struct SpaceWeatherError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        /// A non-2xx answer (a retired product answers 404); `excerpt` is the start of its body.
        case httpStatus(Int, excerpt: String)
        /// No bytes, or only whitespace.
        case emptyBody
        /// Not JSON at all (an HTML page); `excerpt` is its start.
        case notJSON(excerpt: String)
        /// JSON cut short after `length` bytes.
        case truncated(length: Int)
        /// JSON, but not well formed.
        case malformedJSON(detail: String, offset: Int)
        /// Well-formed JSON in a shape the decoder does not know: what it found.
        case unknownShape(String)
        /// The right shape, but not one usable value in it.
        case noData
    }

    public let product: SpaceWeatherProduct
    public let problem: Problem

    public init(_ product: SpaceWeatherProduct, _ problem: Problem) {
        self.product = product
        self.problem = problem
    }

    public var description: String {
        let source = "NOAA SWPC's \(product.path)"
        switch problem {
        case .httpStatus(let status, let excerpt):
            return "\(source) answered HTTP \(status)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
        case .emptyBody:
            return "\(source) sent an empty answer"
        case .notJSON(let excerpt):
            return "\(source) sent an answer that is not JSON (it starts with \"\(excerpt)\")"
        case .truncated(let length):
            return "\(source) sent an answer cut short after \(length) bytes (incomplete JSON)"
        case .malformedJSON(let detail, let offset):
            return "\(source) sent malformed JSON: \(detail) at byte \(offset)"
        case .unknownShape(let detail):
            return "\(source) changed shape: \(detail); spacedash does not know this format"
        case .noData:
            return "\(source) held no usable values"
        }
    }
}

/// What every NOAA decoder does before reading its shape: the status, the
/// body's first byte, and JSON's own well-formedness as typed errors.
enum SpaceWeatherJSON {
    /// The body parsed into a tree, or the error naming `product`.
    static func tree(_ body: Data, status: Int, product: SpaceWeatherProduct) throws(SpaceWeatherError) -> JSONTree {
        try checkStart(body, status: status, product: product)
        let result: Result<JSONTree, JSONByteReader.Failure> = body.withUnsafeBytes { raw in
            do throws(JSONByteReader.Failure) {
                return .success(try JSONTree.parse(raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let tree): return tree
        case .failure(let failure): throw error(failure, product: product, length: body.count)
        }
    }

    /// The status is 2xx and the body starts like JSON (after whitespace).
    static func checkStart(_ body: Data, status: Int, product: SpaceWeatherProduct) throws(SpaceWeatherError) {
        guard (200..<300).contains(status) else {
            throw SpaceWeatherError(product, .httpStatus(status, excerpt: excerpt(of: body)))
        }
        guard let first = body.first(where: { !(($0 == 0x20) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw SpaceWeatherError(product, .emptyBody)
        }
        guard first == UInt8(ascii: "[") || first == UInt8(ascii: "{") else {
            throw SpaceWeatherError(product, .notJSON(excerpt: excerpt(of: body)))
        }
    }

    static func error(_ failure: JSONByteReader.Failure, product: SpaceWeatherProduct, length: Int) -> SpaceWeatherError {
        switch failure {
        case .truncated: return SpaceWeatherError(product, .truncated(length: length))
        case .malformed(let what, let offset): return SpaceWeatherError(product, .malformedJSON(detail: what, offset: offset))
        }
    }

    /// The start of a body, printable and redacted, for error messages.
    static func excerpt(of body: Data, limit: Int = 60) -> String {
        PrintableExcerpt.of(Redaction.redact(text: String(decoding: body.prefix(limit * 4), as: UTF8.self)), limit: limit + 1)
    }

    /// Server text quoted inside an error message (keys, a header row), short and printable.
    static func clip(_ text: String, limit: Int = 80) -> String {
        excerpt(of: Data(text.utf8), limit: limit)
    }

    /// A time as SWPC writes it: "2026-02-02 00:00:00.000", "2026-08-24T00:00:00",
    /// with or without milliseconds or `Z`; always UTC.
    static func time(_ tree: JSONTree?) -> Date? {
        guard let text = tree?.string, text.utf8.count <= 40 else { return nil }
        return LaunchLibraryDate.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
