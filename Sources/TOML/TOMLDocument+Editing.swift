extension TOMLDocument.Value {
    /// The value as a TOML file writes it: `"imperial"`, `15`, `2.5`, `true`, `["SpaceX", "ESA"]`.
    public var tomlText: String {
        switch self {
        case .string(let text): Self.basicString(text)
        case .integer(let value): String(value)
        case .float(let value):
            if value.isNaN { "nan" } else if value.isInfinite { value < 0 ? "-inf" : "inf" }
            // A float keeps its point, so it reads back as a float.
            else if value == value.rounded(), abs(value) < 1e15 { String(Int(value)) + ".0" } else { "\(value)" }
        case .boolean(let value): value ? "true" : "false"
        case .array(let values): "[" + values.map(\.tomlText).joined(separator: ", ") + "]"
        }
    }

    /// `text` between double quotes, with what must be escaped escaped.
    static func basicString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension TOMLDocument {
    /// The file's bytes with `key` in `table` (nil: the top level) set to
    /// `value`, every other byte as it was: an existing value is replaced
    /// where it stands (its line's comment kept); a new key goes after the
    /// table's last key (a top-level one before the first table, and its
    /// comments); a new table goes at the end.
    public func setting(_ value: Value, forKey key: String, inTable table: String?) -> [UInt8] {
        let text = Array(value.tomlText.utf8)
        if let entry = entry(table: table, key: key) {
            return Array(bytes[..<entry.valueRange.lowerBound]) + text + Array(bytes[entry.valueRange.upperBound...])
        }
        let line = Array((Self.bareKey(key) + " = ").utf8) + text + [0x0A]
        let starts = lineStarts
        let tableEntries = entries.filter { $0.table == table }
        if let last = tableEntries.last {
            return inserting(line, atLine: last.lastLine + 1, starts: starts)
        }
        if let table {
            if let header = tables.first(where: { $0.name == table }) {
                return inserting(line, atLine: header.position.line + 1, starts: starts)
            }
            var result = bytes
            if let end = result.last, end != 0x0A { result.append(0x0A) }
            if result.contains(where: { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 && $0 != 0x09 }) { result.append(0x0A) }
            return result + Array("[\(Self.bareKey(table))]\n".utf8) + line
        }
        guard let firstTable = tables.first else {
            return inserting(line, atLine: starts.count + 1, starts: starts)
        }
        // Before the first table, and before the comments just above it, which are its own.
        var target = firstTable.position.line
        while target > 1, isComment(line: target - 1, starts: starts) { target -= 1 }
        return inserting(line + [0x0A], atLine: target, starts: starts)
    }

    /// A key as written: bare when it can be, else quoted.
    static func bareKey(_ key: String) -> String {
        let isBare = !key.isEmpty && key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
        return isBare ? key : Value.basicString(key)
    }

    /// Where each line starts; one more start after a final line break.
    private var lineStarts: [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        if starts.last == bytes.count, starts.count > 1 { starts.removeLast() }
        if bytes.isEmpty { return [] }
        return starts
    }

    /// The bytes with `inserted` as line `number` (1-based), the lines from there moved down.
    private func inserting(_ inserted: [UInt8], atLine number: Int, starts: [Int]) -> [UInt8] {
        guard number <= starts.count else {
            var result = bytes
            if let end = result.last, end != 0x0A { result.append(0x0A) }
            return result + inserted
        }
        let offset = starts[number - 1]
        return Array(bytes[..<offset]) + inserted + Array(bytes[offset...])
    }

    private func isComment(line number: Int, starts: [Int]) -> Bool {
        let start = starts[number - 1]
        let end = number < starts.count ? starts[number] : bytes.count
        return bytes[start..<end].drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "#")
    }
}
