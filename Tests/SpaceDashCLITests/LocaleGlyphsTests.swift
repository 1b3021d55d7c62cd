import Terminal
import Testing
@testable import SpaceDashCLI

@Suite struct LocaleGlyphsTests {
    @Test func aCLocaleGetsASCIIMarksAndAUTF8OneUnicode() {
        let ascii = Glyphs.forLocale(["LANG": "C"])
        let marks = [ascii.ellipsis, ascii.selectionMarker, ascii.rule, ascii.joiner] + ascii.spinnerFrames
        #expect(marks.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(ascii.ellipsis == "...")
        #expect(ascii.joiner == " | ")

        let unicode = Glyphs.forLocale(["LANG": "en_US.UTF-8"])
        #expect(unicode.ellipsis == "…")
        #expect(unicode.selectionMarker == "▶")
        #expect(unicode.joiner == " · ")
        #expect(unicode.spinnerFrames.allSatisfy { DisplayWidth.of($0) == 1 })
    }
}
