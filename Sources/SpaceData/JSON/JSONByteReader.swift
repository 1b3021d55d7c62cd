/// A forward-only JSON reader over raw bytes, for inputs too large for
/// `JSONDecoder` to read within a run's time budget: Curiosity's whole-mission
/// answer (~3 MB of small string fields) and the launches of `--file`, one
/// record at a time. It checks the whole text as it goes, values it passes over
/// included, so one walk both checks and decodes, and a cut-short text is told
/// apart from a malformed one; it hands out strings as byte ranges, allocating
/// only when a caller asks for a `String`.
struct JSONByteReader {
    enum Failure: Error, Equatable {
        /// The text ended inside a value: the body was cut short.
        case truncated
        /// Not well-formed JSON at `offset`.
        case malformed(String, offset: Int)
    }

    /// The kind of value that starts at the current position.
    enum ValueKind: Equatable { case object, array, string, number, literal }

    /// A string token: its bytes between the quotes, and whether they hold escapes.
    struct StringToken {
        var range: Range<Int>
        var hasEscapes: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// Where names that repeat across records are shared (`LaunchRecordDecoder`), if anywhere.
    var repeatedText: RepeatedText?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    // MARK: - Structure

    // The small steps below are inlined into every reader (`@inline(__always)`),
    // with their failures built out of line: they run for every byte of a
    // million-launch file.

    @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The kind of the next value, after whitespace.
    @inline(__always)
    mutating func peekKind() throws(Failure) -> ValueKind {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        default: throw malformed("unexpected character")
        }
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Failure) {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated }
        guard bytes[position] == byte else { throw expected(byte) }
        position += 1
    }

    @inline(never)
    private func expected(_ byte: UInt8) -> Failure {
        malformed("expected '\(Character(Unicode.Scalar(byte)))'")
    }

    /// Consumes `byte` when it comes next (after whitespace).
    @inline(__always)
    mutating func consume(_ byte: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated }
        if bytes[position] == byte {
            position += 1
            return true
        }
        return false
    }

    /// Walks an object's members: `body` is called with each key, positioned at
    /// its value, and must consume that value.
    mutating func readObject(_ body: (inout JSONByteReader, StringToken) throws(Failure) -> Void) throws(Failure) {
        var nothing: Void = ()
        try readObject(into: &nothing) { (_: inout Void, reader: inout JSONByteReader, key: StringToken) throws(Failure) in
            try body(&reader, key)
        }
    }

    /// `readObject(_:)` filling in `fields`, which `body` gets with each key. They
    /// are handed to it rather than captured by it: a value a closure captures is
    /// copied on its way out, which for a launch's record is twenty-five strings.
    mutating func readObject<Fields>(into fields: inout Fields,
                                     _ body: (inout Fields, inout JSONByteReader, StringToken) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        if try consume(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw .truncated }
            guard bytes[position] == UInt8(ascii: "\"") else { throw malformed("expected a key") }
            let key = try readStringToken()
            try expect(UInt8(ascii: ":"))
            try body(&fields, &self, key)
            if try consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Walks an array's elements: `body` is called positioned at each element and must consume it.
    mutating func readArray(_ body: (inout JSONByteReader) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["))
        if try consume(UInt8(ascii: "]")) { return }
        while true {
            try body(&self)
            if try consume(UInt8(ascii: ",")) { continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    /// Checks and passes over any value. Nesting is followed with a stack of
    /// bits, not recursion, so no depth of input can exhaust the call stack.
    mutating func skipValue() throws(Failure) {
        // Most values passed over are scalars (`url`, `slug`, `image`…): no nesting to follow.
        switch try peekKind() {
        case .string: _ = try readStringToken(); return
        case .number: _ = try readNumberToken(); return
        case .literal: _ = try readLiteral(); return
        case .object, .array: break
        }
        var nesting = NestingStack()
        while true {
            // At a value.
            switch try peekKind() {
            case .object:
                position += 1
                if try consume(UInt8(ascii: "}")) { break }
                nesting.push(isObject: true)
                try skipKeyAndColon()
                continue
            case .array:
                position += 1
                if try consume(UInt8(ascii: "]")) { break }
                nesting.push(isObject: false)
                continue
            case .string: _ = try readStringToken()
            case .number: _ = try readNumberToken()
            case .literal: _ = try readLiteral()
            }
            // After a value: close containers until one goes on with a comma.
            while let isObject = nesting.top {
                if try consume(UInt8(ascii: ",")) {
                    if isObject { try skipKeyAndColon() }
                    break
                }
                try expect(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                nesting.pop()
            }
            if nesting.isEmpty { return }
        }
    }

    private mutating func skipKeyAndColon() throws(Failure) {
        skipWhitespace()
        guard position < bytes.count else { throw .truncated }
        guard bytes[position] == UInt8(ascii: "\"") else { throw malformed("expected a key") }
        _ = try readStringToken()
        try expect(UInt8(ascii: ":"))
    }

    /// Which containers enclose the current position, innermost last: 64 levels
    /// in a word, deeper ones (never met in real data) in an array.
    private struct NestingStack {
        private var bits: UInt64 = 0
        private var depth = 0
        private var deeper: [Bool] = []

        var isEmpty: Bool { depth == 0 }

        /// Whether the innermost container is an object; nil outside any.
        var top: Bool? {
            guard depth > 0 else { return nil }
            return depth > 64 ? deeper[depth - 65] : bits & (1 << (depth - 1)) != 0
        }

        mutating func push(isObject: Bool) {
            if depth >= 64 {
                deeper.append(isObject)
            } else if isObject {
                bits |= 1 << depth
            } else {
                bits &= ~(1 << depth)
            }
            depth += 1
        }

        mutating func pop() {
            depth -= 1
            if depth >= 64 { deeper.removeLast() }
        }
    }

    // MARK: - Scalars

    /// The string at the current position, as a byte range (escapes left in).
    mutating func readStringToken() throws(Failure) -> StringToken {
        try expect(UInt8(ascii: "\""))
        let start = position
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard position < bytes.count else { throw .truncated }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return StringToken(range: start..<(position - 1), hasEscapes: hasEscapes)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                position += 1
                guard position < bytes.count else { throw .truncated }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                     UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count else { throw .truncated }
                    for offset in 1...4 where Self.hexValue(bytes[position + offset]) == nil {
                        throw malformed("bad \\u escape")
                    }
                    position += 5
                default:
                    throw malformed("bad escape")
                }
            default:
                throw malformed("control character in a string")
            }
        }
    }

    /// Moves to the next quote, backslash or control character (or the end),
    /// sixteen bytes at a time: strings are most of the bytes of a launch.
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            // Sixteen bytes at a time (one SSE2 compare each), as most strings
            // (keys, names, dates) end within the first sixteen.
            let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\"")), backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let space = SIMD16<UInt8>(repeating: 0x20)
            while position + 16 <= bytes.count {
                let chunk = raw.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
                let stops = chunk .== quote .| chunk .== backslash .| chunk .< space
                // Each lane of the mask is a byte, all ones where it stops: as two words, the
                // lowest set byte is the stop.
                let lanes = unsafeBitCast(stops, to: SIMD2<UInt64>.self)
                if lanes[0] != 0 {
                    position += UInt64(littleEndian: lanes[0]).trailingZeroBitCount >> 3
                    return
                }
                if lanes[1] != 0 {
                    position += 8 + UInt64(littleEndian: lanes[1]).trailingZeroBitCount >> 3
                    return
                }
                position += 16
            }
        }
        // The last few bytes of the text, one at a time.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            position += 1
        }
    }

    /// The number at the current position, as a byte range.
    mutating func readNumberToken() throws(Failure) -> Range<Int> {
        skipWhitespace()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            // No leading zeros in JSON: "0" is the whole integer part (as `JSONDecoder` reads it).
            position += 1
            if position == bytes.count { throw .truncated }
        } else {
            guard try digits() > 0 else { throw malformed("expected a digit") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard try digits() > 0 else { throw malformed("expected a digit after '.'") }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard try digits() > 0 else { throw malformed("expected an exponent") }
        }
        return start..<position
    }

    private mutating func digits() throws(Failure) -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        // A number running into the end of the text may have been cut.
        if position == bytes.count { throw .truncated }
        return position - start
    }

    /// `true`, `false` or `null`; nil stands for null.
    mutating func readLiteral() throws(Failure) -> Bool? {
        skipWhitespace()
        // Most often the whole word is there: four bytes compared at once.
        if position + 5 <= bytes.count, let base = bytes.baseAddress {
            switch UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: position, as: UInt32.self)) {
            case Self.null: position += 4; return nil
            case Self.true: position += 4; return true
            case Self.fals where bytes[position + 4] == UInt8(ascii: "e"): position += 5; return false
            default: break  // not a literal, or a broken one: found and named below
            }
        }
        guard position < bytes.count else { throw malformed("unexpected character") }
        let (word, value): (StaticString, Bool?) = switch bytes[position] {
        case UInt8(ascii: "t"): ("true", true)
        case UInt8(ascii: "f"): ("false", false)
        case UInt8(ascii: "n"): ("null", nil)
        default: throw malformed("unexpected character")
        }
        for index in 0..<word.utf8CodeUnitCount {
            guard position + index < bytes.count else { throw .truncated }
            guard bytes[position + index] == word.utf8Start[index] else { throw malformed("bad literal") }
        }
        position += word.utf8CodeUnitCount
        return value
    }

    /// "null", "true" and "fals" read as little-endian words (the first letter lowest).
    private static let null: UInt32 = 0x6C6C_756E, `true`: UInt32 = 0x6575_7274, fals: UInt32 = 0x736C_6166

    // MARK: - Reading tokens

    /// Whether the token's bytes are exactly `text` (keys, without escapes).
    func token(_ token: StringToken, equals text: StaticString) -> Bool {
        guard !token.hasEscapes, token.range.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for index in 0..<token.range.count where bytes[token.range.lowerBound + index] != expected[index] {
            return false
        }
        return true
    }

    /// The token's text with its escapes decoded (a lone surrogate becomes U+FFFD,
    /// invalid UTF-8 is repaired the same way).
    func string(_ token: StringToken) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        // Escapes are decoded into UTF-8 beside the raw bytes and the whole made a
        // String once: the invalid UTF-8 that decoding repairs is repaired alike,
        // since an escape's encoding never continues a sequence before it.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        func encode(_ value: UInt32) {
            switch value {
            case ..<0x80:
                utf8.append(UInt8(value))
            case ..<0x800:
                utf8.append(0xC0 | UInt8(value >> 6))
                utf8.append(0x80 | UInt8(value & 0x3F))
            case ..<0x10000:
                utf8.append(0xE0 | UInt8(value >> 12))
                utf8.append(0x80 | UInt8(value >> 6 & 0x3F))
                utf8.append(0x80 | UInt8(value & 0x3F))
            default:
                utf8.append(0xF0 | UInt8(value >> 18))
                utf8.append(0x80 | UInt8(value >> 12 & 0x3F))
                utf8.append(0x80 | UInt8(value >> 6 & 0x3F))
                utf8.append(0x80 | UInt8(value & 0x3F))
            }
        }
        let replacement: UInt32 = 0xFFFD
        var index = 0
        var pendingHigh: UInt32?
        func append(_ value: UInt32) {
            if let high = pendingHigh {
                pendingHigh = nil
                if (0xDC00...0xDFFF).contains(value) {
                    encode(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00))
                    return
                }
                encode(replacement)
            }
            switch value {
            case 0xD800...0xDBFF: pendingHigh = value
            case 0xDC00...0xDFFF: encode(replacement)
            default: encode(value)
            }
        }
        while index < raw.count {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\") else {
                if pendingHigh != nil { pendingHigh = nil; encode(replacement) }
                utf8.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                for offset in 0..<4 { value = value << 4 | UInt32(Self.hexValue(raw[index + offset])!) }
                index += 4
                append(value)
                continue
            case UInt8(ascii: "b"): append(0x08)
            case UInt8(ascii: "f"): append(0x0C)
            case UInt8(ascii: "n"): append(0x0A)
            case UInt8(ascii: "r"): append(0x0D)
            case UInt8(ascii: "t"): append(0x09)
            default: append(UInt32(escape))
            }
        }
        if pendingHigh != nil { encode(replacement) }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The value of a number token (`ExactDecimal`: plain decimals without `strtod`).
    func double(_ range: Range<Int>) -> Double? {
        ExactDecimal.double(rawBytes(range))
    }

    /// The bytes of a token without escapes, for the fast field parsers.
    func rawBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[range])
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    func malformed(_ what: String) -> Failure {
        .malformed(what, offset: position)
    }
}
