/// Bold, dim and colours as ANSI escape sequences, emitted only when colour
/// is on for the output the text goes to; otherwise text passes unchanged.
/// Each attribute ends with its own reset, so styles nest.
public struct TextStyle: Sendable, Equatable {
    public let isEnabled: Bool

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    public static let plain = TextStyle(isEnabled: false)

    public enum Color: Int, Sendable, CaseIterable {
        case black = 30, red, green, yellow, blue, magenta, cyan, white
        /// Bright black: secondary text that must stay readable.
        case gray = 90
    }

    public func bold(_ text: String) -> String { wrap(text, "1", "22") }
    public func dim(_ text: String) -> String { wrap(text, "2", "22") }
    public func italic(_ text: String) -> String { wrap(text, "3", "23") }
    public func underline(_ text: String) -> String { wrap(text, "4", "24") }
    /// Swapped foreground and background: highlights a selection or a match.
    public func inverse(_ text: String) -> String { wrap(text, "7", "27") }
    public func color(_ color: Color, _ text: String) -> String { wrap(text, String(color.rawValue), "39") }

    public func red(_ text: String) -> String { color(.red, text) }
    public func green(_ text: String) -> String { color(.green, text) }
    public func yellow(_ text: String) -> String { color(.yellow, text) }
    public func blue(_ text: String) -> String { color(.blue, text) }
    public func cyan(_ text: String) -> String { color(.cyan, text) }
    public func gray(_ text: String) -> String { color(.gray, text) }

    private func wrap(_ text: String, _ on: String, _ off: String) -> String {
        guard isEnabled, !text.isEmpty else { return text }
        return "\u{1B}[\(on)m\(text)\u{1B}[\(off)m"
    }
}
