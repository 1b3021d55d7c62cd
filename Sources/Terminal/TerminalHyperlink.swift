// OSC 8 hyperlinks: text a terminal lets the user click to open an address.
//
// The address goes inside an escape sequence, so it must not be able to end or
// extend it: only printable ASCII without spaces (0x21-0x7E) is taken, which
// is what OSC 8 allows anyway; anything else leaves the text unlinked. The text
// is sanitised as every span is.

public enum TerminalHyperlink {
    /// `text` linking to `url` on a terminal (`mode` not plain); plain text otherwise
    /// or when the address holds anything but printable ASCII.
    public static func link(_ text: String, to url: String, mode: StyleMode) -> String {
        let clean = TerminalSanitizer.clean(text, mode: .singleLine)
        guard mode != .plain, isSafe(url) else { return clean }
        return "\u{1B}]8;;\(url)\u{1B}\\" + clean + "\u{1B}]8;;\u{1B}\\"
    }

    /// Whether `url` can sit inside the sequence: non-empty, printable ASCII, no space.
    public static func isSafe(_ url: String) -> Bool {
        !url.isEmpty && url.utf8.count <= 2048 && url.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
