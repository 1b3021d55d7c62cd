// Text with styles (bold, dim, underline, reverse, colours), measured in cells
// and rendered to ANSI SGR sequences only when the output allows it.
//
// Every span's text goes through `TerminalSanitizer` (single-line) when the span
// is made, so nothing built from `StyledText` can carry a control character or
// an escape sequence to the terminal: the only escapes in the output are the
// SGR sequences `rendered(_:)` adds itself.

/// The eight standard colours, their bright variants, and the 256-colour palette.
public enum TerminalColor: Hashable, Sendable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    case palette(UInt8)

    fileprivate func sgr(background: Bool) -> String {
        let standard: Int
        switch self {
        case .black: standard = 0
        case .red: standard = 1
        case .green: standard = 2
        case .yellow: standard = 3
        case .blue: standard = 4
        case .magenta: standard = 5
        case .cyan: standard = 6
        case .white: standard = 7
        case .brightBlack: standard = 60
        case .brightRed: standard = 61
        case .brightGreen: standard = 62
        case .brightYellow: standard = 63
        case .brightBlue: standard = 64
        case .brightMagenta: standard = 65
        case .brightCyan: standard = 66
        case .brightWhite: standard = 67
        case .palette(let index): return background ? "48;5;\(index)" : "38;5;\(index)"
        }
        return String((background ? 40 : 30) + standard)
    }
}

/// How much styling the output may carry.
public enum StyleMode: Hashable, Sendable {
    /// No escape sequences at all: pipes, files, `TERM=dumb`.
    case plain
    /// Bold, dim, underline and reverse, but no colour: a terminal with `NO_COLOR` set.
    case attributes
    /// Everything.
    case colour
}

public struct TextStyle: Hashable, Sendable {
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false
    public var foreground: TerminalColor?
    public var background: TerminalColor?

    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
                foreground: TerminalColor? = nil, background: TerminalColor? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
        self.foreground = foreground
        self.background = background
    }

    public static let plain = TextStyle()
    public static let bold = TextStyle(bold: true)
    public static let dim = TextStyle(dim: true)
    public static let underline = TextStyle(underline: true)
    public static let reverse = TextStyle(reverse: true)
    /// Matched text in search results: stays visible (bold) without colour.
    public static let highlight = TextStyle(bold: true, foreground: .yellow)
    /// The selected row.
    public static let selection = TextStyle(reverse: true)
    public static let error = TextStyle(bold: true, foreground: .red)
    public static let warning = TextStyle(foreground: .yellow)
    public static let success = TextStyle(foreground: .green)

    /// This style with `other`'s attributes added and its colours taking precedence.
    public func merging(_ other: TextStyle) -> TextStyle {
        TextStyle(bold: bold || other.bold, dim: dim || other.dim, underline: underline || other.underline,
                  reverse: reverse || other.reverse, foreground: other.foreground ?? foreground,
                  background: other.background ?? background)
    }

    /// The SGR parameters for this style in `mode`, empty when it adds nothing.
    public func sgrParameters(_ mode: StyleMode) -> [String] {
        guard mode != .plain else { return [] }
        var parameters: [String] = []
        if bold { parameters.append("1") }
        if dim { parameters.append("2") }
        if underline { parameters.append("4") }
        if reverse { parameters.append("7") }
        if mode == .colour {
            if let foreground { parameters.append(foreground.sgr(background: false)) }
            if let background { parameters.append(background.sgr(background: true)) }
        }
        return parameters
    }
}

/// A run of text in one style. Its text is sanitised for a single terminal line.
public struct StyledSpan: Hashable, Sendable {
    public let text: String
    public var style: TextStyle

    public init<S: StringProtocol>(_ text: S, style: TextStyle = .plain) {
        self.text = TerminalSanitizer.clean(text, mode: .singleLine)
        self.style = style
    }

    /// For text already known to be clean (cut from a sanitised span).
    fileprivate init(clean text: String, style: TextStyle) {
        self.text = text
        self.style = style
    }
}

/// One line of styled text.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    public private(set) var spans: [StyledSpan] = []

    public init() {}

    public init<S: StringProtocol>(_ text: S, style: TextStyle = .plain) {
        append(text, style: style)
    }

    public init(spans: [StyledSpan]) {
        for span in spans { append(span) }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// `text` with the parts in `ranges` (indices into `text`, as a search returns them)
    /// in `highlight` over `style`. Overlapping or unordered ranges are fine.
    public init(_ text: String, style: TextStyle = .plain, highlighting ranges: [Range<String.Index>],
                highlight: TextStyle = .highlight) {
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var position = text.startIndex
        for range in sorted {
            let lower = max(range.lowerBound, position)
            let upper = min(range.upperBound, text.endIndex)
            guard lower < upper else { continue }
            append(text[position..<lower], style: style)
            append(text[lower..<upper], style: style.merging(highlight))
            position = upper
        }
        append(text[position...], style: style)
    }

    public mutating func append<S: StringProtocol>(_ text: S, style: TextStyle = .plain) {
        append(StyledSpan(text, style: style))
    }

    public mutating func append(_ span: StyledSpan) {
        guard !span.text.isEmpty else { return }
        // Neighbours in the same style merge, so equal-looking lines compare equal.
        if let last = spans.last, last.style == span.style {
            spans[spans.count - 1] = StyledSpan(clean: last.text + span.text, style: span.style)
        } else {
            spans.append(span)
        }
    }

    public mutating func append(_ other: StyledText) {
        for span in other.spans { append(span) }
    }

    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        var result = lhs
        result.append(rhs)
        return result
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// Cells the text occupies; styles take none.
    public var displayWidth: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    public var isEmpty: Bool { spans.isEmpty }

    /// The text cut to at most `width` cells, with an ellipsis (in the style of the text
    /// it replaces) when anything was cut. Never cuts a character.
    public func truncated(toWidth width: Int, ellipsis: String = DisplayWidth.ellipsis) -> StyledText {
        guard width > 0 else { return StyledText() }
        if displayWidth <= width { return self }
        let ellipsisWidth = DisplayWidth.of(ellipsis)
        guard ellipsisWidth <= width else { return truncated(toWidth: width, ellipsis: "") }
        var budget = width - ellipsisWidth
        var result = StyledText()
        for span in spans {
            let spanWidth = DisplayWidth.of(span.text)
            if spanWidth <= budget {
                result.append(span)
                budget -= spanWidth
                continue
            }
            let end = DisplayWidth.prefixEnd(of: span.text, fittingIn: budget)
            result.append(StyledSpan(clean: String(span.text[..<end]) + ellipsis, style: span.style))
            return result
        }
        return result
    }

    /// The text before its `offset`th character and the text from there, each
    /// part in the styles it had.
    public func split(atCharacter offset: Int) -> (head: StyledText, tail: StyledText) {
        var head = StyledText()
        var tail = StyledText()
        var remaining = max(0, offset)
        for span in spans {
            let count = span.text.count
            if remaining >= count {
                head.append(span)
                remaining -= count
            } else if remaining > 0 {
                let cut = span.text.index(span.text.startIndex, offsetBy: remaining)
                head.append(StyledSpan(clean: String(span.text[..<cut]), style: span.style))
                tail.append(StyledSpan(clean: String(span.text[cut...]), style: span.style))
                remaining = 0
            } else {
                tail.append(span)
            }
        }
        return (head, tail)
    }

    /// The text padded with plain spaces to at least `width` cells.
    public func padded(toWidth width: Int, style: TextStyle = .plain) -> StyledText {
        let missing = width - displayWidth
        guard missing > 0 else { return self }
        var result = self
        result.append(String(repeating: " ", count: missing), style: style)
        return result
    }

    /// Exactly `width` cells: cut or padded.
    public func fitted(toWidth width: Int, padStyle: TextStyle = .plain) -> StyledText {
        truncated(toWidth: width).padded(toWidth: width, style: padStyle)
    }

    /// The text for the terminal: each styled span wrapped in its SGR sequence and a reset.
    public func rendered(_ mode: StyleMode) -> String {
        var output = ""
        for span in spans {
            let parameters = span.style.sgrParameters(mode)
            if parameters.isEmpty {
                output += span.text
            } else {
                output += "\u{1B}[" + parameters.joined(separator: ";") + "m" + span.text + "\u{1B}[0m"
            }
        }
        return output
    }
}
