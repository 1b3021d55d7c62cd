import Testing
@testable import Terminal

@Suite struct LineEditorTests {
    func press(_ key: Key, _ modifiers: KeyModifiers = []) -> KeyPress { KeyPress(key, modifiers: modifiers) }

    func typed(_ keys: [KeyPress], into editor: LineEditor = LineEditor()) -> LineEditor {
        var editor = editor
        for key in keys { editor.handle(key) }
        return editor
    }

    /// The text with a `|` where the cursor is.
    func show(_ editor: LineEditor) -> String {
        String(editor.text[..<editor.cursor]) + "|" + String(editor.text[editor.cursor...])
    }

    @Test func typingInsertsAtTheCursor() {
        var editor = LineEditor()
        #expect(editor.handle(press(.text("falcn"))) == .editedText)
        #expect(editor.handle(press(.left)) == .movedCursor)
        editor.handle(press(.text("o")))
        #expect(show(editor) == "falco|n")
        editor.handle(press(.paste("東京 🚀")))
        #expect(show(editor) == "falco東京 🚀|n")
        #expect(editor.cursorColumn == 12)
    }

    @Test func deletingAndMoving() {
        let editor = typed([press(.text("falcon heavy")), press(.home), press(.right), press(.delete), press(.end), press(.backspace)])
        #expect(show(editor) == "flcon heav|")
        #expect(show(typed([press(.control("a"))], into: editor)) == "|flcon heav")
        #expect(show(typed([press(.control("a")), press(.control("e"))], into: editor)) == "flcon heav|")
        #expect(show(typed([press(.control("b")), press(.control("b")), press(.control("f"))], into: editor)) == "flcon hea|v")
        #expect(typed([press(.control("u"))], into: editor).text.isEmpty)
        #expect(show(typed([press(.home), press(.right), press(.control("k"))], into: editor)) == "f|")
    }

    @Test func wordEditing() {
        let editor = typed([press(.text("falcon 9 block 5  "))])
        #expect(show(typed([press(.control("w"))], into: editor)) == "falcon 9 block |")
        #expect(show(typed([press(.control("w")), press(.control("w"))], into: editor)) == "falcon 9 |")
        #expect(show(typed([press(.backspace, .alt)], into: editor)) == "falcon 9 block |")
        #expect(show(typed([press(.left, .control)], into: editor)) == "falcon 9 block |5  ")
        #expect(show(typed([press(.home), press(.right, .control)], into: editor)) == "falcon| 9 block 5  ")
        #expect(show(typed([press(.home), press(.text("f"), .alt), press(.text("f"), .alt)], into: editor)) == "falcon 9| block 5  ")
        #expect(show(typed([press(.home), press(.text("d"), .alt)], into: editor)) == "| 9 block 5  ")
        #expect(show(typed([press(.text("b"), .alt)], into: editor)) == "falcon 9 block |5  ")
    }

    @Test func movesByWholeCharacters() {
        var editor = typed([press(.text("a👩‍🚀e\u{301}🇺🇸"))])
        editor.handle(press(.left))
        #expect(show(editor) == "a👩‍🚀e\u{301}|🇺🇸")
        editor.handle(press(.backspace))
        #expect(show(editor) == "a👩‍🚀|🇺🇸")
        editor.handle(press(.backspace))
        #expect(show(editor) == "a|🇺🇸")
        #expect(editor.cursorColumn == 1)
    }

    @Test func aCombiningMarkTypedAfterItsLetterJoinsIt() {
        var editor = typed([press(.text("cafe"))])
        editor.handle(press(.text("\u{301}")))
        #expect(editor.text == "café")
        #expect(editor.text.count == 4)
        #expect(show(editor) == "café|")
        editor.handle(press(.backspace))
        #expect(editor.text == "caf")
    }

    @Test func boundariesAndIgnoredKeys() {
        var editor = LineEditor()
        #expect(editor.handle(press(.backspace)) == .unchanged)
        #expect(editor.handle(press(.left)) == .unchanged)
        #expect(editor.handle(press(.delete)) == .unchanged)
        #expect(editor.handle(press(.control("d"))) == .ignored, "Ctrl-D on an empty field is the caller's")
        #expect(editor.handle(press(.up)) == .ignored)
        #expect(editor.handle(press(.enter)) == .ignored)
        #expect(editor.handle(press(.escape)) == .ignored)
        #expect(editor.handle(press(.control("c"))) == .ignored)
        #expect(editor.handle(press(.text("x"), .alt)) == .ignored)
        editor.handle(press(.text("ab")))
        editor.handle(press(.home))
        #expect(editor.handle(press(.control("d"))) == .editedText)
        #expect(show(editor) == "|b")
    }

    @Test func controlCharactersNeverEnterTheText() {
        var editor = LineEditor(text: "a\u{1B}[31mb\nc")
        #expect(editor.text == "ab c")
        editor.handle(press(.paste("x\u{7}y\u{202E}z")))
        #expect(editor.text == "ab cxyz")
        #expect(editor.insert("\u{1B}") == .unchanged)
        editor.setText("new")
        #expect(show(editor) == "new|")
    }

    @Test func scrollsToKeepTheCursorVisible() {
        let editor = typed([press(.text("abcdefghij"))])
        #expect(editor.visible(inWidth: 20) == ("abcdefghij", 10))
        #expect(editor.visible(inWidth: 5) == ("ghij", 4))
        let atStart = typed([press(.home)], into: editor)
        #expect(atStart.visible(inWidth: 5) == ("abcde", 0))
        let wide = typed([press(.text("東京都庁舎"))])
        let (text, column) = wide.visible(inWidth: 6)
        #expect(text == "庁舎")
        #expect(column == 4)
        for width in 1...12 {
            for position in 0...5 {
                var moved = typed([press(.home)], into: wide)
                for _ in 0..<position { moved.handle(press(.right)) }
                let view = moved.visible(inWidth: width)
                #expect(DisplayWidth.of(view.text) <= width)
                #expect(view.cursorColumn < max(width, 1) || width == 1)
            }
        }
    }

    /// A long paste: an ellipsis where text is hidden, at the left, the right or both.
    @Test func hiddenTextIsMarkedAtEitherEnd() {
        let editor = typed([press(.text("abcdefghijklmnopqrst"))])
        #expect(editor.visible(inWidth: 30, hiddenMark: "…") == ("abcdefghijklmnopqrst", 20), "all of it fits: no mark")
        #expect(editor.visible(inWidth: 10, hiddenMark: "…") == ("…mnopqrst", 9), "the start hidden, the cursor after the end")
        let atStart = typed([press(.home)], into: editor)
        #expect(atStart.visible(inWidth: 10, hiddenMark: "…") == ("abcdefghi…", 0), "the end hidden")
        var middle = atStart
        for _ in 0..<12 { middle.handle(press(.right)) }
        let both = middle.visible(inWidth: 10, hiddenMark: "…")
        #expect(both == ("…fghijklm…", 8), "both ends hidden, the cursor on the m")
        #expect(editor.visible(inWidth: 10, hiddenMark: "...") == ("...opqrst", 9), "an ASCII mark takes its three cells")
        for width in 1...24 {
            for position in 0...20 {
                var moved = atStart
                for _ in 0..<position { moved.handle(press(.right)) }
                let view = moved.visible(inWidth: width, hiddenMark: "…")
                #expect(DisplayWidth.of(view.text) <= width, "width \(width), cursor \(position): \(view.text)")
                #expect(view.cursorColumn < width || width == 1)
                let cursorCell = view.text.dropFirst(view.cursorColumn).first
                if width >= 4, position < 20 {
                    #expect(cursorCell == moved.text.dropFirst(position).first, "the cursor is on its character: width \(width), \(view)")
                }
            }
        }
    }
}
