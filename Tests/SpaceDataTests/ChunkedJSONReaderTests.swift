import Foundation
import Testing
@testable import SpaceData

/// The chunked JSON walk under `--file`: what it accepts, and where it says the JSON broke.
@Suite struct ChunkedJSONReaderTests {
    /// Skips one value of `text`, fed `chunk` bytes at a time; returns the offset after it.
    private func skip(_ text: String, chunk: Int = .max) throws(JSONReadError) -> Int {
        var remaining = ArraySlice(Array(text.utf8))
        var reader = chunk == .max ? ChunkedJSONReader(bytes: Array(remaining)) : ChunkedJSONReader { (buffer: inout [UInt8]) throws(JSONReadError) -> Bool in
            guard !remaining.isEmpty else { return false }
            buffer.append(contentsOf: remaining.prefix(chunk))
            remaining = remaining.dropFirst(chunk)
            return true
        }
        try reader.skipValue()
        return reader.offset
    }

    private func failure(_ text: String, chunk: Int = .max) -> JSONSyntaxError? {
        do throws(JSONReadError) {
            _ = try skip(text, chunk: chunk)
            return nil
        } catch .syntax(let error) {
            return error
        } catch {
            return nil
        }
    }

    @Test(arguments: [1, 3, .max])
    func validValuesArePassedOverWhole(_ chunk: Int) throws {
        let values = [
            #"{"a": [1, -2.5e+3, 0, 0.25, true, false, null], "b": {"c": "d\"\\\/\b\f\n\r\t\u00e9"}, "é": []}"#,
            #" [ [ [ ] ] , { } ]"#, "\"plain\"", "-0", "1E9", "null",
        ]
        for value in values {
            let end = try skip(value + " trailing", chunk: chunk)
            #expect(end == value.utf8.count, "\(value)")
        }
    }

    @Test(arguments: [1, 3, .max])
    func brokenJSONNamesTheByteAndWhatWasExpected(_ chunk: Int) {
        #expect(failure("[1,]", chunk: chunk) == JSONSyntaxError(offset: 3, expected: "a value"))
        #expect(failure(#"{"a" 1}"#, chunk: chunk) == JSONSyntaxError(offset: 5, expected: "':'"))
        #expect(failure(#"{"a": 1 "b": 2}"#, chunk: chunk) == JSONSyntaxError(offset: 8, expected: "',' or '}'"))
        #expect(failure("[01]", chunk: chunk) == JSONSyntaxError(offset: 2, expected: "',' or ']'"))
        #expect(failure("{1: 2}", chunk: chunk) == JSONSyntaxError(offset: 1, expected: "a string key"))
        #expect(failure(#"["a\x"]"#, chunk: chunk)?.offset == 4)
        #expect(failure(#"["\u12g4"]"#, chunk: chunk) == JSONSyntaxError(offset: 6, expected: "four hex digits after \\u"))
        #expect(failure("[\"a\nb\"]", chunk: chunk) == JSONSyntaxError(offset: 3, expected: "a control character escaped in a string"))
        #expect(failure("[tru]", chunk: chunk) == JSONSyntaxError(offset: 1, expected: "a value"))
        #expect(failure("[1.]", chunk: chunk) == JSONSyntaxError(offset: 3, expected: "a digit after '.'"))
        #expect(failure("[\"open", chunk: chunk) == JSONSyntaxError(offset: 6, expected: "the end of a string"))
        #expect(failure("[[[", chunk: chunk) == JSONSyntaxError(offset: 3, expected: "a value"))
    }

    @Test func deepNestingIsWalkedWithoutRecursion() throws {
        let depth = 200_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try skip(text) == 2 * depth)
    }

    @Test func keysAreDecoded() throws {
        var reader = ChunkedJSONReader(bytes: Array(#" "results" "a\"b""#.utf8))
        #expect(try reader.readString() == "results")
        #expect(try reader.readString() == "a\"b")
    }
}
