/// The start of a server's text (an error page, a body that is not JSON) as
/// one printable line for an error message, by the terminal sanitiser's rule:
/// an escape sequence (CSI to its final byte; OSC, DCS, SOS, PM and APC to BEL
/// or ST) goes whole, and so does a lone ESC; every other C0 or C1 control,
/// DEL and invisible formatting character goes; line breaks and tabs become one
/// space. Done here rather than only when printing: an excerpt is cut, and a
/// string sequence cut open would otherwise swallow the rest of the message.
/// Every excerpt of a server's text (HTTP, InSight, Launch Library) uses it,
/// so the same bytes read the same in every command.
public enum PrintableExcerpt {
    /// `text` cleaned, spaces collapsed, cut to `limit` characters ending in "…".
    public static func of(_ text: String, limit: Int) -> String {
        let cleaned = clean(text)
        let words = cleaned.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return words.count > limit ? String(words.prefix(max(0, limit - 1))) + "…" : words
    }

    private enum State { case text, escape, intermediate, sequence, singleShift, string, stringEscape }

    static func clean(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var state = State.text
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch state {
            case .escape:
                switch value {
                case 0x5B: state = .sequence                        // [
                case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string  // ] P X ^ _
                case 0x4F: state = .singleShift                     // O
                case 0x20...0x2F: state = .intermediate
                case 0x30...0x7E: state = .text                     // ESC 7, ESC c
                default: state = .text; keep(scalar, &output, &state)
                }
            case .intermediate:
                switch value {
                case 0x20...0x2F: break
                case 0x30...0x7E: state = .text
                default: state = .text; keep(scalar, &output, &state)
                }
            case .singleShift:
                state = .text
                if !(0x20...0x7E).contains(value) { keep(scalar, &output, &state) }
            case .sequence:
                switch value {
                case 0x20...0x3F: break
                case 0x40...0x7E: state = .text
                default: state = .text; keep(scalar, &output, &state)
                }
            case .string:
                if value == 0x07 || value == 0x9C { state = .text } else if value == 0x1B { state = .stringEscape }
            case .stringEscape:
                if value == 0x5C { state = .text } else { state = .escape }
            case .text:
                keep(scalar, &output, &state)
            }
        }
        return String(output)
    }

    private static func keep(_ scalar: Unicode.Scalar, _ output: inout String.UnicodeScalarView, _ state: inout State) {
        switch scalar.value {
        case 0x1B: state = .escape
        case 0x9B: state = .sequence
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .string
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: output.append(" ")
        case 0x00...0x1F, 0x7F...0x9F: break
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x00AD, 0x200B, 0x2060...0x2064, 0xFEFF: break
        default: output.append(scalar)
        }
    }
}
