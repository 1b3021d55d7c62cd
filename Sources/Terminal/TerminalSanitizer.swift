// Cleaning text from outside (API names, descriptions, error messages, pastes)
// before it reaches a terminal.
//
// A terminal obeys control characters and escape sequences wherever they come
// from: a launch named "\e]0;pwned\a" would retitle the window, "\e[2J" would wipe
// the screen, OSC 52 could write the clipboard, a bidi override can make text
// read differently from what it is. So such text loses, whole:
// - escape sequences: CSI (`ESC [` … final byte), SS3 (`ESC O` x), the string
//   sequences OSC, DCS, SOS, PM and APC up to their terminator (BEL, `ESC \` or
//   ST) or the end of the text, and the short `ESC` x / `ESC` intermediates final
//   forms; their 8-bit C1 forms (U+009B, U+009D, U+0090, …) likewise;
// - every other C0 and C1 control and DEL (BEL, backspace, …);
// - bidi embeddings, overrides, isolates and marks, and invisible formatting
//   (zero-width space, word joiner, BOM, soft hyphen, interlinear annotation);
//   tag characters unless they continue a subdivision flag;
// - zero-width characters (combining marks, joiners) beyond 16 in a row: they only
//   stack into unreadable "zalgo".
// Line breaks (LF, CR, CRLF, NEL, U+2028/2029) become one space in single-line
// mode and "\n" in multi-line mode; tab, VT and FF become a space.
// Zero-width joiners and variation selectors stay: emoji sequences need them.

public enum TerminalSanitizer {
    public enum Mode: Sendable {
        /// For table cells, prompts, status lines: the result holds no line break.
        case singleLine
        /// For wrapped paragraphs: line breaks survive as "\n".
        case multiLine
    }

    /// Combining marks allowed in a row on one base character.
    static let maximumCombiningRun = 16

    /// `text` without anything that could control, garble or spoof a terminal.
    public static func clean<S: StringProtocol>(_ text: S, mode: Mode = .singleLine) -> String {
        if isPlainASCII(text) || !needsCleaning(text) { return String(text) }
        return cleanEveryScalar(text, mode: mode)
    }

    /// `clean` for a String, the usual case: specialised here, since a caller in
    /// another module runs the generic one unspecialised, several times slower
    /// (a piped `mars-weather` cleans ~90 fields, which cost more than its output).
    public static func clean(_ text: String, mode: Mode = .singleLine) -> String {
        if isPlainASCII(text) || !needsCleaning(text) { return text }
        return cleanEveryScalar(text, mode: mode)
    }

    /// `clean` without the shortcut for text that needs nothing.
    static func cleanEveryScalar<S: StringProtocol>(_ text: S, mode: Mode) -> String {
        var cleaner = Cleaner(mode: mode)
        for scalar in text.unicodeScalars { cleaner.feed(scalar) }
        return String(cleaner.output)
    }

    /// Whether `text` is already safe: printable ASCII only.
    public static func isPlainASCII<S: StringProtocol>(_ text: S) -> Bool {
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F { return false }
        return true
    }

    /// Whether `clean` would change `text`: a scan that allocates nothing, since most text
    /// from an API is clean.
    static func needsCleaning<S: StringProtocol>(_ text: S) -> Bool {
        var zeroWidthRun = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xAD { return true }
            if value < 0x300 {
                zeroWidthRun = 0
                continue
            }
            switch value {
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029,
                 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
                return true
            default:
                if ZeroWidthRanges.contains(value) {
                    zeroWidthRun += 1
                    if zeroWidthRun > maximumCombiningRun { return true }
                } else {
                    zeroWidthRun = 0
                }
            }
        }
        return false
    }

    private enum State {
        case text
        case escape          // after ESC
        case escapeIntermediate // ESC followed by 0x20...0x2F, waiting for the final byte
        case controlSequence // CSI: parameters and intermediates up to a final byte
        case singleShift     // SS3: one more character follows
        case controlString   // OSC, DCS, SOS, PM, APC: up to BEL or ST
        case controlStringEscape // ESC inside a control string: `\` ends it
    }

    private struct Cleaner {
        let mode: Mode
        var output = String.UnicodeScalarView()
        var state = State.text
        var afterCarriageReturn = false
        var combiningRun = 0
        var lastKept: Unicode.Scalar?

        init(mode: Mode) { self.mode = mode }

        mutating func feed(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            switch state {
            case .text:
                text(scalar)
            case .escape:
                switch value {
                case 0x5B: state = .controlSequence                          // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .controlString    // ] P X ^ _
                case 0x4F: state = .singleShift                              // O
                case 0x20...0x2F: state = .escapeIntermediate
                case 0x30...0x7E: state = .text                              // ESC 7, ESC c, ESC =
                default: state = .text; text(scalar)                          // a lone ESC
                }
            case .escapeIntermediate:
                switch value {
                case 0x20...0x2F: break
                case 0x30...0x7E: state = .text
                default: state = .text; text(scalar)
                }
            case .controlSequence:
                switch value {
                case 0x20...0x3F: break                                       // parameters, intermediates
                case 0x40...0x7E: state = .text                               // final byte
                default: state = .text; text(scalar)                          // aborted: judge it as text
                }
            case .singleShift:
                state = .text
                if !(0x20...0x7E).contains(value) { text(scalar) }
            case .controlString:
                switch value {
                case 0x07, 0x9C: state = .text                                // BEL, ST
                case 0x1B: state = .controlStringEscape
                default: break
                }
            case .controlStringEscape:
                // ESC \ is ST; any other ESC aborts the string and starts a new sequence.
                if value == 0x5C {
                    state = .text
                } else {
                    state = .escape
                    feed(scalar)
                }
            }
        }

        private mutating func text(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            let wasCarriageReturn = afterCarriageReturn
            afterCarriageReturn = false
            if value >= 0x20 && value < 0x7F {
                keep(scalar)
                return
            }
            switch value {
            case 0x1B: state = .escape
            case 0x9B: state = .controlSequence
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .controlString
            case 0x8F: state = .singleShift
            case 0x0D:
                lineBreak()
                afterCarriageReturn = true
            case 0x0A:
                if !wasCarriageReturn { lineBreak() }
            case 0x85, 0x2028, 0x2029: lineBreak()
            case 0x09, 0x0B, 0x0C: keep(" ")
            case 0x00...0x1F, 0x7F...0x9F: break                              // other C0, DEL, C1
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: break // bidi controls
            case 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF, 0xFFF9...0xFFFB: break
            case 0xE0000...0xE007F:
                // Tags only mean something inside a subdivision flag (🏴 + tags + cancel tag).
                if let last = lastKept, last.value == 0x1F3F4 || (0xE0020...0xE007E).contains(last.value) {
                    keep(scalar)
                }
            default:
                if ZeroWidthRanges.contains(value) {
                    combiningRun += 1
                    if combiningRun > maximumCombiningRun { return }
                    output.append(scalar)
                    lastKept = scalar
                    return
                }
                keep(scalar)
            }
        }

        private mutating func keep(_ scalar: Unicode.Scalar) {
            combiningRun = 0
            output.append(scalar)
            lastKept = scalar
        }

        private mutating func lineBreak() {
            switch mode {
            case .singleLine: keep(" ")
            case .multiLine: keep("\n")
            }
        }
    }
}
