import Foundation

/// A whole JSON value in memory, for small answers whose fields change type
/// between versions (NOAA's numbers sent as strings, then as numbers). Read
/// with `JSONByteReader`, so it checks what `JSONDecoder` checks; nesting deeper
/// than `maximumDepth` is refused rather than followed into a stack overflow.
enum JSONTree: Sendable, Equatable {
    case object([String: JSONTree])
    case array([JSONTree])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// Far deeper than any answer read this way (NOAA's nest three levels).
    static let maximumDepth = 64

    /// The value the bytes hold, whitespace around it allowed, nothing after it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONByteReader.Failure) -> JSONTree {
        var reader = JSONByteReader(bytes)
        let tree = try read(&reader, depth: 0)
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw reader.malformed("text after the JSON value") }
        return tree
    }

    static func read(_ reader: inout JSONByteReader, depth: Int) throws(JSONByteReader.Failure) -> JSONTree {
        guard depth < maximumDepth else { throw reader.malformed("nesting deeper than \(maximumDepth) levels") }
        switch try reader.peekKind() {
        case .object:
            var members: [String: JSONTree] = [:]
            try reader.readObject(into: &members) { (members: inout [String: JSONTree], reader: inout JSONByteReader, key) throws(JSONByteReader.Failure) in
                members[reader.string(key)] = try read(&reader, depth: depth + 1)
            }
            return .object(members)
        case .array:
            var elements: [JSONTree] = []
            try reader.readArray { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
                elements.append(try read(&reader, depth: depth + 1))
            }
            return .array(elements)
        case .string:
            return .string(reader.string(try reader.readStringToken()))
        case .number:
            let range = try reader.readNumberToken()
            // A number too large for a Double is still a number: infinity, which no field accepts.
            return .number(ExactDecimal.double(UnsafeBufferPointer(rebasing: reader.bytes[range])) ?? .infinity)
        case .literal:
            return try reader.readLiteral().map(JSONTree.bool) ?? .null
        }
    }

    subscript(key: String) -> JSONTree? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A number, or a string holding one (`"2.33"`, `" 10 "`): NOAA has sent both.
    var number: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D }),
                  let value = Double(trimmed), value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// What kind of value this is, for error messages: "a list", "a number".
    var kindName: String {
        switch self {
        case .object: return "an object"
        case .array: return "a list"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}
