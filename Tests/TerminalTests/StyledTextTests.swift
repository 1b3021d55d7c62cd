import Foundation
import Testing
@testable import Terminal

@Suite struct StyledTextTests {
    let esc = "\u{1B}"

    @Test func rendersSGROnlyWhenAllowed() {
        var line = StyledText("Falcon ", style: .bold)
        line.append("9", style: TextStyle(foreground: .red))
        line.append(" ok")
        #expect(line.rendered(.plain) == "Falcon 9 ok")
        #expect(line.rendered(.colour) == "\(esc)[1mFalcon \(esc)[0m\(esc)[31m9\(esc)[0m ok")
        // NO_COLOR: attributes survive, colours do not.
        #expect(line.rendered(.attributes) == "\(esc)[1mFalcon \(esc)[0m9 ok")
    }

    @Test func styleParameters() {
        let style = TextStyle(bold: true, dim: true, underline: true, reverse: true, foreground: .brightCyan, background: .palette(236))
        #expect(style.sgrParameters(.colour) == ["1", "2", "4", "7", "96", "48;5;236"])
        #expect(style.sgrParameters(.attributes) == ["1", "2", "4", "7"])
        #expect(style.sgrParameters(.plain) == [])
        #expect(TextStyle.plain.sgrParameters(.colour) == [])
        #expect(TextStyle(background: .blue).sgrParameters(.colour) == ["44"])
        #expect(TextStyle.highlight.sgrParameters(.attributes) == ["1"])
        #expect(TextStyle.dim.merging(.highlight) == TextStyle(bold: true, dim: true, foreground: .yellow))
    }

    @Test func splittingKeepsEachPartsStyles() {
        var line = StyledText("Falcon 9 | ", style: .bold)
        line.append("Stár", style: .highlight)
        line.append("link")
        let (head, tail) = line.split(atCharacter: 13)
        #expect(head.plainText == "Falcon 9 | St" && tail.plainText == "árlink")
        #expect(head + tail == line, "the parts join back into the text")
        #expect(tail.spans.first?.style == .highlight && tail.spans.last?.style == .plain)
        #expect(line.split(atCharacter: 0).head.isEmpty && line.split(atCharacter: 0).tail == line)
        #expect(line.split(atCharacter: 99).head == line && line.split(atCharacter: 99).tail.isEmpty)
    }

    @Test func widthExcludesEscapes() {
        var line = StyledText("東京", style: .highlight)
        line.append(" 🚀", style: .reverse)
        #expect(line.displayWidth == 7)
        #expect(line.rendered(.colour).count > line.plainText.count)
        #expect(line.plainText == "東京 🚀")
    }

    @Test func spansAreSanitised() {
        let line = StyledText("evil\u{1B}]0;title\u{07} name\u{1B}[2J\n", style: .bold)
        #expect(line.plainText == "evil name ")
        let rendered = line.rendered(.colour)
        #expect(rendered == "\(esc)[1mevil name \(esc)[0m")
        #expect(StyledText("\u{202E}abc").plainText == "abc")
    }

    @Test func highlightingRanges() {
        let name = "Falcon 9 Block 5"
        let falcon = name.range(of: "Falcon")!
        let block = name.range(of: "Block")!
        let line = StyledText(name, highlighting: [block, falcon])
        #expect(line.spans == [StyledSpan("Falcon", style: .highlight), StyledSpan(" 9 ", style: .plain),
                               StyledSpan("Block", style: .highlight), StyledSpan(" 5", style: .plain)])
        // Overlapping ranges highlight their union once.
        let overlapping = StyledText(name, highlighting: [name.range(of: "Falc")!, name.range(of: "lcon 9")!])
        #expect(overlapping.spans.map(\.text) == ["Falcon 9", " Block 5"])
        #expect(StyledText(name, highlighting: []).spans == [StyledSpan(name)])
    }

    @Test func truncationKeepsStylesAndWidth() {
        var line = StyledText("Long", style: .bold)
        line.append(" 東京都庁 name", style: .dim)
        #expect(line.displayWidth == 18)
        let cut = line.truncated(toWidth: 9)
        #expect(cut.plainText == "Long 東…")
        #expect(cut.displayWidth == 8)
        #expect(cut.spans.map(\.style) == [.bold, .dim])
        #expect(line.truncated(toWidth: 4).plainText == "Lon…")
        #expect(line.truncated(toWidth: 5).plainText == "Long…")
        #expect(line.truncated(toWidth: 0).isEmpty)
        #expect(line.truncated(toWidth: 40) == line)
        for width in 0...20 {
            #expect(line.truncated(toWidth: width).displayWidth <= width)
            #expect(line.fitted(toWidth: width).displayWidth == width)
        }
    }

    @Test func paddingAndJoining() {
        let line = StyledText("ab", style: .bold).padded(toWidth: 4)
        #expect(line.rendered(.colour) == "\(esc)[1mab\(esc)[0m  ")
        #expect(StyledText("a") + StyledText("b") == StyledText("ab"))
        let literal: StyledText = "x"
        #expect(literal.plainText == "x")
    }
}
