/// HTTP header fields in the order they were added, looked up without regard
/// to case (`headers["content-type"]` finds `Content-Type`).
///
/// A name may appear more than once (`Set-Cookie`, `Link`); the subscript
/// returns the first value and `values(for:)` all of them.
public struct HTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One header line: the name as sent and its value.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, compared case-insensitively. Setting a value
    /// replaces every field of that name (in the place of the first one);
    /// setting nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[index].value = newValue
                fields = fields.enumerated().filter { $0.offset <= index || !Self.sameName($0.element.name, name) }.map(\.element)
            } else {
                fields.append(Field(name: name, value: newValue))
            }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field after the others, keeping any of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    public var isEmpty: Bool { fields.isEmpty }
    public var count: Int { fields.count }

    /// These headers with `other`'s fields replacing those of the same name.
    public func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for name in other.fields.map(\.name) where merged.contains(name) { merged.remove(name) }
        merged.fields += other.fields
        return merged
    }

    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && lhs.lowercased() == rhs.lowercased()
    }
}

extension HTTPHeaders: Sequence {
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension HTTPHeaders: CustomStringConvertible {
    /// The fields one per line, with credentials (`Authorization`, cookies,
    /// API key headers) replaced by `***`.
    public var description: String {
        fields.map { "\($0.name): \(Redaction.redact(headerValue: $0.value, name: $0.name))" }
            .joined(separator: "\n")
    }
}

extension HTTPHeaders {
    /// One header line as libcurl hands it to the header callback.
    enum Line: Equatable {
        /// `HTTP/1.1 200 OK`: a new response starts (after a redirect or a 100 Continue).
        case statusLine(code: Int?)
        case field(name: String, value: String)
        /// The blank line ending the head, or a line without a colon.
        case ignored
    }

    /// Reads one raw header line; invalid UTF-8 is replaced, never trusted.
    static func parseLine<Bytes: Collection>(_ bytes: Bytes) -> Line where Bytes.Element == UInt8 {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            let code = line.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) }
            return .statusLine(code: code)
        }
        guard let colon = line.firstIndex(of: ":") else { return .ignored }
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        return .field(name: name, value: value)
    }
}
