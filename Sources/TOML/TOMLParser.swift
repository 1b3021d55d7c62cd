/// The reader behind `TOMLDocument`: one pass over the bytes with a cursor,
/// line by line, keys and values in the subset the document describes.
struct TOMLParser {
    typealias Position = TOMLDocument.Position
    typealias Value = TOMLDocument.Value

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private(set) var entries: [TOMLDocument.Entry] = []
    private(set) var tables: [TOMLDocument.Table] = []
    private var table: String?
    /// The line each key of each table was first set on (the top level's under "").
    private var keyLines: [String: [String: Int]] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(TOMLError) {
        try checkEncoding()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        while index < bytes.count {
            skipSpaces()
            guard let byte = current else { break }
            switch byte {
            case UInt8(ascii: "#"): try skipComment()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): break
            case UInt8(ascii: "["): try parseTableHeader()
            default: try parseEntry()
            }
            try endLine()
        }
    }

    // MARK: - Lines

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// Where `offset` is: its line and its column in Unicode scalars.
    private func position(of offset: Int) -> Position {
        var column = 1
        var scan = lineStart
        while scan < offset {
            if bytes[scan] & 0xC0 != 0x80 { column += 1 }
            scan += 1
        }
        return Position(line: line, column: column)
    }

    private var here: Position { position(of: index) }

    private func error(_ message: String, at offset: Int? = nil, suggestion: String? = nil) -> TOMLError {
        TOMLError(message, at: position(of: offset ?? index), suggestion: suggestion)
    }

    private mutating func skipSpaces() {
        while let byte = current, byte == 0x20 || byte == 0x09 { index += 1 }
    }

    /// A comment runs to the end of the line; it may hold any text but control characters.
    private mutating func skipComment() throws(TOMLError) {
        index += 1
        while let byte = current, byte != 0x0A {
            if byte == 0x0D, peek(1) == 0x0A { return }
            if isControl(byte) { throw error("a control character (\(hex(byte))) in a comment", suggestion: "delete it") }
            index += 1
        }
    }

    /// The end of a line: nothing but spaces and a comment may follow what it holds.
    private mutating func endLine() throws(TOMLError) {
        skipSpaces()
        if current == UInt8(ascii: "#") { try skipComment() }
        guard let byte = current else { return }
        if byte == 0x0D, peek(1) == 0x0A { index += 1 }
        guard current == 0x0A else {
            if current == 0x0D { throw error("a carriage return without a line feed", suggestion: "end lines with \\n or \\r\\n") }
            throw error("unexpected '\(shown(at: index))' after the value", suggestion: "one setting a line; start a comment with #")
        }
        newLine()
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    // MARK: - Tables and keys

    private mutating func parseTableHeader() throws(TOMLError) {
        let start = index
        let position = here
        index += 1
        if current == UInt8(ascii: "[") {
            throw error("arrays of tables ([[…]]) are not supported", at: start, suggestion: "spacedash's sections are plain tables like [launches]")
        }
        skipSpaces()
        let name = try parseKey(after: "[")
        skipSpaces()
        if current == UInt8(ascii: ".") {
            throw error("nested tables are not supported", suggestion: "spacedash's sections are one word, like [launches]")
        }
        guard current == UInt8(ascii: "]") else {
            throw error("expected ']' to close the table header", suggestion: "write [\(name)]")
        }
        index += 1
        if let first = tables.first(where: { $0.name == name }) {
            throw TOMLError("table [\(name)] appears twice (first on line \(first.position.line))", at: position,
                            suggestion: "put its keys under the first [\(name)]")
        }
        if let earlier = keyLines[""]?[name] {
            throw TOMLError("[\(name)] names a key set on line \(earlier)", at: position, suggestion: "rename one of them")
        }
        tables.append(TOMLDocument.Table(name: name, position: position))
        table = name
    }

    /// A bare key (letters, digits, - and _) or a quoted one.
    private mutating func parseKey(after context: String) throws(TOMLError) -> String {
        if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
            let start = index
            guard case .string(let key) = try parseString() else { preconditionFailure("a string parses as one") }
            if key.isEmpty { throw error("an empty key", at: start, suggestion: "name the setting, like units") }
            return key
        }
        let start = index
        while let byte = current, isBareKeyByte(byte) { index += 1 }
        guard index > start else {
            guard let byte = current, byte != 0x0A, byte != 0x0D else {
                throw error("expected a key after '\(context)'", suggestion: "like units = \"metric\"")
            }
            if byte == UInt8(ascii: "=") { throw error("a key is missing before '='", suggestion: "like units = \"metric\"") }
            throw error("'\(shown(at: index))' cannot start a key", suggestion: "keys are letters, digits, - and _, or quoted")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseEntry() throws(TOMLError) {
        let keyStart = index
        let keyPosition = here
        let key = try parseKey(after: "the start of the line")
        skipSpaces()
        if current == UInt8(ascii: ".") {
            throw error("dotted keys are not supported", at: keyStart,
                        suggestion: "put the key under its table: [\(key)] then the rest of the key on its own line")
        }
        guard current == UInt8(ascii: "=") else {
            if current == nil || current == 0x0A || current == 0x0D || current == UInt8(ascii: "#") {
                throw error("'\(key)' has no value", suggestion: "write \(key) = VALUE")
            }
            throw error("expected '=' after the key '\(key)'", suggestion: "write \(key) = VALUE; quote a key with spaces")
        }
        index += 1
        skipSpaces()
        let tableKey = table ?? ""
        if let first = keyLines[tableKey]?[key] {
            throw TOMLError("'\(key)' is set twice\(table.map { " in [\($0)]" } ?? "") (first on line \(first))", at: keyPosition,
                            suggestion: "keep one of the two lines")
        }
        let valueStart = index
        let valuePosition = here
        let value = try parseValue(for: key)
        keyLines[tableKey, default: [:]][key] = keyPosition.line
        entries.append(TOMLDocument.Entry(table: table, key: key, value: value, keyPosition: keyPosition,
                                          valuePosition: valuePosition, valueRange: valueStart..<index, lastLine: line))
    }

    // MARK: - Values

    private mutating func parseValue(for key: String) throws(TOMLError) -> Value {
        guard let byte = current, byte != 0x0A, byte != 0x0D, byte != UInt8(ascii: "#") else {
            throw error("'\(key)' has no value after '='", suggestion: "write \(key) = VALUE")
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return try parseString()
        case UInt8(ascii: "["): return try parseArray(for: key)
        case UInt8(ascii: "{"):
            throw error("inline tables ({…}) are not supported", suggestion: "spacedash's settings are plain values")
        default: return try parseBareValue(for: key)
        }
    }

    /// `"…"` with escapes or `'…'` as written, on one line.
    private mutating func parseString() throws(TOMLError) -> Value {
        let quote = current!
        let start = index
        if peek(1) == quote, peek(2) == quote {
            throw error("multi-line strings are not supported", suggestion: "write the string on one line, with \\n for a line break")
        }
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current, byte != 0x0A, !(byte == 0x0D && peek(1) == 0x0A) else {
                throw error("unterminated string", at: start, suggestion: "close it with \(Character(Unicode.Scalar(quote))) on the same line")
            }
            if byte == quote {
                index += 1
                return .string(String(decoding: text, as: UTF8.self))
            }
            if isControl(byte) {
                throw error("a control character (\(hex(byte))) in a string", suggestion: quote == UInt8(ascii: "\"") ? "write it as an escape like \\t or \\u001B" : "use a \"basic string\" with an escape like \\t")
            }
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                try appendEscape(to: &text)
                continue
            }
            text.append(byte)
            index += 1
        }
    }

    private mutating func appendEscape(to text: inout [UInt8]) throws(TOMLError) {
        let start = index
        index += 1
        guard let letter = current else { throw error("unterminated string", at: start) }
        let simple: [UInt8: UInt8] = [UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A,
                                       UInt8(ascii: "f"): 0x0C, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22,
                                       UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "e"): 0x1B]
        if let replacement = simple[letter] {
            text.append(replacement)
            index += 1
            return
        }
        guard letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") else {
            throw error("invalid escape '\\\(shown(at: index))'", at: start,
                        suggestion: "write \\\\ for a backslash, or use a 'literal string'")
        }
        let digits = letter == UInt8(ascii: "u") ? 4 : 8
        var value: UInt32 = 0
        for offset in 1...digits {
            guard let digit = peek(offset).flatMap(hexValue) else {
                throw error("\\\(Character(Unicode.Scalar(letter))) needs \(digits) hexadecimal digits", at: start,
                            suggestion: digits == 4 ? "like \\u00E9" : "like \\U0001F680")
            }
            value = value << 4 | UInt32(digit)
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error("\\\(Character(Unicode.Scalar(letter)))\(String(value, radix: 16, uppercase: true)) is not a Unicode character", at: start)
        }
        text += Array(String(Character(scalar)).utf8)
        index += 1 + digits
    }

    /// `[v, v, …]`, over several lines if need be, with comments and a trailing comma.
    private mutating func parseArray(for key: String) throws(TOMLError) -> Value {
        let start = here
        index += 1
        var values: [Value] = []
        while true {
            try skipArraySpace(start: start)
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(values)
            }
            values.append(try parseValue(for: key))
            try skipArraySpace(start: start)
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard current == UInt8(ascii: "]") else {
                throw error("expected ',' or ']' in the array", suggestion: "separate values with commas")
            }
        }
    }

    /// Spaces, line breaks and comments between an array's values.
    private mutating func skipArraySpace(start: Position) throws(TOMLError) {
        while true {
            skipSpaces()
            guard let byte = current else {
                throw TOMLError("unterminated array", at: start, suggestion: "close it with ]")
            }
            if byte == UInt8(ascii: "#") {
                try skipComment()
            } else if byte == 0x0A {
                newLine()
            } else if byte == 0x0D, peek(1) == 0x0A {
                index += 1
                newLine()
            } else {
                return
            }
        }
    }

    /// Booleans and numbers; a date or a bare word is an error that says how to write it.
    private mutating func parseBareValue(for key: String) throws(TOMLError) -> Value {
        let start = index
        while let byte = current, isBareValueByte(byte) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        if isDateLike(word) {
            throw error("dates are not supported", at: start, suggestion: "quote it: \(key) = \"\(word)\"")
        }
        if let number = try number(word, at: start) { return number }
        if word.isEmpty {
            throw error("'\(shown(at: start))' cannot start a value", at: start,
                        suggestion: "a value is \"text\", a number, true, false or [a, list]")
        }
        if word.first!.isLetter || word.first == "_" {
            let lowered = word.lowercased()
            if lowered == "true" || lowered == "false" {
                throw error("booleans are lowercase", at: start, suggestion: "write \(key) = \(lowered)")
            }
            throw error("a string needs quotes", at: start, suggestion: "write \(key) = \"\(word)\"")
        }
        throw error("'\(word)' is not a number", at: start, suggestion: "like 15, -3, 2.5 or 1e3; quote text")
    }

    /// `word` as an integer or a float in TOML's decimal forms, nil when it is none.
    private func number(_ word: String, at start: Int) throws(TOMLError) -> Value? {
        switch word {
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        let characters = Array(word.utf8)
        var body = characters[...]
        if let sign = body.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { body = body.dropFirst() }
        guard let first = body.first, isDigit(first) else { return nil }
        if first == UInt8(ascii: "0"), body.count > 1, let second = body.dropFirst().first {
            if second == UInt8(ascii: "x") || second == UInt8(ascii: "o") || second == UInt8(ascii: "b") {
                throw error("hexadecimal, octal and binary numbers are not supported", at: start, suggestion: "write it in decimal")
            }
            if isDigit(second) || second == UInt8(ascii: "_") {
                throw error("a number cannot start with 0", at: start, suggestion: "drop the leading zero")
            }
        }
        // Underscores only between two digits: 1_000.
        for (offset, byte) in characters.enumerated() where byte == UInt8(ascii: "_") {
            guard offset > 0, offset + 1 < characters.count, isDigit(characters[offset - 1]), isDigit(characters[offset + 1]) else {
                throw error("an underscore in a number must stand between two digits", at: start, suggestion: "like 1_000")
            }
        }
        let plain = String(decoding: characters.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        let isFloat = plain.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        guard isFloat else {
            guard plain.dropFirst(plain.first == "+" || plain.first == "-" ? 1 : 0).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            guard let value = Int(plain) else {
                throw error("the integer \(word) is too large", at: start, suggestion: "spacedash's integers lie between \(Int.min) and \(Int.max)")
            }
            return .integer(value)
        }
        guard isTOMLFloat(Array(plain.utf8)), let value = Double(plain) else {
            throw error("'\(word)' is not a number", at: start, suggestion: "a float has digits on both sides of its point, like 0.5")
        }
        return .float(value)
    }

    /// TOML's float form: an integer part, then a fraction, an exponent or both.
    private func isTOMLFloat(_ text: [UInt8]) -> Bool {
        var rest = text[...]
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let integer = rest.prefix(while: isDigit)
        guard !integer.isEmpty else { return false }
        rest = rest.dropFirst(integer.count)
        if rest.first == UInt8(ascii: ".") {
            let fraction = rest.dropFirst().prefix(while: isDigit)
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if let e = rest.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit)
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }

    // MARK: - Bytes

    /// The file must be UTF-8: the first byte that is not, with its place.
    private mutating func checkEncoding() throws(TOMLError) {
        var offset = 0
        var lineNumber = 1
        var start = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A {
                lineNumber += 1
                offset += 1
                start = offset
                continue
            }
            let length = utf8SequenceLength(at: offset)
            guard length > 0 else {
                line = lineNumber
                lineStart = start
                throw error("invalid UTF-8 (byte \(hex(byte)))", at: offset, suggestion: "save the file as UTF-8")
            }
            offset += length
        }
    }

    /// The length of the valid UTF-8 sequence at `offset`, or 0.
    private func utf8SequenceLength(at offset: Int) -> Int {
        let lead = bytes[offset]
        if lead < 0x80 { return 1 }
        let (length, low, high): (Int, UInt8, UInt8) = switch lead {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard length > 0, offset + length <= bytes.count else { return 0 }
        guard (low...high).contains(bytes[offset + 1]) else { return 0 }
        for next in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[next]) { return 0 }
        return length
    }

    private func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x09) || byte == 0x7F }
    private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private func isBareKeyByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// What a number, boolean, date or mistyped word may hold, up to a separator.
    private func isBareValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private func isDateLike(_ word: String) -> Bool {
        let characters = Array(word.utf8)
        guard characters.count >= 10 else { return characters.count >= 5 && characters[2] == UInt8(ascii: ":") }
        return characters[4] == UInt8(ascii: "-") && characters[7] == UInt8(ascii: "-") && characters[..<4].allSatisfy(isDigit)
    }

    /// The character at `offset`, as a message shows it.
    private func shown(at offset: Int) -> String {
        guard offset < bytes.count else { return "" }
        let byte = bytes[offset]
        if isControl(byte) { return hex(byte) }
        let length = max(1, utf8SequenceLength(at: offset))
        return String(decoding: bytes[offset..<min(bytes.count, offset + length)], as: UTF8.self)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}
