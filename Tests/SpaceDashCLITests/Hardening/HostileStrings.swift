import Foundation

/// Strings a hostile or broken API could send, each with what it would do to a
/// terminal that printed it raw. Shared by the hostile-data tests.
enum HostileStrings {
    static let table: [(name: String, text: String)] = [
        ("OSC title, BEL-terminated", "Falcon \u{1B}]0;pwned\u{07}9"),
        ("OSC 52 clipboard write, ST-terminated", "Atlas \u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\V"),
        ("CSI clear screen and home", "\u{1B}[2J\u{1B}[HElectron"),
        ("CSI colour left open", "\u{1B}[31;1mred forever"),
        ("8-bit CSI", "Vega \u{9B}2J C"),
        ("8-bit OSC and ST", "\u{9D}0;title\u{9C}Soyuz"),
        ("DCS request", "H3 \u{1B}P$q m\u{1B}\\ rocket"),
        ("lone ESC at the end", "Starship\u{1B}"),
        ("BEL", "ring\u{07}ring"),
        ("backspaces over text", "safe\u{08}\u{08}\u{08}\u{08}evil"),
        ("DEL and NUL", "de\u{7F}l n\u{0}ul"),
        ("bidi override", "launch \u{202E}gnp.exe\u{202C} now"),
        ("bidi isolate", "\u{2067}Kourou\u{2069} pad"),
        ("tab inside", "Long March\t7"),
        ("newline inside", "New\nGlenn"),
        ("CR and CRLF", "over\rwrite\r\nline"),
        ("NEL and line separator", "a\u{85}b\u{2028}c"),
        ("vertical tab and form feed", "v\u{0B}t f\u{0C}f"),
    ]

    /// Whether `text`, with spacedash's own SGR styling removed, holds anything
    /// that a terminal would obey rather than print.
    static func controls(in text: String, allowingNewlines: Bool = false) -> [Unicode.Scalar] {
        let unstyled = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return unstyled.unicodeScalars.filter { scalar in
            let value = scalar.value
            if allowingNewlines && value == 0x0A { return false }
            return value < 0x20 || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }
}
