import Terminal

/// The characters every view draws with: Unicode when the locale is UTF-8,
/// plain ASCII otherwise (a C-locale terminal shows UTF-8 as garbage).
/// Chosen once per run (`CommandContext.glyphs`).
struct Glyphs: Sendable, Equatable {
    /// Shown for a sensor with no data ("—" or "-"), never a zero.
    var missing: String
    var degree: String
    /// Blocks from 1/8 to 8/8 of a cell, for bars.
    var eighths: [String]
    /// A half cell filled on the right, for a bar's fractional start.
    var rightHalf: String
    var rangeDash: String
    var separator: String

    static let unicode = Glyphs(
        missing: "—", degree: "°", eighths: ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"],
        rightHalf: "▐", rangeDash: "–", separator: "·"
    )

    static let ascii = Glyphs(
        missing: "-", degree: "", eighths: ["", "", "", "#", "#", "#", "#", "#"],
        rightHalf: "#", rangeDash: "-", separator: "|"
    )

    var full: String { eighths[7] }
    var isUnicode: Bool { self == .unicode }

    /// Unicode when the first of LC_ALL, LC_CTYPE and LANG that is set names UTF-8.
    static func forLocale(_ environment: [String: String]) -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let normalized = locale.lowercased().filter { $0 != "-" }
        // Bytes, not Foundation's search (it loads NSString at start-up) nor the
        // standard library's generic one (it costs more still).
        let bytes = Array(normalized.utf8), utf8 = Array("utf8".utf8)
        return bytes.indices.contains { bytes[$0...].starts(with: utf8) } ? .unicode : .ascii
    }

    /// `text` as this glyph set can show it: unchanged in Unicode; in ASCII,
    /// dashes and ellipses spelled out and anything else outside ASCII as "?".
    func fit(_ text: String) -> String {
        guard !isUnicode, !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "–", "—", "−": result += "-"
            case "…": result += "..."
            case "°": result += " deg"
            case "’", "‘": result += "'"
            case "“", "”": result += "\""
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default: result += "?"
            }
        }
        return result
    }

    /// A unit with this glyph set's degree sign: "°C", or "C" in ASCII.
    func unit(_ symbol: String) -> String {
        isUnicode ? symbol : symbol.filter { $0 != "°" }
    }
}
