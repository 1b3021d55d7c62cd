import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct JSONTextTests {
    @Test func charactersATerminalWouldObeyAreEscapedAndDecodeBackExactly() throws {
        let hostile = "8-bit CSI \u{9B}2J, OSC \u{9D}0;t\u{9C}, DEL \u{7F}, bidi \u{202E}gnp\u{202C} \u{2067}x\u{2069}, LS \u{2028} PS \u{2029}, ALM \u{061C}"
        let serialised = String(decoding: try JSONSerialization.data(withJSONObject: ["a": hostile, "b": ["ok é 🚀"]], options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let safe = JSONText.terminalSafe(serialised)
        #expect(safe.contains("\\u009b") && safe.contains("\\u202e") && safe.contains("\\u007f") && safe.contains("\\u2028"))
        #expect(!safe.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) || (0x2028...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: Any])
        #expect(decoded["a"] as? String == hostile)
        #expect(decoded["b"] as? [String] == ["ok é 🚀"], "printable text, accents and emoji stay as they are")
    }

    /// As jq writes them: `"webcasts" : []`, not an opening bracket, an empty line and a closing one.
    @Test func emptyArraysAndObjectsAreWrittenOnOneLine() throws {
        let value: [String: Any] = ["webcasts": [String](), "links": [String: String](), "text": "[ \" ]{\n}", "list": [[String]()]]
        let pretty = String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        let printed = JSONText.printable(pretty)
        #expect(printed.contains("\"webcasts\" : []"), "\(printed)")
        #expect(printed.contains("\"links\" : {}"), "\(printed)")
        #expect(printed.contains(#""text" : "[ \" ]{\n}""#), "text inside a string is left as it is: \(printed)")
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
        #expect(decoded["text"] as? String == "[ \" ]{\n}")
        #expect((decoded["list"] as? [[String]]) == [[]])
        #expect(try LaunchJSONRenderer.render([Launch]()) == "[]")
        let onlyAnObject = String(decoding: try JSONSerialization.data(withJSONObject: ["links": [String: String]()], options: [.prettyPrinted]), as: UTF8.self)
        #expect(JSONText.printable(onlyAnObject).contains("\"links\" : {}"), "\(onlyAnObject.debugDescription)")
    }

    @Test func cleanJSONIsUnchanged() {
        let json = "{\n  \"name\" : \"Falcon 9 – Starlink 🚀\"\n}"
        #expect(JSONText.terminalSafe(json) == json)
    }
}
