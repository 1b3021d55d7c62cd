/// A TOML file as spacedash's config reads it: the subset a config needs,
/// strictly. Tables (`[launches]`), `key = value` lines, basic strings with
/// escapes (`"…"`), literal strings (`'…'`), integers, floats, booleans,
/// arrays (over several lines too) and comments. Dates, multi-line strings,
/// inline tables, arrays of tables and dotted keys are refused with an error
/// that says what to write instead, never read half-way.
///
/// The document keeps where each value was (line, column, byte range), so
/// messages can point at it and an edit can replace one value and leave every
/// other byte of the file as it was.
public struct TOMLDocument: Sendable {
    /// A value, typed as the file wrote it.
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case array([Value])

        /// What the value is, for messages: "a string", "an integer".
        public var kindDescription: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .float: "a float"
            case .boolean: "a boolean"
            case .array: "an array"
            }
        }
    }

    /// A place in the file: 1-based line and column, columns counted in
    /// Unicode scalars (what an editor shows for text in one script).
    public struct Position: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        public var description: String { "\(line):\(column)" }
    }

    /// One `key = value`.
    public struct Entry: Sendable {
        /// The table it is in; nil before the first table header.
        public let table: String?
        public let key: String
        public let value: Value
        public let keyPosition: Position
        public let valuePosition: Position
        /// The value's bytes in `bytes` (an array's brackets included).
        public let valueRange: Range<Int>
        /// The line the entry ends on (an array may go on over several).
        public let lastLine: Int
    }

    /// A `[table]` header.
    public struct Table: Sendable {
        public let name: String
        public let position: Position
    }

    /// The file as read (a leading byte order mark included).
    public let bytes: [UInt8]
    /// Every entry, in file order.
    public let entries: [Entry]
    /// Every table header, in file order.
    public let tables: [Table]

    /// Reads `bytes`, or throws the first problem with its line and column.
    public init(parsing bytes: [UInt8]) throws(TOMLError) {
        var parser = TOMLParser(bytes: bytes)
        try parser.parseDocument()
        self.bytes = bytes
        entries = parser.entries
        tables = parser.tables
    }

    /// The entry for `key` in `table` (nil: top level), if the file has one.
    public func entry(table: String?, key: String) -> Entry? {
        entries.first { $0.table == table && $0.key == key }
    }
}

/// What is wrong with a TOML file, where, and how to fix it.
public struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: TOMLDocument.Position
    /// What is wrong: "unterminated string".
    public let message: String
    /// What to write instead, when something can be said: `close it with "`.
    public let suggestion: String?

    public init(_ message: String, at position: TOMLDocument.Position, suggestion: String? = nil) {
        self.position = position
        self.message = message
        self.suggestion = suggestion
    }

    /// `3:9: unterminated string (close it with ")`.
    public var description: String {
        "\(position): \(message)" + (suggestion.map { " (\($0))" } ?? "")
    }
}
