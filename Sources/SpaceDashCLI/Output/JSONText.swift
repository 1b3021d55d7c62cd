/// JSON output that is safe to print on a terminal. JSON escapes only C0
/// controls; DEL, C1 controls (8-bit CSI and OSC), bidi overrides and the
/// Unicode line separators may stay raw, and a terminal showing `--json`
/// would obey them. This writes those as `\uXXXX` escapes too, which any JSON
/// reader decodes back to the same strings.
enum JSONText {
    /// Serialised JSON as spacedash prints it: empty arrays and objects on one
    /// line, then safe on a terminal (`terminalSafe`).
    static func printable(_ json: String) -> String {
        terminalSafe(collapsingEmptyContainers(json))
    }

    /// `json` with each empty array or object written `[]` or `{}`, as jq writes
    /// them: Foundation's pretty printer spreads them over three lines. Strings are
    /// left alone (inside one, `[ ]` is text).
    static func collapsingEmptyContainers(_ json: String) -> String {
        // The printer leaves an empty line only inside an empty container (a string holds
        // no raw line break): without one there is nothing to do, and a million launches'
        // `--json` is not copied.
        var previous: UInt8 = 0
        guard json.utf8.contains(where: { byte in defer { previous = byte }; return byte == 0x0A && previous == 0x0A }) else {
            return json
        }
        let bytes = Array(json.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            output.append(byte)
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\"), index < bytes.count {
                    output.append(bytes[index])  // an escaped quote does not end the string
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
                var end = index
                while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x0A || bytes[end] == 0x0D || bytes[end] == 0x09 { end += 1 }
                if end < bytes.count, bytes[end] == close {
                    output.append(close)
                    index = end + 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `json` (serialised JSON) with every such character escaped. Outside
    /// strings JSON is ASCII without them, so only string contents change
    /// (C0 controls there are escaped already by the serialiser).
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }
}
