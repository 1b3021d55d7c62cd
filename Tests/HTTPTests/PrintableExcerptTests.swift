import HTTP
import Testing

@Suite struct PrintableExcerptTests {
    @Test func escapeSequencesGoWholeAsOnTheTerminal() {
        #expect(PrintableExcerpt.of("\u{1B}[31mred\u{1B}[0m alert", limit: 80) == "red alert")
        #expect(PrintableExcerpt.of("Falcon \u{1B}]0;pwned\u{07}9", limit: 80) == "Falcon 9")
        #expect(PrintableExcerpt.of("Atlas \u{1B}]52;c;cm0=\u{1B}\\V", limit: 80) == "Atlas V")
        #expect(PrintableExcerpt.of("Vega \u{9B}2J C", limit: 80) == "Vega C")
        #expect(PrintableExcerpt.of("Starship\u{1B}", limit: 80) == "Starship", "a lone ESC is dropped, not shown as ? or a space")
    }

    @Test func controlsGoAndLineBreaksBecomeOneSpace() {
        #expect(PrintableExcerpt.of("ring\u{07}ring de\u{7F}l", limit: 80) == "ringring del")
        #expect(PrintableExcerpt.of("New\r\n  Glenn\tup", limit: 80) == "New Glenn up")
        #expect(PrintableExcerpt.of("launch \u{202E}gnp\u{202C}", limit: 80) == "launch gnp")
        #expect(PrintableExcerpt.of("Ariane 6 · Kourou °C", limit: 80) == "Ariane 6 · Kourou °C", "printable text is kept as it is")
    }

    @Test func aCutStringSequenceSwallowsOnlyTheExcerpt() {
        #expect(PrintableExcerpt.of("ok \u{1B}]0;never ends", limit: 80) == "ok")
        #expect(PrintableExcerpt.of(String(repeating: "a", count: 10), limit: 5) == "aaaa…")
    }
}
