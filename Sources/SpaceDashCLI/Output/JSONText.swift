/// JSON output that is safe to print on a terminal. JSON escapes only C0
/// controls; DEL, C1 controls (8-bit CSI and OSC), bidi overrides and the
/// Unicode line separators may stay raw, and a terminal showing `--json`
/// would obey them. This writes those as `\uXXXX` escapes too, which any JSON
/// reader decodes back to the same strings.
enum JSONText {
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
