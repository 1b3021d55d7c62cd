import Testing
@testable import SpaceDashCLI

@Suite struct GlyphsTests {
    @Test(arguments: [
        (["LANG": "C.UTF-8"], true),
        (["LANG": "en_US.utf8"], true),
        (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false),
        (["LC_CTYPE": "de_DE.UTF-8", "LANG": "C"], true),
        (["LC_ALL": "", "LANG": "fr_FR.UTF-8"], true),
        ([:], false),
        (["LANG": "POSIX"], false),
    ])
    func unicodeOnlyInAUTF8Locale(environment: [String: String], unicode: Bool) {
        #expect(Glyphs.forLocale(environment).isUnicode == unicode)
    }

    @Test func asciiUnitsDropTheDegreeSign() {
        #expect(Glyphs.ascii.unit("°C") == "C")
        #expect(Glyphs.unicode.unit("°F") == "°F")
        #expect(Glyphs.ascii.missing == "-" && Glyphs.unicode.missing == "—")
    }
}

@Suite struct GlyphsFitTests {
    @Test func asciiFitSpellsOutWhatItCannotDraw() {
        #expect(Glyphs.ascii.fit("sols 675–681 … 20°C ✓") == "sols 675-681 ... 20 degC ?")
        #expect(Glyphs.unicode.fit("sols 675–681") == "sols 675–681")
        #expect(Glyphs.ascii.fit("plain") == "plain")
    }
}
