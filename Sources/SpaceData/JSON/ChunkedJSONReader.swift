import Foundation

/// Where JSON stops being JSON: the byte offset from the start of the input
/// and what was expected there.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var offset: Int
    public var expected: String

    public init(offset: Int, expected: String) {
        self.offset = offset
        self.expected = expected
    }
}

/// A forward-only JSON reader over bytes that arrive in chunks (a file read
/// piece by piece), so a document of any size is walked in bounded memory.
///
/// It checks the syntax of everything it passes over (RFC 8259; the text of
/// strings is not decoded and its UTF-8 not checked) and hands out the bytes
/// of single values, which the caller decodes one at a time. Only the bytes
/// from `retain(from:)` on are kept; the rest of a chunk is dropped once read.
/// Nesting is walked with a stack of its own, so depth costs no recursion.
struct ChunkedJSONReader {
    /// Appends the next bytes of the input; returns false at its end.
    typealias Fill = (inout [UInt8]) throws(JSONReadError) -> Bool

    private var buffer: [UInt8] = []
    /// Index in `buffer` of the next byte to read.
    private var position = 0
    /// Input offset of `buffer[0]`.
    private var bufferStart = 0
    /// Input offset from which bytes must be kept, if any.
    private var retainedFrom: Int?
    private var exhausted = false
    private let fill: Fill

    init(fill: @escaping Fill) {
        self.fill = fill
    }

    /// A reader over bytes already in memory.
    init(bytes: [UInt8]) {
        buffer = bytes
        exhausted = true
        fill = { _ throws(JSONReadError) in false }
    }

    /// The input offset of the next byte.
    var offset: Int { bufferStart + position }

    /// The next byte after whitespace, not consumed; nil at the end of the input.
    mutating func peekNonWhitespace() throws(JSONReadError) -> UInt8? {
        while true {
            while position < buffer.count {
                let byte = buffer[position]
                if !Self.isWhitespace(byte) { return byte }
                position += 1
            }
            guard try refill() else { return nil }
        }
    }

    /// Consumes one byte (after a peek said what it is).
    mutating func advance() {
        position += 1
    }

    /// Up to `count` bytes from the current position, not consumed (for messages).
    mutating func upcoming(_ count: Int) throws(JSONReadError) -> [UInt8] {
        while buffer.count - position < count && !exhausted {
            if try !fill(&buffer) { exhausted = true }
        }
        return Array(buffer[position ..< min(buffer.count, position + count)])
    }

    /// Keeps every byte from input offset `start` (at most the current offset) until `release()`.
    mutating func retain(from start: Int) {
        precondition(start >= bufferStart && start <= offset)
        retainedFrom = start
    }

    mutating func release() {
        retainedFrom = nil
    }

    /// The bytes from `start` (retained) to the current position.
    func bytes(from start: Int) -> Data {
        precondition(retainedFrom.map { $0 <= start } ?? false)
        return Data(buffer[(start - bufferStart) ..< position])
    }

    /// Calls `body` with the bytes from `start` (retained) to the current
    /// position, in place: for decoding a record without copying it.
    func withBytes<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(retainedFrom.map { $0 <= start } ?? false)
        return buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[(start - bufferStart) ..< position]))
        }
    }

    /// Calls `body` with the bytes from `start` (retained) to the end of those
    /// in memory, in place: for reading a value whose end is not known yet.
    func withBytesInMemory<Result>(from start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        precondition(retainedFrom.map { $0 <= start } ?? false)
        return buffer.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[(start - bufferStart)...]))
        }
    }

    /// Moves to input offset `offset`, which is in memory: past a value read
    /// through `withBytesInMemory`, or back to a retained start to read it again.
    mutating func move(to offset: Int) {
        precondition(offset >= bufferStart && offset <= bufferStart + buffer.count)
        position = offset - bufferStart
    }

    /// Reads more of the input, at least doubling the bytes in memory from the
    /// retained offset (so a value read again each time it is found cut short
    /// is read a few times at most, whatever its size); false when the input
    /// had no more.
    mutating func readMore() throws(JSONReadError) -> Bool {
        guard !exhausted else { return false }
        let keep = retainedFrom.map { $0 - bufferStart } ?? position
        if keep > 0 {
            buffer.removeSubrange(0 ..< keep)
            bufferStart += keep
            position -= keep
        }
        let before = buffer.count
        while buffer.count < max(2 * before, 1) {
            if try !fill(&buffer) {
                exhausted = true
                break
            }
        }
        return buffer.count > before
    }

    /// Consumes `byte` after whitespace, or fails saying `expected`.
    mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONReadError) {
        guard try peekNonWhitespace() == byte else { throw syntax(expected) }
        position += 1
    }

    /// Reads a string (after whitespace) and decodes it: for object keys.
    mutating func readString() throws(JSONReadError) -> String {
        guard try peekNonWhitespace() == UInt8(ascii: "\"") else { throw syntax("a string") }
        let start = offset
        let keepFrom = retainedFrom
        if keepFrom == nil { retainedFrom = start }
        defer { retainedFrom = keepFrom }
        try skipString()
        let quoted = Data(buffer[(start - bufferStart) ..< position])
        // Escapes are rare in keys; JSONDecoder reads them exactly.
        if !quoted.contains(UInt8(ascii: "\\")) { return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self) }
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? ""
    }

    /// Passes over one whole value (after whitespace), checking its syntax.
    mutating func skipValue() throws(JSONReadError) {
        // true: inside an object, false: inside an array.
        var containers: [Bool] = []
        while true {
            // A value.
            guard let byte = try peekNonWhitespace() else { throw syntax("a value") }
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                if try peekNonWhitespace() == UInt8(ascii: "}") {
                    position += 1
                } else {
                    containers.append(true)
                    try skipKeyAndColon()
                    continue
                }
            case UInt8(ascii: "["):
                position += 1
                if try peekNonWhitespace() == UInt8(ascii: "]") {
                    position += 1
                } else {
                    containers.append(false)
                    continue
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                try skipNumber()
            case UInt8(ascii: "t"):
                try skipLiteral("true")
            case UInt8(ascii: "f"):
                try skipLiteral("false")
            case UInt8(ascii: "n"):
                try skipLiteral("null")
            default:
                throw syntax("a value")
            }
            // After a value: close containers until one continues with a comma.
            while let inObject = containers.last {
                let close = inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let next = try peekNonWhitespace()
                if next == UInt8(ascii: ",") {
                    position += 1
                    if inObject { try skipKeyAndColon() }
                    break
                } else if next == close {
                    position += 1
                    containers.removeLast()
                } else {
                    throw syntax(inObject ? "',' or '}'" : "',' or ']'")
                }
            }
            if containers.isEmpty { return }
        }
    }

    // MARK: - Tokens

    private mutating func skipKeyAndColon() throws(JSONReadError) {
        guard try peekNonWhitespace() == UInt8(ascii: "\"") else { throw syntax("a string key") }
        try skipString()
        try expect(UInt8(ascii: ":"), "':'")
    }

    /// From the opening quote to past the closing one.
    private mutating func skipString() throws(JSONReadError) {
        position += 1
        while true {
            // The common case, plain bytes, in a tight loop over the chunk.
            while position < buffer.count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw syntax("a control character escaped in a string") }
                position += 1
            }
            guard let byte = try peekByte() else { throw syntax("the end of a string") }
            guard byte == UInt8(ascii: "\\") else { continue }
            position += 1
            guard let escaped = try peekByte() else { throw syntax("an escape") }
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                position += 1
                for _ in 0 ..< 4 {
                    guard let hex = try peekByte(), Self.isHexDigit(hex) else { throw syntax("four hex digits after \\u") }
                    position += 1
                }
            default:
                throw syntax("an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)")
            }
        }
    }

    private mutating func skipNumber() throws(JSONReadError) {
        if try peekByte() == UInt8(ascii: "-") { position += 1 }
        guard let first = try peekByte(), Self.isDigit(first) else { throw syntax("a digit") }
        position += 1
        if first != UInt8(ascii: "0") { try skipDigits() }
        if try peekByte() == UInt8(ascii: ".") {
            position += 1
            guard let digit = try peekByte(), Self.isDigit(digit) else { throw syntax("a digit after '.'") }
            try skipDigits()
        }
        if let e = try peekByte(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            position += 1
            if let sign = try peekByte(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let digit = try peekByte(), Self.isDigit(digit) else { throw syntax("a digit in the exponent") }
            try skipDigits()
        }
    }

    private mutating func skipDigits() throws(JSONReadError) {
        while let byte = try peekByte(), Self.isDigit(byte) { position += 1 }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(JSONReadError) {
        let start = offset
        for index in 0 ..< literal.utf8CodeUnitCount {
            guard try peekByte() == literal.utf8Start[index] else {
                throw JSONReadError.syntax(JSONSyntaxError(offset: start, expected: "a value"))
            }
            position += 1
        }
    }

    // MARK: - Bytes

    private mutating func peekByte() throws(JSONReadError) -> UInt8? {
        if position < buffer.count { return buffer[position] }
        return try refill() ? buffer[position] : nil
    }

    /// Drops what is read and not retained, then appends the next chunk.
    /// True when there are bytes to read at `position`.
    private mutating func refill() throws(JSONReadError) -> Bool {
        while position >= buffer.count {
            if exhausted { return false }
            let keep = retainedFrom.map { $0 - bufferStart } ?? position
            if keep > 0 {
                buffer.removeSubrange(0 ..< keep)
                bufferStart += keep
                position -= keep
            }
            if try !fill(&buffer) { exhausted = true }
        }
        return true
    }

    private func syntax(_ expected: String) -> JSONReadError {
        .syntax(JSONSyntaxError(offset: offset, expected: expected))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}

/// Why a `ChunkedJSONReader` stopped: the JSON is broken, or the input could not be read.
enum JSONReadError: Error {
    case syntax(JSONSyntaxError)
    /// `errno` of the failed read.
    case unreadable(Int32)
}
