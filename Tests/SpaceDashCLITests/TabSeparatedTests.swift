import Testing
@testable import SpaceDashCLI

@Suite struct TabSeparatedTests {
    @Test func aRowIsOneLineWithAFieldForEachValueEmptyForNone() {
        let row = TabSeparated.row(["a\tb", nil, "line\nbreak", "\u{1B}[31mred\u{1B}[0m", ""])
        #expect(row.split(separator: "\t", omittingEmptySubsequences: false).count == 5)
        #expect(!row.contains("\n") && !row.contains("\u{1B}"))
        #expect(row.hasPrefix("a b\t\tline break\t"))
    }

    @Test func aTabInsideAFieldBecomesASpaceWhateverSurroundsIt() {
        #expect(TabSeparated.field("café\tcrème\t") == "café crème ")
        #expect(TabSeparated.field("Gale crater") == "Gale crater")
    }

    @Test func numbersKeepTheirDigitsAndWholeNumbersHaveNoFraction() {
        #expect(TabSeparated.number(-96.872) == "-96.872")
        #expect(TabSeparated.number(807) == "807")
        #expect(TabSeparated.number(-0.5) == "-0.5")
        #expect(TabSeparated.number(nil) == nil)
        #expect(TabSeparated.number(.nan) == nil)
        #expect(TabSeparated.number(.infinity) == nil)
        #expect(TabSeparated.number(1e300) == nil, "no sensor reads that; Int(_:) would trap")
    }
}
