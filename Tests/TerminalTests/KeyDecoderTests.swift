import Testing
@testable import Terminal

@Suite struct KeyDecoderTests {
    typealias Case = (name: String, bytes: [UInt8], keys: [KeyPress])

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func press(_ key: Key, _ modifiers: KeyModifiers = []) -> KeyPress { KeyPress(key, modifiers: modifiers) }

    static let cases: [Case] = [
        ("ascii", bytes("falcon"), [press(.text("falcon"))]),
        ("two-byte UTF-8", bytes("café"), [press(.text("café"))]),
        ("three-byte UTF-8", bytes("東京"), [press(.text("東京"))]),
        ("four-byte UTF-8 and ZWJ", bytes("🚀👩‍🚀"), [press(.text("🚀👩‍🚀"))]),
        ("invalid lead byte", [0x61, 0xFF, 0x62], [press(.text("a\u{FFFD}b"))]),
        ("lone continuation", [0x80, 0x61], [press(.text("\u{FFFD}a"))]),
        ("truncated sequence then ASCII", [0xE6, 0x9D, 0x61], [press(.text("\u{FFFD}a"))]),
        ("overlong encoding", [0xC0, 0xAF], [press(.text("\u{FFFD}\u{FFFD}"))]),
        ("surrogate encoded", [0xED, 0xA0, 0x80], [press(.text("\u{FFFD}\u{FFFD}\u{FFFD}"))]),
        ("C1 control in UTF-8 dropped", [0x61, 0xC2, 0x9B, 0x62], [press(.text("ab"))]),
        ("truncated before ESC", [0xE6, 0x1B, 0x5B, 0x41], [press(.text("\u{FFFD}")), press(.up)]),
        ("enter CR", [0x0D], [press(.enter)]),
        ("enter LF", [0x0A], [press(.enter)]),
        ("tab", [0x09], [press(.tab)]),
        ("backspace DEL", [0x7F], [press(.backspace)]),
        ("backspace BS", [0x08], [press(.backspace)]),
        ("ctrl keys", [0x01, 0x05, 0x15, 0x17, 0x10, 0x0E, 0x03, 0x04],
         [press(.control("a")), press(.control("e")), press(.control("u")), press(.control("w")),
          press(.control("p")), press(.control("n")), press(.control("c")), press(.control("d"))]),
        ("ctrl-@ and ctrl-_", [0x00, 0x1F, 0x1C], [press(.control("@")), press(.control("_")), press(.control("\\"))]),
        ("delete", bytes("\u{1B}[3~"), [press(.delete)]),
        ("insert", bytes("\u{1B}[2~"), [press(.insert)]),
        ("arrows CSI", bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D"), [press(.up), press(.down), press(.right), press(.left)]),
        ("arrows SS3", bytes("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD"), [press(.up), press(.down), press(.right), press(.left)]),
        ("home and end, every variant",
         bytes("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"),
         [press(.home), press(.end), press(.home), press(.end), press(.home), press(.end), press(.home), press(.end)]),
        ("page up and down", bytes("\u{1B}[5~\u{1B}[6~"), [press(.pageUp), press(.pageDown)]),
        ("ctrl-right", bytes("\u{1B}[1;5C"), [press(.right, .control)]),
        ("shift-up, alt-left, ctrl-shift-home", bytes("\u{1B}[1;2A\u{1B}[1;3D\u{1B}[1;6H"),
         [press(.up, .shift), press(.left, .alt), press(.home, [.control, .shift])]),
        ("ctrl-delete", bytes("\u{1B}[3;5~"), [press(.delete, .control)]),
        ("old xterm SS3 modifier", bytes("\u{1B}O5C"), [press(.right, .control)]),
        ("shift-tab", bytes("\u{1B}[Z"), [press(.backTab)]),
        ("function keys", bytes("\u{1B}OP\u{1B}[15~\u{1B}[24~\u{1B}[1;2S"),
         [press(.function(1)), press(.function(5)), press(.function(12)), press(.function(4), .shift)]),
        ("keypad enter", bytes("\u{1B}OM"), [press(.enter)]),
        ("alt-letter", bytes("\u{1B}b"), [press(.text("b"), .alt)]),
        ("alt-backspace", [0x1B, 0x7F], [press(.backspace, .alt)]),
        ("escape escape", [0x1B, 0x1B, 0x1B, 0x5B, 0x41], [press(.escape), press(.escape), press(.up)]),
        // ESC then any printable character is Alt with it, never the Escape key (which
        // would end the search); the line editor ignores Alt with text it has no use for, as fzf does.
        ("alt with two-byte UTF-8", bytes("\u{1B}é"), [press(.text("é"), .alt)]),
        ("alt with three-byte UTF-8 between text", bytes("a\u{1B}東b"), [press(.text("a")), press(.text("東"), .alt), press(.text("b"))]),
        ("alt with four-byte UTF-8", bytes("\u{1B}🚀x"), [press(.text("🚀"), .alt), press(.text("x"))]),
        ("alt with UTF-8 then an arrow", bytes("\u{1B}ü\u{1B}[A"), [press(.text("ü"), .alt), press(.up)]),
        ("alt with an invalid byte", [0x1B, 0xFF, 0x61], [press(.text("\u{FFFD}"), .alt), press(.text("a"))]),
        ("alt with truncated UTF-8 then ASCII", [0x1B, 0xE6, 0x9D, 0x61], [press(.text("\u{FFFD}"), .alt), press(.text("a"))]),
        ("alt with a C1 control in UTF-8 dropped", [0x1B, 0xC2, 0x9B, 0x62], [press(.text("b"))]),
        ("bracketed paste", bytes("\u{1B}[200~hello world\u{1B}[201~"), [press(.paste("hello world"))]),
        ("paste cleaned of controls", bytes("\u{1B}[200~a\u{1B}[31mb\nc\u{7}d\u{1B}]0;x\u{7}e\u{1B}[201~"),
         [press(.paste("ab cde"))]),
        // Partial end markers are content (then cleaned like any content), not the end.
        ("paste with end-like content", bytes("\u{1B}[200~x\u{1B}[20y\u{1B}[201zq\u{1B}\u{1B}[201~"), [press(.paste("xq"))]),
        ("paste holds UTF-8", bytes("\u{1B}[200~東京 🚀\u{1B}[201~"), [press(.paste("東京 🚀"))]),
        ("text around paste", bytes("a\u{1B}[200~b\u{1B}[201~c"), [press(.text("a")), press(.paste("b")), press(.text("c"))]),
        ("stray paste end ignored", bytes("\u{1B}[201~x"), [press(.text("x"))]),
        ("unknown CSI ignored", bytes("a\u{1B}[99;99;99zb"), [press(.text("ab"))]),
        ("mouse report ignored", bytes("\u{1B}[<0;10;5Mx"), [press(.text("x"))]),
        ("focus events ignored", bytes("\u{1B}[I\u{1B}[Ox"), [press(.text("x"))]),
        ("device attributes reply ignored", bytes("\u{1B}[?62;22cx"), [press(.text("x"))]),
        ("cursor report ignored", bytes("\u{1B}[12;40Rx"), [press(.text("x"))]),
        ("kitty key ignored", bytes("\u{1B}[97;5ux"), [press(.text("x"))]),
        ("unknown SS3 ignored", bytes("\u{1B}Ozx"), [press(.text("x"))]),
        ("OSC reply by BEL ignored", bytes("\u{1B}]11;rgb:0000/0000/0000\u{7}x"), [press(.text("x"))]),
        ("OSC reply by ST ignored", bytes("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\x"), [press(.text("x"))]),
        ("DCS reply ignored", bytes("\u{1B}P1+r544e\u{1B}\\x"), [press(.text("x"))]),
        ("broken CSI", bytes("\u{1B}[1;\u{0D}"), [press(.enter)]),
        ("overlong CSI consumed", bytes("\u{1B}[" + String(repeating: "1;", count: 200) + "Ax"), [press(.text("x"))]),
        ("huge parameter", bytes("\u{1B}[99999999999999999999~x"), [press(.text("x"))]),
    ]

    /// Feeding `chunks` one after the other, then flushing; adjacent text merged.
    static func decode(_ chunks: [ArraySlice<UInt8>]) -> [KeyPress] {
        var decoder = KeyDecoder()
        var keys: [KeyPress] = []
        for chunk in chunks { keys += decoder.feed(chunk) }
        keys += decoder.flush()
        return merged(keys)
    }

    static func merged(_ keys: [KeyPress]) -> [KeyPress] {
        var result: [KeyPress] = []
        for key in keys {
            if case .text(let more) = key.key, key.modifiers.isEmpty,
               let last = result.last, case .text(let text) = last.key, last.modifiers.isEmpty {
                result[result.count - 1] = KeyPress(.text(text + more))
            } else {
                result.append(key)
            }
        }
        return result
    }

    @Test(arguments: cases)
    func decodesWhole(name: String, bytes: [UInt8], keys: [KeyPress]) {
        #expect(Self.decode([bytes[...]]) == keys, "\(name)")
    }

    @Test(arguments: cases)
    func decodesTheSameSplitAtEveryPosition(name: String, bytes: [UInt8], keys: [KeyPress]) {
        for split in 0...bytes.count {
            let decoded = Self.decode([bytes[..<split], bytes[split...]])
            #expect(decoded == keys, "\(name) split at \(split)")
        }
        let oneByOne = Self.decode(bytes.indices.map { bytes[$0...$0] })
        #expect(oneByOne == keys, "\(name) byte by byte")
    }

    @Test func everyCaseConcatenatedDecodesAsTheirSum() {
        // Sequences are self-delimiting: one stream of all cases gives all their keys in order.
        let safe = Self.cases.filter { !$0.name.contains("truncated") && !$0.name.contains("broken") && !$0.name.contains("alt") }
        var stream: [UInt8] = []
        var expected: [KeyPress] = []
        for item in safe {
            stream += item.bytes
            expected += item.keys
        }
        #expect(Self.decode([stream[...]]) == Self.merged(expected))
        for split in stride(from: 0, through: stream.count, by: 7) {
            #expect(Self.decode([stream[..<split], stream[split...]]) == Self.merged(expected), "split at \(split)")
        }
    }

    @Test func escapeTimeoutIsFzfs100Milliseconds() {
        // 30 ms split an arrow key sent over a slow SSH link (ESC, then `[A` 50 ms later)
        // into Escape, which quit the search.
        #expect(KeyDecoder().escapeTimeout == .milliseconds(100))
        #expect(KeyDecoder.defaultEscapeTimeout == .milliseconds(100))
    }

    @Test func altWithUTF8IsNeverAPendingOrBareEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed([0xC3]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.feed([0xA9]) == [KeyPress(.text("é"), modifiers: .alt)])
        #expect(!decoder.hasPendingInput)
        // Cut off by the timeout in mid-character: still Alt, never Escape.
        #expect(decoder.feed([0x1B, 0xE6]).isEmpty)
        #expect(decoder.flush() == [KeyPress(.text("\u{FFFD}"), modifiers: .alt)])
    }

    @Test func loneEscapeWaitsForTheTimeout() {
        var decoder = KeyDecoder(escapeTimeout: .milliseconds(40))
        #expect(decoder.escapeTimeout == .milliseconds(40))
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPendingInput)
        #expect(decoder.flush() == [KeyPress(.escape)])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
    }

    @Test func flushSettlesEveryPartialState() {
        func flushed(_ bytes: [UInt8]) -> [KeyPress] {
            var decoder = KeyDecoder()
            var keys = decoder.feed(bytes)
            #expect(decoder.hasPendingInput, "\(bytes)")
            keys += decoder.flush()
            #expect(!decoder.hasPendingInput)
            // And the decoder is back in its ground state.
            keys += decoder.feed(Array("z".utf8))
            return keys
        }
        #expect(flushed([0x1B, 0x5B]) == [KeyPress(.text("["), modifiers: .alt), KeyPress(.text("z"))])
        #expect(flushed([0x1B, 0x4F]) == [KeyPress(.text("O"), modifiers: .alt), KeyPress(.text("z"))])
        #expect(flushed([0x1B, 0x5B, 0x31, 0x3B]) == [KeyPress(.text("z"))])
        #expect(flushed(Array("\u{1B}]0;title".utf8)) == [KeyPress(.text("z"))])
        #expect(flushed([0x61, 0xE6, 0x9D]) == [KeyPress(.text("a")), KeyPress(.text("\u{FFFD}")), KeyPress(.text("z"))])
    }

    @Test func pasteWaitsForItsEndHoweverLong() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~part one ".utf8)).isEmpty)
        #expect(!decoder.hasPendingInput)
        #expect(decoder.flush().isEmpty)
        #expect(decoder.feed(Array("part two\u{1B}[201~".utf8)) == [KeyPress(.paste("part one part two"))])
    }

    @Test func hugePasteIsBounded() {
        var decoder = KeyDecoder(maximumPasteBytes: 10)
        let keys = decoder.feed(Array("\u{1B}[200~".utf8) + [UInt8](repeating: 0x61, count: 100_000) + Array("\u{1B}[201~x".utf8))
        #expect(keys == [KeyPress(.paste("aaaaaaaaaa")), KeyPress(.text("x"))])
    }

    @Test func randomBytesNeverYieldControlsInText() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<200 {
            var decoder = KeyDecoder()
            let bytes = (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let keys = decoder.feed(bytes) + decoder.flush()
            for key in keys {
                switch key.key {
                case .text(let text), .paste(let text):
                    #expect(text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }, "\(bytes)")
                default: break
                }
            }
        }
    }

    @Test func descriptions() {
        #expect(KeyPress(.right, modifiers: [.control, .shift]).description == "ctrl+shift+right")
        #expect(KeyPress(.control("c")).description == "control(\"c\")")
    }
}

/// A small deterministic generator, so a failure reproduces.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
