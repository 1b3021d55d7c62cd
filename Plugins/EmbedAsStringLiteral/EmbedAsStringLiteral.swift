import Foundation

/// `EmbedAsStringLiteral INPUT SHOWN-PATH NAME OUTPUT`
///
/// Writes OUTPUT, a Swift file declaring `BundledFixtures.NAME` as a raw string
/// literal holding INPUT's bytes exactly (SHOWN-PATH names INPUT in the file's
/// comments). A literal is an immortal string in the binary: reading it at run
/// time copies and allocates nothing, and the binary needs no file beside it.
/// Run by the EmbedBundledFixtures build-tool plugin.
@main enum EmbedAsStringLiteral {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4 else { fail("usage: EmbedAsStringLiteral INPUT SHOWN-PATH NAME OUTPUT") }
        let (input, shownPath, name, output) = (arguments[1], arguments[2], arguments[3], arguments[4])
        guard let bytes = FileManager.default.contents(atPath: input) else { fail("cannot read \(input)") }
        do {
            try Data(swiftSource(declaring: name, as: bytes, from: shownPath).utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch let problem as Problem {
            fail(problem.message)
        } catch {
            fail("cannot write \(output): \(error)")
        }
    }

    struct Problem: Error {
        let message: String
    }

    static func swiftSource(declaring name: String, as bytes: Data, from shownPath: String) throws(Problem) -> String {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
              name.unicodeScalars.allSatisfy({ $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else {
            throw Problem(message: "\(shownPath): \(name) is not a Swift identifier; rename the file")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Problem(message: "\(shownPath) is not UTF-8") }
        // The compiler rejects other control characters in a literal, and reads a
        // carriage return as the end of a line.
        if let line = text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex(where: { $0.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F } }) {
            throw Problem(message: "\(shownPath):\(line + 1): a control character other than a tab, which a string literal cannot hold")
        }
        // The raw string's delimiter takes one `#` more than any `"""#…` or `\#…` in
        // the text, so nothing in it ends the literal or starts an escape.
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        // A multi-line literal leaves out the line break before its closing
        // delimiter: one is added, so the literal ends as the file does.
        return """
            // Written at build time by the EmbedBundledFixtures plugin from \(shownPath). Do not edit.
            extension BundledFixtures {
                /// The bytes of `\(shownPath)`.
                public static let \(name) = \(hashes)\"\"\"
            \(text)
            \"\"\"\(hashes)
            }

            """
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("EmbedAsStringLiteral: \(message)\n".utf8))
        exit(1)
    }
}
