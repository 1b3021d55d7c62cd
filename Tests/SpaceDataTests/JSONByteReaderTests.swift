import Testing
@testable import SpaceData

@Suite struct JSONByteReaderTests {
    func read<T>(_ text: String, _ body: (inout JSONByteReader) throws(JSONByteReader.Failure) -> T) throws(JSONByteReader.Failure) -> T {
        let bytes = Array(text.utf8)
        let result: Result<T, JSONByteReader.Failure> = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONByteReader(buffer)
            do throws(JSONByteReader.Failure) { return .success(try body(&reader)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    @Test func decodesEveryEscapeIncludingSurrogatePairs() throws {
        let text = try read(#""a\/b\"\\\n\t\u00e9\ud83d\ude80\ufffd""#) { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            reader.string(try reader.readStringToken())
        }
        #expect(text == "a/b\"\\\n\té🚀\u{FFFD}")
    }

    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        let text = try read(#""\ud83dx\ude80""#) { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            reader.string(try reader.readStringToken())
        }
        #expect(text == "\u{FFFD}x\u{FFFD}")
    }

    @Test func skipsAnyWellFormedValue() throws {
        let end = try read(#" {"a":[1,-2.5e3,true,false,null,{"b":"c"}],"d":{}} "#) { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            try reader.skipValue()
            reader.skipWhitespace()
            return reader.isAtEnd
        }
        #expect(end)
    }

    @Test func aNumberWithALeadingZeroIsMalformedAsJSONDecoderHasIt() throws {
        #expect(throws: JSONByteReader.Failure.malformed("expected ']'", offset: 2)) { try read("[01]") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        #expect(throws: JSONByteReader.Failure.malformed("expected '}'", offset: 8)) { try read(#"{"a": -00}"#) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        try read("[0, -0.5, 0e1, 10]") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() }
    }

    /// Nesting is followed without recursion: a hostile file cannot exhaust the stack.
    @Test func skipsNestingOfAnyDepth() throws {
        let depth = 200_000
        let text = #"{"a": "# + String(repeating: #"[{"b": "#, count: depth) + "1" + String(repeating: "}]", count: depth) + "}"
        let end = try read(text) { (reader: inout JSONByteReader) throws(JSONByteReader.Failure) in
            try reader.skipValue()
            return reader.position
        }
        #expect(end == text.utf8.count)
        let unclosed = String(repeating: "[", count: depth) + "]]"
        #expect(throws: JSONByteReader.Failure.truncated) { try read(unclosed) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
    }

    /// Strings are scanned sixteen bytes at a time, the last few one by one: a quote, an
    /// escape or a control character is found wherever it falls (every offset
    /// in a sixteen-byte chunk, over several), and bytes past ASCII are text.
    @Test func findsWhatEndsAPlainRunAtAnyOffset() throws {
        for count in 0..<24 {
            let plain = String(repeating: "aé", count: count)  // 3 bytes each
            let end = 1 + 3 * count
            let token = try read("\"\(plain)\" ") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.readStringToken() }
            #expect(token.range == 1..<end && !token.hasEscapes)
            // Bytes after a stop ('#', ']', a space, a control character) never move the end.
            let closing = try read("\"\(plain)\"#]! \u{1}") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.readStringToken() }
            #expect(closing.range == 1..<end)
            let escaped = try read(#""\#(plain)\"x\u0041" "#) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in r.string(try r.readStringToken()) }
            #expect(escaped == plain + "\"xA")
            #expect(throws: JSONByteReader.Failure.malformed("control character in a string", offset: end)) {
                try read("\"\(plain)\u{1F}\"") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.readStringToken() }
            }
            #expect(throws: JSONByteReader.Failure.truncated) {
                try read("\"\(plain)") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.readStringToken() }
            }
        }
    }

    /// Literals are compared four bytes at once when the text has room, and
    /// byte by byte at its end: the same values and the same errors either way.
    @Test(arguments: ["", " ", "   ,"])
    func readsLiteralsWhereverTheTextEnds(_ after: String) throws {
        for (word, value) in [("null", nil), ("true", true), ("false", false)] as [(String, Bool?)] {
            let read = try read(word + after) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in (try r.readLiteral(), r.position) }
            #expect(read.0 == value && read.1 == word.utf8.count, "\(word)")
        }
        for (broken, failure) in [("nul", .truncated), ("nulx", .malformed("bad literal", offset: 0)), ("fals", .truncated),
                                  ("falsy", .malformed("bad literal", offset: 0)), ("trUe", .malformed("bad literal", offset: 0))]
            as [(String, JSONByteReader.Failure)] where after.isEmpty || failure != .truncated {
            #expect(throws: failure, "\(broken)") {
                try read(broken + after) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in _ = try r.readLiteral() }
            }
        }
    }

    @Test func tellsCutShortFromMalformed() {
        #expect(throws: JSONByteReader.Failure.truncated) { try read(#"{"a":[1,"#) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        #expect(throws: JSONByteReader.Failure.truncated) { try read(#""\u00"#) { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        #expect(throws: JSONByteReader.Failure.malformed("expected a key", offset: 1)) { try read("{1:2}") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        #expect(throws: JSONByteReader.Failure.malformed("bad literal", offset: 1)) { try read("[nul]") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
        #expect(throws: JSONByteReader.Failure.malformed("control character in a string", offset: 2)) { try read("\"a\nb\"") { (r: inout JSONByteReader) throws(JSONByteReader.Failure) in try r.skipValue() } }
    }
}
