import Testing
import TOML

@Suite struct TOMLDocumentTests {
    private func parse(_ text: String) throws -> TOMLDocument {
        try TOMLDocument(parsing: Array(text.utf8))
    }

    private func failure(_ text: String) -> TOMLError? {
        failure(bytes: Array(text.utf8))
    }

    private func failure(bytes: [UInt8]) -> TOMLError? {
        do {
            _ = try TOMLDocument(parsing: bytes)
            return nil
        } catch {
            return error
        }
    }

    private func value(_ line: String) throws -> TOMLDocument.Value? {
        try parse("key = " + line).entries.first?.value
    }

    // MARK: - Constructs

    @Test func tablesKeysAndComments() throws {
        let document = try parse("""
            # spacedash
            units = "imperial"   # a comment after a value
            utc = true

            [launches]
            limit = 20
            [mars-weather]
            station = 'insight'
            """)
        #expect(document.entries.map { "\($0.table ?? "")/\($0.key)" } == ["/units", "/utc", "launches/limit", "mars-weather/station"])
        #expect(document.entries.map(\.value) == [.string("imperial"), .boolean(true), .integer(20), .string("insight")])
        #expect(document.tables.map(\.name) == ["launches", "mars-weather"])
        #expect(document.tables.map(\.position.line) == [5, 7])
        let units = try #require(document.entry(table: nil, key: "units"))
        #expect(units.keyPosition == .init(line: 2, column: 1))
        #expect(units.valuePosition == .init(line: 2, column: 9))
        #expect(document.entry(table: "launches", key: "limit")?.keyPosition == .init(line: 6, column: 1))
    }

    @Test func basicStringEscapes() throws {
        #expect(try value(#""a\"b\\c\td\ne\rf\bg\fh\u00E9\U0001F680\e""#) == .string("a\"b\\c\td\ne\rf\u{8}g\u{C}hé🚀\u{1B}"))
        #expect(try value(#""""#) == .string(""))
        #expect(try value(#""Zürich, 東京""#) == .string("Zürich, 東京"))
    }

    @Test func literalStringsKeepBackslashes() throws {
        #expect(try value(#"'C:\Users\me'"#) == .string(#"C:\Users\me"#))
    }

    @Test func integers() throws {
        #expect(try value("42") == .integer(42))
        #expect(try value("+7") == .integer(7))
        #expect(try value("-17") == .integer(-17))
        #expect(try value("0") == .integer(0))
        #expect(try value("1_000") == .integer(1000))
        #expect(try value("9223372036854775807") == .integer(Int.max))
    }

    @Test func floats() throws {
        #expect(try value("2.5") == .float(2.5))
        #expect(try value("-0.01") == .float(-0.01))
        #expect(try value("1e3") == .float(1000))
        #expect(try value("6.626E-34") == .float(6.626e-34))
        #expect(try value("1_000.5") == .float(1000.5))
        #expect(try value("inf") == .float(.infinity))
        #expect(try value("-inf") == .float(-.infinity))
        guard case .float(let nan) = try value("nan") else { Issue.record("nan is a float"); return }
        #expect(nan.isNaN)
    }

    @Test func booleans() throws {
        #expect(try value("true") == .boolean(true))
        #expect(try value("false") == .boolean(false))
    }

    @Test func arraysOnOneLineAndOverSeveral() throws {
        #expect(try value(#"["SpaceX", "ESA"]"#) == .array([.string("SpaceX"), .string("ESA")]))
        #expect(try value("[]") == .array([]))
        #expect(try value("[ 1, 2, ]") == .array([.integer(1), .integer(2)]))
        #expect(try value("[[1], ['a']]") == .array([.array([.integer(1)]), .array([.string("a")])]))
        let document = try parse("""
            agency = [
              "SpaceX",  # the first
              # a comment alone
              "Rocket Lab",
            ]
            utc = true
            """)
        #expect(document.entries[0].value == .array([.string("SpaceX"), .string("Rocket Lab")]))
        #expect(document.entries[0].lastLine == 5)
        #expect(document.entries[1].keyPosition == .init(line: 6, column: 1))
    }

    @Test func quotedKeysAndHeaders() throws {
        let document = try parse("""
            "odd key" = 1
            [ "mars-weather" ]
            'sols' = 3
            """)
        #expect(document.entries.map(\.key) == ["odd key", "sols"])
        #expect(document.entries[1].table == "mars-weather")
    }

    @Test func windowsLineEndingsAByteOrderMarkAndNoFinalNewline() throws {
        let document = try TOMLDocument(parsing: [0xEF, 0xBB, 0xBF] + Array("units = \"metric\"\r\n[launches]\r\nlimit = 5".utf8))
        #expect(document.entries.map(\.value) == [.string("metric"), .integer(5)])
        #expect(document.entries[0].keyPosition == .init(line: 1, column: 1))
        #expect(document.entries[1].keyPosition == .init(line: 3, column: 1))
    }

    @Test func anEmptyFileOrOnlyCommentsHasNoEntries() throws {
        #expect(try parse("").entries.isEmpty)
        #expect(try parse("\n  # nothing\n\t\n").entries.isEmpty)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(failure(#"name = "Zürich" x"#)?.position == .init(line: 1, column: 17))
    }

    // MARK: - Errors, each with its line and column

    @Test func invalidUTF8() {
        let error = failure(bytes: Array("units = \"metric\"\nlimit = \"ab".utf8) + [0xFF] + Array("\"\n".utf8))
        #expect(error?.position == .init(line: 2, column: 12))
        #expect(error?.message == "invalid UTF-8 (byte 0xFF)")
        #expect(error?.suggestion == "save the file as UTF-8")
        // An overlong encoding and a lone surrogate are not UTF-8 either.
        #expect(failure(bytes: [0x61, 0x3D, 0xC0, 0xAF])?.position == .init(line: 1, column: 3))
        #expect(failure(bytes: Array("a = \"".utf8) + [0xED, 0xA0, 0x80])?.message == "invalid UTF-8 (byte 0xED)")
    }

    @Test func duplicateKey() {
        let error = failure("units = \"metric\"\nutc = true\n  units = \"imperial\"\n")
        #expect(error?.position == .init(line: 3, column: 3))
        #expect(error?.message == "'units' is set twice (first on line 1)")
        #expect(error?.suggestion == "keep one of the two lines")
        #expect(failure("[launches]\nlimit = 1\nlimit = 2")?.message == "'limit' is set twice in [launches] (first on line 2)")
        // The same key in two tables is two keys.
        #expect(failure("limit = 1\n[launches]\nlimit = 2") == nil)
    }

    @Test func duplicateTable() {
        let error = failure("[launches]\nlimit = 1\n\n[launches]\n")
        #expect(error?.position == .init(line: 4, column: 1))
        #expect(error?.message == "table [launches] appears twice (first on line 1)")
        #expect(failure("launches = 1\n[launches]")?.message == "[launches] names a key set on line 1")
    }

    @Test func malformedLines() {
        #expect(failure("units \"metric\"")?.position == .init(line: 1, column: 7))
        #expect(failure("units \"metric\"")?.message == "expected '=' after the key 'units'")
        #expect(failure("utc = true\nunits")?.position == .init(line: 2, column: 6))
        #expect(failure("utc = true\nunits")?.message == "'units' has no value")
        #expect(failure("units =")?.message == "'units' has no value after '='")
        #expect(failure("units = # nothing")?.position == .init(line: 1, column: 9))
        #expect(failure("= 3")?.message == "a key is missing before '='")
        #expect(failure("limit = 1 2")?.position == .init(line: 1, column: 11))
        #expect(failure("limit = 1 2")?.message == "unexpected '2' after the value")
        #expect(failure("!x = 1")?.message == "'!' cannot start a key")
        #expect(failure("[launches")?.position == .init(line: 1, column: 10))
        #expect(failure("[launches")?.message == "expected ']' to close the table header")
        #expect(failure("[launches] limit = 1")?.position == .init(line: 1, column: 12))
        #expect(failure("a = 1\rb = 2")?.message == "a carriage return without a line feed")
    }

    @Test func unsupportedConstructsSayWhatToWrite() {
        #expect(failure("[[launches]]")?.message == "arrays of tables ([[…]]) are not supported")
        #expect(failure("[launches.next]")?.position == .init(line: 1, column: 10))
        #expect(failure("[launches.next]")?.message == "nested tables are not supported")
        let dotted = failure("\nlaunches.limit = 3")
        #expect(dotted?.position == .init(line: 2, column: 1))
        #expect(dotted?.message == "dotted keys are not supported")
        #expect(dotted?.suggestion == "put the key under its table: [launches] then the rest of the key on its own line")
        #expect(failure("place = { lat = 1 }")?.message == "inline tables ({…}) are not supported")
        #expect(failure("a = \"\"\"x\"\"\"")?.message == "multi-line strings are not supported")
        #expect(failure("a = '''x'''")?.message == "multi-line strings are not supported")
        let date = failure("after = 2026-12-01")
        #expect(date?.position == .init(line: 1, column: 9))
        #expect(date?.message == "dates are not supported")
        #expect(date?.suggestion == "quote it: after = \"2026-12-01\"")
        #expect(failure("at = 07:32:00")?.message == "dates are not supported")
        #expect(failure("limit = 0x10")?.message == "hexadecimal, octal and binary numbers are not supported")
    }

    @Test func badStrings() {
        let unterminated = failure("units = \"metric\nutc = true")
        #expect(unterminated?.position == .init(line: 1, column: 9))
        #expect(unterminated?.message == "unterminated string")
        #expect(unterminated?.suggestion == "close it with \" on the same line")
        let escape = failure(#"path = "C:\Users""#)
        #expect(escape?.position == .init(line: 1, column: 11))
        #expect(escape?.message == #"invalid escape '\U'"# || escape?.message == #"\U needs 8 hexadecimal digits"#)
        #expect(failure(#"a = "\q""#)?.message == #"invalid escape '\q'"#)
        #expect(failure(#"a = "\q""#)?.position == .init(line: 1, column: 6))
        #expect(failure(#"a = "\u12""#)?.message == #"\u needs 4 hexadecimal digits"#)
        #expect(failure(#"a = "\uD800""#)?.message == #"\uD800 is not a Unicode character"#)
        let control = failure("a = \"x\u{1}y\"")
        #expect(control?.position == .init(line: 1, column: 7))
        #expect(control?.message == "a control character (0x01) in a string")
        #expect(failure("# bell \u{7}")?.position == .init(line: 1, column: 8))
    }

    @Test func bareWordsNeedQuotes() {
        let error = failure("units = imperial")
        #expect(error?.position == .init(line: 1, column: 9))
        #expect(error?.message == "a string needs quotes")
        #expect(error?.suggestion == #"write units = "imperial""#)
        #expect(failure("utc = True")?.suggestion == "write utc = true")
    }

    @Test func badNumbers() {
        #expect(failure("limit = 007")?.message == "a number cannot start with 0")
        #expect(failure("limit = 1__0")?.message == "an underscore in a number must stand between two digits")
        #expect(failure("limit = 1_")?.position == .init(line: 1, column: 9))
        #expect(failure("limit = 99999999999999999999")?.message == "the integer 99999999999999999999 is too large")
        #expect(failure("timeout = 1.")?.message == "'1.' is not a number")
        #expect(failure("timeout = .5")?.message == "'.5' is not a number")
        #expect(failure("timeout = =")?.message == "'=' cannot start a value")
        #expect(failure("timeout = 1e")?.message == "'1e' is not a number")
        #expect(failure("timeout = 1-2")?.message == "'1-2' is not a number")
    }

    @Test func badArrays() {
        let unterminated = failure("agency = [\"SpaceX\",\n")
        #expect(unterminated?.position == .init(line: 1, column: 10))
        #expect(unterminated?.message == "unterminated array")
        let missingComma = failure("agency = [\"SpaceX\"\n \"ESA\"]")
        #expect(missingComma?.position == .init(line: 2, column: 2))
        #expect(missingComma?.message == "expected ',' or ']' in the array")
    }

    // MARK: - Writing

    @Test func valuesWriteAsTOMLReadsThem() throws {
        let values: [TOMLDocument.Value] = [.string("a \"quoted\" \\ path\n\u{1}é"), .integer(-3), .float(15), .float(2.5),
                                            .float(1e-7), .boolean(false), .array([.string("SpaceX"), .integer(1)])]
        for original in values {
            #expect(try value(original.tomlText) == original, "\(original.tomlText)")
        }
        #expect(TOMLDocument.Value.float(15).tomlText == "15.0")
    }

    @Test func settingAnExistingValueKeepsTheRestOfItsLine() throws {
        let text = "# mine\nunits   =  \"metric\"   # for the table\n[launches]\nlimit = [\n 1,\n]\n"
        let document = try parse(text)
        let units = document.setting(.string("imperial"), forKey: "units", inTable: nil)
        #expect(String(decoding: units, as: UTF8.self) == "# mine\nunits   =  \"imperial\"   # for the table\n[launches]\nlimit = [\n 1,\n]\n")
        let limit = document.setting(.integer(7), forKey: "limit", inTable: "launches")
        #expect(String(decoding: limit, as: UTF8.self) == "# mine\nunits   =  \"metric\"   # for the table\n[launches]\nlimit = 7\n")
    }

    @Test func aNewKeyGoesAfterItsTablesLastKey() throws {
        let document = try parse("[launches]\nlimit = 3 # three\n\n# weather\n[mars-weather]\nsols = 2")
        let result = document.setting(.integer(2), forKey: "pages", inTable: "launches")
        #expect(String(decoding: result, as: UTF8.self) == "[launches]\nlimit = 3 # three\npages = 2\n\n# weather\n[mars-weather]\nsols = 2")
        let atEnd = document.setting(.boolean(true), forKey: "year", inTable: "mars-weather")
        #expect(String(decoding: atEnd, as: UTF8.self) == "[launches]\nlimit = 3 # three\n\n# weather\n[mars-weather]\nsols = 2\nyear = true\n")
        let emptyTable = try parse("[launches]\n# nothing yet\n").setting(.integer(1), forKey: "pages", inTable: "launches")
        #expect(String(decoding: emptyTable, as: UTF8.self) == "[launches]\npages = 1\n# nothing yet\n")
    }

    @Test func aNewTopLevelKeyGoesBeforeTheFirstTableAndItsComments() throws {
        let document = try parse("# spacedash settings\n\n# launches\n[launches]\nlimit = 3\n")
        let result = document.setting(.boolean(true), forKey: "utc", inTable: nil)
        #expect(String(decoding: result, as: UTF8.self) == "# spacedash settings\n\nutc = true\n\n# launches\n[launches]\nlimit = 3\n")
        let afterKeys = try parse("units = \"metric\"\n[launches]\n").setting(.boolean(true), forKey: "utc", inTable: nil)
        #expect(String(decoding: afterKeys, as: UTF8.self) == "units = \"metric\"\nutc = true\n[launches]\n")
    }

    @Test func aNewTableGoesAtTheEnd() throws {
        let result = try parse("units = \"metric\"").setting(.integer(3), forKey: "limit", inTable: "launches")
        #expect(String(decoding: result, as: UTF8.self) == "units = \"metric\"\n\n[launches]\nlimit = 3\n")
        let fromNothing = try parse("").setting(.integer(3), forKey: "limit", inTable: "launches")
        #expect(String(decoding: fromNothing, as: UTF8.self) == "[launches]\nlimit = 3\n")
        let topLevel = try parse("").setting(.string("imperial"), forKey: "units", inTable: nil)
        #expect(String(decoding: topLevel, as: UTF8.self) == "units = \"imperial\"\n")
    }

    @Test func everyEditReadsBack() throws {
        let document = try parse("a = 1\r\n[t]\r\nb = 'x'")
        for (table, key) in [(nil, "a"), (nil, "new"), ("t", "b"), ("t", "c"), ("u", "d")] as [(String?, String)] {
            let edited = try TOMLDocument(parsing: document.setting(.string("v"), forKey: key, inTable: table))
            #expect(edited.entry(table: table, key: key)?.value == .string("v"))
            #expect(edited.entries.count >= document.entries.count)
        }
    }
}
