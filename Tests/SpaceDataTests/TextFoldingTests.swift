import Foundation
import Testing
@testable import SpaceData

@Suite struct TextFoldingTests {
    @Test(arguments: ["kourou", "KOUROU", "Kouróu", "ＫＯＵＲＯＵ", "Kouro\u{301}u", "kOuRoU"])
    func spellingsOfOneWordFoldAlike(spelling: String) {
        #expect(TextFolding.folded(spelling) == "kourou")
    }

    @Test func foldingChangesLengthsWhereUnicodeSaysSo() {
        #expect(TextFolding.folded("Straße") == "strasse")
        #expect(TextFolding.folded("ﬁrst ﬂight") == "first flight")
        #expect(TextFolding.folded("Ｆａｌｃｏｎ ９") == "falcon 9")
        #expect(TextFolding.folded("Agência Espacial") == "agencia espacial")
    }

    @Test func asciiTakesTheFastPathWithFoundationsAnswer() {
        for byte in UInt8(0) ..< 128 {
            let text = String(UnicodeScalar(byte))
            #expect(TextFolding.fold(text) == Array(text.folding(options: TextFolding.options, locale: nil).utf8))
        }
    }

    @Test func wholeStringsFoldAsFoundationFoldsThem() {
        for text in ["Kinéis 1", "Centro de Lançamento de Alcântara", "Straße nach Köln",
                     "Ｈ３ロケット", "Ελληνικά ΣΟΦΊΑ", "Москва", "北京 航天", "emoji 🚀👩‍🚀 ok"] {
            #expect(TextFolding.folded(text) == text.folding(options: TextFolding.options, locale: nil), "\(text)")
        }
    }

    /// Foundation leaves these letters unchanged: they have no decomposition.
    @Test(arguments: [("Andøya", "andoya"), ("ØRSTED", "orsted"), ("Ærøskøbing", "aeroskobing"), ("Cœur", "coeur"),
                      ("ŒUVRE", "oeuvre"), ("Łódź", "lodz"), ("Đakovo", "dakovo"), ("Þórshöfn", "thorshofn"),
                      ("ÐAÐ", "dad"), ("Sığınak", "siginak"), ("Ħamrun", "hamrun"), ("ŧŦ", "tt"), ("Straße", "strasse")])
    func latinLettersWithoutDecompositionFoldToPlainLetters(text: String, folded: String) {
        #expect(TextFolding.folded(text) == folded)
    }

    @Test func plainTextNeedsNoOffsetMap() {
        var folder = TextFolder()
        var bytes: [UInt8] = []
        #expect(folder.append("Cape Canaveral SFS, FL, USA", to: &bytes) == nil)
        #expect(folder.append("Ελληνικά ΣΟΦΙΑ", to: &bytes) == nil)  // same lengths, one scalar each
        #expect(folder.append("Straße", to: &bytes) != nil)
    }

    /// The original range of the folded range of `needle` in `text`.
    private func originalText(of needle: String, in text: String) -> String? {
        var folder = TextFolder()
        var bytes: [UInt8] = []
        let anchors = folder.append(text, to: &bytes) ?? []
        let folded = TextFolding.fold(needle)
        let ranges = bytes.withUnsafeBufferPointer { haystack in
            folded.withUnsafeBufferPointer { ByteSearch.occurrences(of: $0, in: haystack) }
        }
        guard let range = ranges.first else { return nil }
        let original = anchors.withUnsafeBufferPointer { OffsetMapping.originalRange(of: range, anchors: $0) }
        return String(decoding: Array(text.utf8)[original], as: UTF8.self)
    }

    @Test func matchesMapBackToWholeOriginalCharacters() {
        #expect(originalText(of: "strasse", in: "Die Straße") == "Straße")
        #expect(originalText(of: "stras", in: "Die Straße") == "Straß")  // half of "ss" is all of "ß"
        #expect(originalText(of: "sse nach", in: "Straße nach") == "ße nach")
        #expect(originalText(of: "irst", in: "ﬁrst ﬂight") == "ﬁrst")
        #expect(originalText(of: "flight", in: "ﬁrst ﬂight") == "ﬂight")
        #expect(originalText(of: "kineis", in: "Electron | Kine\u{301}is 2") == "Kine\u{301}is")
        #expect(originalText(of: "e", in: "Kine\u{301}is") == "e\u{301}")
        #expect(originalText(of: "is", in: "Kine\u{301}is") == "is")
        #expect(originalText(of: "kourou", in: "ＫＯＵＲＯＵ Ｔｅｓｔ") == "ＫＯＵＲＯＵ")
        #expect(originalText(of: "test", in: "ＫＯＵＲＯＵ Ｔｅｓｔ") == "Ｔｅｓｔ")
        #expect(originalText(of: "ou", in: "Kouróu") == "ou")
        #expect(originalText(of: "ou", in: "Kourou ó ou") == "ou")
        #expect(originalText(of: "rou", in: "Kouróu") == "róu")
        #expect(originalText(of: "ffi", in: "a ﬃ b") == "ﬃ")
        #expect(originalText(of: "i", in: "ﬃ i") == "ﬃ")
        #expect(originalText(of: "andoya", in: "Straße nach Andøya") == "Andøya")
        #expect(originalText(of: "ndo", in: "Andøya") == "ndø")
        #expect(originalText(of: "oya", in: "Andøya") == "øya")
        #expect(originalText(of: "a", in: "Ærø") == "Æ")  // half of "ae" is all of "Æ"
        #expect(originalText(of: "eroskobing", in: "Ærøskøbing") == "Ærøskøbing")
        #expect(originalText(of: "thor", in: "Þórshöfn") == "Þór")
    }
}
