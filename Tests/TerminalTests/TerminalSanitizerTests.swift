import Testing
@testable import Terminal

@Suite struct TerminalSanitizerTests {
    /// Hostile and broken strings as they could come from an API, and what a terminal may see.
    static let singleLine: [(String, String, String)] = [
        ("plain", "Falcon 9 Block 5", "Falcon 9 Block 5"),
        ("unicode kept", "長征 🚀 👩‍🚀 🇺🇸 Ω café", "長征 🚀 👩‍🚀 🇺🇸 Ω café"),
        ("CSI colour", "\u{1B}[31mred\u{1B}[0m", "red"),
        ("CSI clear screen", "a\u{1B}[2J\u{1B}[Hb", "ab"),
        ("CSI with private params", "a\u{1B}[?1049hb", "ab"),
        ("CSI with intermediate", "a\u{1B}[0 qb", "ab"),
        ("OSC title ended by BEL", "x\u{1B}]0;pwned\u{07}y", "xy"),
        ("OSC ended by ESC \\", "x\u{1B}]2;pwned\u{1B}\\y", "xy"),
        ("OSC 52 clipboard", "x\u{1B}]52;c;cm0gLXJmIH4=\u{07}y", "xy"),
        ("OSC 8 hyperlink", "\u{1B}]8;;http://evil\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"),
        ("OSC unterminated swallows the rest", "x\u{1B}]0;title and more", "x"),
        ("DCS", "a\u{1B}P1$r0m\u{1B}\\b", "ab"),
        ("APC, PM, SOS", "a\u{1B}_apc\u{1B}\\b\u{1B}^pm\u{1B}\\c\u{1B}Xsos\u{1B}\\d", "abcd"),
        ("string aborted by a new ESC", "a\u{1B}]0;t\u{1B}[31mb", "ab"),
        ("SS3", "a\u{1B}OPb", "ab"),
        ("two-byte ESC forms", "a\u{1B}7b\u{1B}8c\u{1B}cd\u{1B}=e", "abcde"),
        ("charset designation", "a\u{1B}(0b\u{1B})Bc", "abc"),
        ("DEC line drawing test", "a\u{1B}#8b", "ab"),
        ("lone ESC at the end", "abc\u{1B}", "abc"),
        ("ESC before a control", "a\u{1B}\u{07}b", "ab"),
        ("ESC before non-ASCII", "a\u{1B}éb", "aéb"),
        ("CSI aborted by a newline", "a\u{1B}[3\nb", "a b"),
        ("8-bit CSI", "a\u{9B}31mb", "ab"),
        ("8-bit OSC ended by ST", "a\u{9D}0;t\u{9C}b", "ab"),
        ("8-bit DCS", "a\u{90}q\u{9C}b", "ab"),
        ("other C1", "a\u{80}\u{84}\u{8D}\u{9A}b", "ab"),
        ("NEL", "a\u{85}b", "a b"),
        ("BEL", "ding\u{07}\u{07}", "ding"),
        ("backspace overwriting", "safe\u{08}\u{08}\u{08}\u{08}evil", "safeevil"),
        ("carriage return overwriting", "safe\revil", "safe evil"),
        ("NUL and DEL", "a\u{0}b\u{7F}c", "abc"),
        ("every C0", String((0...31).map { Character(Unicode.Scalar(UInt8($0))) }) + "x", "     x"),
        ("tab", "a\tb", "a b"),
        ("newline", "line 1\nline 2", "line 1 line 2"),
        ("CRLF is one break", "a\r\nb", "a b"),
        ("line and paragraph separators", "a\u{2028}b\u{2029}c", "a b c"),
        ("bidi override", "\u{202E}gnp.exe", "gnp.exe"),
        ("bidi embeddings", "a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", "abcde"),
        ("bidi isolates", "a\u{2066}b\u{2067}c\u{2068}d\u{2069}e", "abcde"),
        ("bidi marks", "a\u{200E}b\u{200F}c\u{061C}d", "abcd"),
        ("zero width space, word joiner, BOM", "a\u{200B}b\u{2060}c\u{FEFF}d", "abcd"),
        ("soft hyphen", "Soy\u{AD}uz", "Soyuz"),
        ("interlinear annotation", "a\u{FFF9}b\u{FFFA}c\u{FFFB}d", "abcd"),
        ("stray tags", "a\u{E0041}\u{E0042}b\u{E007F}", "ab"),
        ("subdivision flag kept", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        ("ZWJ and VS16 kept", "👩\u{200D}🚀 ❤\u{FE0F}", "👩\u{200D}🚀 ❤\u{FE0F}"),
        ("ZWNJ kept", "می\u{200C}خواهم", "می\u{200C}خواهم"),
        ("zalgo capped", "a" + String(repeating: "\u{301}", count: 40), "a" + String(repeating: "\u{301}", count: 16)),
        ("replacement character kept", "bad \u{FFFD} byte", "bad \u{FFFD} byte"),
    ]

    @Test(arguments: singleLine)
    func singleLineCleaning(name: String, hostile: String, expected: String) {
        let cleaned = TerminalSanitizer.clean(hostile)
        #expect(cleaned == expected, "\(name)")
        #expect(Self.isSafe(cleaned), "\(name)")
        #expect(!cleaned.contains("\n"))
    }

    static let multiLine: [(String, String)] = [
        ("one\ntwo", "one\ntwo"),
        ("one\r\ntwo\rthree", "one\ntwo\nthree"),
        ("one\u{2028}two\u{85}three", "one\ntwo\nthree"),
        ("a\tb\u{1B}[2Kc\u{7}", "a bc"),
        ("\u{1B}]0;x\u{7}para 1\n\npara 2", "para 1\n\npara 2"),
    ]

    @Test(arguments: multiLine)
    func multiLineCleaning(hostile: String, expected: String) {
        let cleaned = TerminalSanitizer.clean(hostile, mode: .multiLine)
        #expect(cleaned == expected)
        #expect(Self.isSafe(cleaned.replacingNewlines()))
    }

    @Test func substringsAndPlainText() {
        let text = "xx\u{1B}[1mbold"
        #expect(TerminalSanitizer.clean(text.dropFirst()) == "xbold")
        #expect(TerminalSanitizer.isPlainASCII("Falcon 9"))
        #expect(!TerminalSanitizer.isPlainASCII("Falcon\t9"))
        #expect(!TerminalSanitizer.isPlainASCII("東"))
    }

    /// Every byte sequence, cleaned, is free of controls: a small exhaustive check over
    /// all pairs of interesting scalars, so no state of the cleaner lets one through.
    @Test func noControlSurvivesAnyPair() {
        let alphabet: [Unicode.Scalar] = ["\u{1B}", "[", "]", "P", "O", "\\", "\u{07}", "\u{9B}", "\u{9C}", "\u{9D}",
                                          "\u{8F}", "\u{0D}", "\u{0A}", "\u{08}", "a", "1", ";", " ", "(", "\u{202E}", "\u{E0041}", "🏴"]
        for first in alphabet {
            for second in alphabet {
                for third in alphabet {
                    var text = String.UnicodeScalarView()
                    text.append(first); text.append(second); text.append(third)
                    let cleaned = TerminalSanitizer.clean(String(text))
                    #expect(Self.isSafe(cleaned), "\([first, second, third].map { $0.value })")
                }
            }
        }
    }

    /// The shortcut for clean text never skips text the full cleaner would change.
    @Test func theCleanTextShortcutAgreesWithTheFullCleaner() {
        let alphabet: [Unicode.Scalar] = ["a", " ", "\u{AD}", "\u{1B}", "\u{85}", "\u{301}", "\u{200D}", "\u{FE0F}", "\u{202E}",
                                          "\u{2028}", "\u{200B}", "\u{E0041}", "🏴", "東", "é", "\u{7}", "\u{9B}", "\u{FEFF}"]
        var generator = SplitMix(seed: 3)
        for _ in 0..<5000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(generator.next() % 24) { scalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let text = String(scalars)
            if !TerminalSanitizer.needsCleaning(text) {
                #expect(TerminalSanitizer.cleanEveryScalar(text, mode: .singleLine) == text, "\(text.unicodeScalars.map(\.value))")
            }
            #expect(TerminalSanitizer.clean(text) == TerminalSanitizer.cleanEveryScalar(text, mode: .singleLine))
        }
        let zalgo = "a" + String(repeating: "\u{301}", count: 17)
        #expect(TerminalSanitizer.needsCleaning(zalgo))
        #expect(!TerminalSanitizer.needsCleaning("a" + String(repeating: "\u{301}", count: 16)))
    }

    static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
            if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return false }
            return true
        }
    }
}

private extension String {
    func replacingNewlines() -> String { String(map { $0 == "\n" ? " " : $0 }) }
}
