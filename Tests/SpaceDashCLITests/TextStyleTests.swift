import Testing
@testable import SpaceDashCLI

@Suite struct TextStyleTests {
    @Test func plainTextPassesUnchanged() {
        let style = TextStyle.plain
        #expect(style.bold("a") == "a")
        #expect(style.red(style.underline("b")) == "b")
    }

    @Test func eachAttributeEndsWithItsOwnReset() {
        let style = TextStyle(isEnabled: true)
        #expect(style.bold("a") == "\u{1B}[1ma\u{1B}[22m")
        #expect(style.dim("a") == "\u{1B}[2ma\u{1B}[22m")
        #expect(style.underline("a") == "\u{1B}[4ma\u{1B}[24m")
        #expect(style.inverse("a") == "\u{1B}[7ma\u{1B}[27m")
        #expect(style.red("a") == "\u{1B}[31ma\u{1B}[39m")
        #expect(style.gray("a") == "\u{1B}[90ma\u{1B}[39m")
    }

    @Test func stylesNestWithoutCancellingEachOther() {
        let style = TextStyle(isEnabled: true)
        #expect(style.bold("x " + style.green("ok") + " y") == "\u{1B}[1mx \u{1B}[32mok\u{1B}[39m y\u{1B}[22m")
    }

    @Test func emptyTextStaysEmpty() {
        #expect(TextStyle(isEnabled: true).bold("") == "")
    }
}
