import Testing
@testable import Terminal

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("falcon 9", 8),
        ("東京", 4),                         // CJK ideographs
        ("ｆｕｌｌ", 8),                      // fullwidth Latin
        ("한국어", 6),                        // precomposed Hangul
        ("\u{1100}\u{1161}\u{11A8}", 2),     // conjoining jamo: one syllable
        ("カタカナ", 8),
        ("e\u{301}", 1),                     // combining acute
        ("a\u{20DD}", 1),                    // enclosing circle
        ("🚀", 2),
        ("🚀 launch", 9),
        ("👩‍🚀", 2),                          // ZWJ: woman astronaut
        ("👨‍👩‍👧‍👦", 2),                          // family, four people joined
        ("👍🏽", 2),                          // skin tone modifier
        ("🇺🇸", 2),                          // flag: regional indicator pair
        ("🇺🇸🇫🇷", 4),
        ("🏴󠁧󠁢󠁳󠁣󠁴󠁿", 2),                          // subdivision flag (tags)
        ("❤️", 2),                           // text-default emoji with VS16
        ("❤", 1),                            // the same without: text presentation
        ("1️⃣", 2),                           // keycap
        ("x\u{200B}y", 2),                   // zero-width space
        ("\u{1B}[31m", 4),                   // ESC itself takes no cell; the rest is text
        ("Ωμέγα", 5),
        ("Ελληνικά", 8),
        ("abc\u{FE0F}", 3),                  // VS16 on a non-emoji: nothing
    ])
    func stringWidths(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(text.displayWidth == width)
    }

    @Test func scalarWidths() {
        #expect(DisplayWidth.of("A" as Unicode.Scalar) == 1)
        #expect(DisplayWidth.of("\u{7}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{7F}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{9B}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{300}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{200D}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{FE0F}" as Unicode.Scalar) == 0)
        #expect(DisplayWidth.of("\u{3000}" as Unicode.Scalar) == 2)
        #expect(DisplayWidth.of("\u{20000}" as Unicode.Scalar) == 2)
        #expect(DisplayWidth.of("\u{1F680}" as Unicode.Scalar) == 2)
        #expect(DisplayWidth.of("\u{2026}" as Unicode.Scalar) == 1)
        #expect(DisplayWidth.of("\u{E000}" as Unicode.Scalar) == 1)
    }

    static let samples = [
        "Falcon 9 Block 5 | Starlink Group 6-12",
        "長征二号丁 | 高分十一号 04星",
        "🚀👩‍🚀🇺🇸 Artemis II 🌕 crew",
        "Ariane 6 · Vol d'essai · e\u{301}\u{301}\u{301}",
        "H-IIA ロケット47号機 ＳＬＩＭ",
        "한국형발사체 누리호 3차",
        "👨‍👩‍👧‍👦👍🏽1️⃣❤️x",
    ]

    @Test(arguments: samples)
    func truncationNeverExceedsWidthNorCutsACharacter(text: String) {
        let full = DisplayWidth.of(text)
        for width in 0...(full + 2) {
            let cut = DisplayWidth.truncate(text, toWidth: width)
            #expect(DisplayWidth.of(cut) <= width, "width \(width): \(cut)")
            if width >= full {
                #expect(cut == text)
                continue
            }
            if width == 0 { #expect(cut.isEmpty); continue }
            #expect(cut.hasSuffix("…"))
            // What is kept is whole grapheme clusters of the original, in order.
            let kept = cut.dropLast()
            #expect(text.hasPrefix(kept))
            #expect(Array(kept) == Array(text.prefix(kept.count)))
            // And nothing that would still fit was dropped.
            let next = text[text.index(text.startIndex, offsetBy: kept.count)]
            #expect(DisplayWidth.of(kept) + DisplayWidth.of(next) + 1 > width)
        }
    }

    @Test func truncationExamples() {
        #expect(DisplayWidth.truncate("Falcon Heavy", toWidth: 8) == "Falcon …")
        #expect(DisplayWidth.truncate("東京都庁", toWidth: 6) == "東京…")
        #expect(DisplayWidth.truncate("東京都庁", toWidth: 5) == "東京…")
        #expect(DisplayWidth.truncate("東京都庁", toWidth: 4) == "東…")
        #expect(DisplayWidth.truncate("東京都庁", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("ab", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("abc", toWidth: 3) == "abc")
        #expect(DisplayWidth.truncate("👩‍🚀👩‍🚀", toWidth: 3) == "👩‍🚀…")
        #expect(DisplayWidth.truncate("cafe\u{301} au lait", toWidth: 5) == "cafe\u{301}…")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 4, ellipsis: "...") == "a...")
    }

    @Test func paddingAndFitting() {
        #expect(DisplayWidth.pad("東", toWidth: 4) == "東  ")
        #expect(DisplayWidth.pad("ab", toWidth: 4, alignment: .right) == "  ab")
        #expect(DisplayWidth.pad("ab", toWidth: 5, alignment: .center) == " ab  ")
        #expect(DisplayWidth.pad("abcdef", toWidth: 4) == "abcdef")
        #expect(DisplayWidth.fit("東京都", toWidth: 4) == "東… ")
        for text in Self.samples {
            for width in 1...20 { #expect(DisplayWidth.of(DisplayWidth.fit(text, toWidth: width)) == width) }
        }
    }

    @Test func wrapping() {
        #expect(DisplayWidth.wrap("the quick brown fox", toWidth: 10) == ["the quick", "brown fox"])
        #expect(DisplayWidth.wrap("a\n\nb", toWidth: 10) == ["a", "", "b"])
        #expect(DisplayWidth.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayWidth.wrap("東京都庁舎", toWidth: 3) == ["東", "京", "都", "庁", "舎"])
        #expect(DisplayWidth.wrap("東", toWidth: 1) == ["東"])
        for text in Self.samples {
            for width in 2...12 {
                for line in DisplayWidth.wrap(text, toWidth: width) { #expect(DisplayWidth.of(line) <= width) }
            }
        }
    }

    @Test func wrappingWithAHangingIndentKeepsLaterLinesUnderTheTextAfterTheLabel() {
        let source = "Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"
        let lines = DisplayWidth.wrap(source, toWidth: 40, hangingIndent: 8)
        #expect(lines == ["Source: the bundled sample: InSight's",
                          "        archived weather for sols",
                          "        675–681 (October 2020)"])
        for line in lines { #expect(DisplayWidth.of(line) <= 40) }
    }

    @Test func aLineThatFitsOrAColumnTooNarrowToReadComesBackWhole() {
        // Fitting: returned as given, its double spaces kept.
        #expect(DisplayWidth.wrap("Sol  675", toWidth: 20, hangingIndent: 8) == ["Sol  675"])
        // Ten cells or fewer beside the indent: left to the terminal.
        let source = "Source: live from NASA's InSight feed"
        #expect(DisplayWidth.wrap(source, toWidth: 18, hangingIndent: 8) == [source])
        #expect(DisplayWidth.wrap(source, toWidth: 19, hangingIndent: 8).count > 1)
        #expect(DisplayWidth.wrap("the quick brown fox", toWidth: 11, hangingIndent: 0) == ["the quick", "brown fox"])
    }
}
