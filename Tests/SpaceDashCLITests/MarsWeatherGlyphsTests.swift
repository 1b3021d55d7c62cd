import Testing
@testable import SpaceDashCLI

@Suite struct MarsWeatherGlyphsTests {
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
        #expect(MarsWeatherGlyphs.forLocale(environment).isUnicode == unicode)
    }

    @Test func asciiUnitsDropTheDegreeSign() {
        #expect(MarsWeatherGlyphs.ascii.unit("°C") == "C")
        #expect(MarsWeatherGlyphs.unicode.unit("°F") == "°F")
        #expect(MarsWeatherGlyphs.ascii.missing == "-" && MarsWeatherGlyphs.unicode.missing == "—")
    }

    @Test func apiTextLosesControlSequences() {
        #expect(APIText.display("\u{1B}[31mWNW\u{07}") == "WNW")
        #expect(APIText.display("mid\nwinter") == "mid winter")
    }
}

@Suite struct MarsWeatherGlyphsFitTests {
    @Test func asciiFitSpellsOutWhatItCannotDraw() {
        #expect(MarsWeatherGlyphs.ascii.fit("sols 675–681 … 20°C ✓") == "sols 675-681 ... 20 degC ?")
        #expect(MarsWeatherGlyphs.unicode.fit("sols 675–681") == "sols 675–681")
        #expect(MarsWeatherGlyphs.ascii.fit("plain") == "plain")
    }
}
