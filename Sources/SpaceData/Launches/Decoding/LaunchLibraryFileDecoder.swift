import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a saved Launch Library response (`--file`) of any size as a stream
/// of records: the file is read in chunks, the envelope and the `results`
/// array are walked by `ChunkedJSONReader`, and each launch is checked and
/// decoded alone, in one walk over its bytes in place, by `LaunchRecordDecoder`
/// (`LaunchLibraryDecoder`'s tolerant rules without `JSONDecoder`'s cost per
/// record). Memory holds the launches
/// decoded so far and one chunk, never the whole document as a tree, so the
/// time and memory of a load grow in step with the number of launches.
///
/// Accepts what `LaunchLibraryDecoder.decodePage` accepts, with the same
/// results; broken JSON anywhere is one error naming its byte offset.
public enum LaunchLibraryFileDecoder {
    /// Why a file gave no launches.
    public enum Failure: Error, Equatable {
        /// The file could not be opened or read: `reason` says why, for a person.
        case unreadable(reason: String)
        case notLaunches(LaunchLibraryError)
        /// spacedash's own dashboard JSON (Mars weather beside launches), which is no
        /// Launch Library response and no list of launches.
        case spacedashDashboard
    }

    /// The launches of the file at `path`.
    public static func decode(contentsOf path: String) throws(Failure) -> LaunchPage {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(reason: reason(errno)) }
        defer { close(descriptor) }
        return try decode(readingToEndOf: descriptor)
    }

    /// The launches read from `descriptor` to its end, in chunks as a file is
    /// (standard input, for a response piped in); the descriptor is left open.
    public static func decode(readingToEndOf descriptor: Int32) throws(Failure) -> LaunchPage {
        var reader = ChunkedJSONReader { (buffer: inout [UInt8]) throws(JSONReadError) -> Bool in
            try read(descriptor, appendingTo: &buffer)
        }
        do throws(WalkError) {
            return try decode(&reader, sharesNames: true, launchesAtMost: launchesAtMost(in: descriptor))
        } catch {
            switch error {
            case .unreadable(let code): throw .unreadable(reason: reason(code))
            case .syntax(let error): throw .notLaunches(.malformedJSON(offset: error.offset, expected: error.expected))
            case .launches(let error): throw .notLaunches(error)
            case .spacedashDashboard: throw .spacedashDashboard
            }
        }
    }

    /// The launches of `bytes`, read the same way (for tests and small inputs).
    public static func decode(bytes: [UInt8]) throws(LaunchLibraryError) -> LaunchPage {
        var reader = ChunkedJSONReader(bytes: bytes)
        do throws(WalkError) {
            return try decode(&reader, sharesNames: true)
        } catch {
            switch error {
            case .syntax(let error): throw .malformedJSON(offset: error.offset, expected: error.expected)
            case .launches(let error): throw error
            case .unreadable: throw .notJSON(prefix: "")  // memory cannot fail to read
            case .spacedashDashboard: throw .unexpectedShape("it is spacedash's dashboard JSON")
            }
        }
    }

    /// The page of `data` when it is a list of launches (an envelope with a
    /// `results` list, or a bare array), read record by record as a file is;
    /// nil for anything else and for any error, which `decodePage` then reads
    /// with `JSONDecoder` and explains. Pages are decoded on every start-up that
    /// lists launches (`launches next` from the cache), where `JSONDecoder`'s
    /// first use of each type cost more than the rest of the run.
    static func recordsPage(_ data: Data) -> LaunchPage? {
        var reader = ChunkedJSONReader(bytes: Array(data))
        return try? decode(&reader, objectsWithoutResults: false)
    }

    // MARK: - The walk

    private enum WalkError: Error {
        case syntax(JSONSyntaxError)
        case unreadable(Int32)
        case launches(LaunchLibraryError)
        case spacedashDashboard

        init(_ error: JSONReadError) {
            switch error {
            case .syntax(let syntax): self = .syntax(syntax)
            case .unreadable(let code): self = .unreadable(code)
            }
        }
    }

    /// - Parameter objectsWithoutResults: whether an object without a `results`
    ///   list (an error body, one launch) is read whole by `decodePage` (else it fails).
    /// - Parameter sharesNames: whether the launches share the names they repeat
    ///   (`RepeatedText`): for files, not for a page of at most a hundred, where
    ///   setting it up costs `launches next` more than it saves.
    /// - Parameter launchesAtMost: how many launches the input may hold, when its
    ///   size is known: the envelope's `count` reserves room for that many, no
    ///   more, so a wrong count cannot ask for room far beyond the file's size.
    private static func decode(_ reader: inout ChunkedJSONReader, objectsWithoutResults: Bool = true,
                               sharesNames: Bool = false, launchesAtMost: Int = 0) throws(WalkError) -> LaunchPage {
        do {
            let page: LaunchPage
            // The byte order mark some editors write first (RFC 8259 §8.1 lets a reader ignore it).
            if try reader.upcoming(3) == [0xEF, 0xBB, 0xBF] { for _ in 0..<3 { reader.advance() } }
            switch try reader.peekNonWhitespace() {
            case nil:
                throw WalkError.launches(.notJSON(prefix: ""))
            case UInt8(ascii: "["):
                var records = RecordDecoder(topLevel: true, sharesNames: sharesNames)
                try records.decodeArray(&reader)
                page = try records.page(count: nil, next: nil, previous: nil)
            case UInt8(ascii: "{"):
                page = try decodeObject(&reader, objectsWithoutResults: objectsWithoutResults, sharesNames: sharesNames,
                                        launchesAtMost: launchesAtMost)
            case let first? where Self.startsScalar(first):
                // `null`, `"text"`, `42`: JSON when it is one whole value, but nothing that
                // holds launches; anything else (`not found`) is text, shown by its start.
                let upcoming = Data(try reader.upcoming(256))
                let isOneValue = (try? reader.skipValue()).flatMap { try? reader.peekNonWhitespace() == nil } ?? false
                throw WalkError.launches(isOneValue
                    ? .unexpectedShape("the whole document is one value, \(LaunchLibraryDecoder.prefix(of: upcoming))")
                    : .notJSON(startingWith: upcoming))
            default:
                throw WalkError.launches(.notJSON(startingWith: Data(try reader.upcoming(256))))
            }
            if try reader.peekNonWhitespace() != nil { throw reader.syntaxError("the end of the file") }
            return page
        } catch let error as WalkError {
            throw error
        } catch let error as JSONReadError {
            throw WalkError(error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// Whether a JSON document starting with `byte` is a string, a number, true, false or null.
    private static func startsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): true
        default: false
        }
    }

    /// The envelope (`count`, `next`, `previous`, `results`), streaming its
    /// `results`; an object without them (an error body, one launch) is small
    /// and goes to `LaunchLibraryDecoder` whole.
    private static func decodeObject(_ reader: inout ChunkedJSONReader, objectsWithoutResults: Bool, sharesNames: Bool,
                                     launchesAtMost: Int) throws -> LaunchPage {
        let objectStart = reader.offset
        reader.retain(from: objectStart)
        reader.advance()  // {
        var records: RecordDecoder?
        var count: Int?
        var next: String?
        var previous: String?
        var resultsIsNotAList = false
        var keys: Set<String> = []
        if try reader.peekNonWhitespace() == UInt8(ascii: "}") {
            reader.advance()
        } else {
            while true {
                let key = try reader.readString()
                try reader.expect(UInt8(ascii: ":"), "':'")
                keys.insert(key)
                if key == "launches", records == nil, try reader.peekNonWhitespace() == UInt8(ascii: "[") {
                    // spacedash's own `launches --json`: {"source": …, "launches": [its records]}.
                    reader.release()
                    var decoder = RecordDecoder(topLevel: true, sharesNames: sharesNames)
                    try decoder.decodeArray(&reader)
                    records = decoder
                } else if key == "results", try reader.peekNonWhitespace() == UInt8(ascii: "[") {
                    reader.release()  // from here on only records are kept, one at a time
                    var decoder = RecordDecoder(topLevel: false, sharesNames: sharesNames)
                    // Room for them all at once: a million launches grown by doubling
                    // copy 376 MB of them and leave a quarter of the room unused.
                    if let count, count > 0 { decoder.launches.reserveCapacity(min(count, launchesAtMost)) }
                    try decoder.decodeArray(&reader)
                    records = decoder
                } else if ["count", "next", "previous"].contains(key) || (key == "results" && records == nil) {
                    let start = reader.offset
                    let keeping = records != nil
                    if keeping { reader.retain(from: start) }
                    try reader.skipValue()
                    let value = reader.bytes(from: start)
                    if keeping { reader.release() }
                    switch key {
                    case "count": count = lenientCount(value)
                    case "next": next = lenientText(value)
                    case "previous": previous = lenientText(value)
                    default: resultsIsNotAList = value.filter { $0 > 0x20 } != Data("null".utf8)
                    }
                } else {
                    try reader.skipValue()
                }
                if try reader.peekNonWhitespace() == UInt8(ascii: ",") {
                    reader.advance()
                } else {
                    try reader.expect(UInt8(ascii: "}"), "',' or '}'")
                    break
                }
            }
        }
        if let records {
            return try records.page(count: count, next: next, previous: previous)
        }
        if resultsIsNotAList || !objectsWithoutResults {
            throw WalkError.launches(.unexpectedShape("\"results\" is not a list"))
        }
        // `spacedash --json`: its two panels, and no "results".
        if keys.isSuperset(of: ["launches", "mars_weather"]) {
            throw WalkError.spacedashDashboard
        }
        // No results: an error body or a single launch, which fits in memory.
        do {
            return try LaunchLibraryDecoder.decodeWithJSONDecoder(reader.bytes(from: objectStart))
        } catch {
            throw WalkError.launches(error)
        }
    }

    // The envelope's values are read by hand, not by `JSONDecoder`: a page is decoded
    // on every run that lists launches, and three small decodes cost ~180 K instructions.

    /// A whole number, else nil (null, text, a fraction…).
    private static func lenientCount(_ value: Data) -> Int? {
        let digits = value.filter { $0 > 0x20 }
        guard !digits.isEmpty, digits.count <= 18,
              digits.enumerated().allSatisfy({ $0.element >= 0x30 && $0.element <= 0x39 || ($0.offset == 0 && $0.element == 0x2D) })
        else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// A JSON string, its escapes read, else nil (null, a number…).
    private static func lenientText(_ value: Data) -> String? {
        value.withUnsafeBytes { raw -> String? in
            var reader = JSONByteReader(raw.assumingMemoryBound(to: UInt8.self))
            guard (try? reader.peekKind()) == .string, let token = try? reader.readStringToken() else { return nil }
            reader.skipWhitespace()
            return reader.isAtEnd ? reader.string(token) : nil
        }
    }

    /// Decodes the records of an array one at a time.
    private struct RecordDecoder {
        /// A top-level array may be spacedash's own `--json` output; a `results` array never is.
        let topLevel: Bool
        var isSpacedashOutput = false
        var launches: [Launch] = []
        var skipped = 0
        var seen = 0
        /// Only for spacedash's own output (a top-level array), not made for pages.
        lazy var decoder = JSONDecoder()
        /// The names the launches repeat, shared across the array's records.
        let repeatedText: RepeatedText?

        init(topLevel: Bool, sharesNames: Bool) {
            self.topLevel = topLevel
            repeatedText = sharesNames ? RepeatedText() : nil
        }

        mutating func decodeArray(_ reader: inout ChunkedJSONReader) throws {
            reader.advance()  // [
            if try reader.peekNonWhitespace() == UInt8(ascii: "]") {
                reader.advance()
                return
            }
            while true {
                _ = try reader.peekNonWhitespace()
                let start = reader.offset
                reader.retain(from: start)
                let isLaunch: Bool
                if topLevel && (seen == 0 || isSpacedashOutput) {
                    let launch = try decodeTopLevelRecord(&reader, from: start)
                    if let launch { launches.append(launch) }
                    isLaunch = launch != nil
                } else {
                    isLaunch = try Self.decodeRecord(&reader, from: start, repeatedText: repeatedText, appendingTo: &launches)
                }
                seen += 1
                if !isLaunch { skipped += 1 }
                reader.release()
                if try reader.peekNonWhitespace() == UInt8(ascii: ",") {
                    reader.advance()
                } else {
                    try reader.expect(UInt8(ascii: "]"), "',' or ']'")
                    return
                }
            }
        }

        /// A record of a top-level array, which may be spacedash's own output:
        /// the first says which, and spacedash's records go through `JSONDecoder`.
        private mutating func decodeTopLevelRecord(_ reader: inout ChunkedJSONReader, from start: Int) throws -> Launch? {
            try reader.skipValue()
            if seen == 0 {
                isSpacedashOutput = (try? decoder.decode(SpacedashLaunchProbe.self, from: reader.bytes(from: start)))?.isSpacedashLaunch == true
            }
            if isSpacedashOutput {
                return try? decoder.decode(Launch.self, from: reader.bytes(from: start))
            }
            return reader.withBytes(from: start) { (try? LaunchRecordDecoder.read($0, repeatedText: repeatedText))?.launch }
        }

        /// The record at `start`, checked and decoded in one walk over the bytes
        /// in memory. When they end inside it, more of the file is read and the
        /// walk starts again: once a chunk, as records are far smaller than chunks.
        private static func decodeRecord(_ reader: inout ChunkedJSONReader, from start: Int, repeatedText: RepeatedText?,
                                         appendingTo launches: inout [Launch]) throws(JSONReadError) -> Bool {
            while true {
                let read = reader.withBytesInMemory(from: start) { bytes in
                    Result { () throws(JSONByteReader.Failure) in
                        try LaunchRecordDecoder.read(bytes, repeatedText: repeatedText, appendingTo: &launches)
                    }
                }
                switch read {
                case .success(let record):
                    reader.move(to: start + record.length)
                    return record.isLaunch
                case .failure(.truncated):
                    if try reader.readMore() { continue }
                case .failure(.malformed):
                    break
                }
                // Not JSON: walked again by the syntax check, which names the first
                // wrong byte and what was expected there, as for the rest of the file.
                reader.move(to: start)
                try reader.skipValue()
                return false  // cannot happen (both follow RFC 8259); not a launch if it does
            }
        }

        func page(count: Int?, next: String?, previous: String?) throws(WalkError) -> LaunchPage {
            if launches.isEmpty && skipped > 0 {
                throw .launches(.unexpectedShape(isSpacedashOutput
                    ? "none of its \(skipped) objects is a launch with an id and a name"
                    : "none of its \(skipped) results is a launch with an id and a name"))
            }
            return LaunchPage(count: count, next: next.flatMap(nonBlank), previous: previous.flatMap(nonBlank), launches: launches, skipped: skipped)
        }
    }

    /// nil for "" or whitespace alone, as `LaunchLibraryDecoder` reads `next` and `previous`.
    private static func nonBlank(_ text: String) -> String? {
        text.allSatisfy(\.isWhitespace) ? nil : text
    }

    // MARK: - The file

    private static let chunkSize = 1 << 20

    /// Fewer bytes than any real launch takes (the smallest in `../shared/data`,
    /// a 2.2.0 list-mode record, is 920): a file of smaller ones still loads,
    /// its array grown as it fills rather than reserved.
    private static let smallestLaunchBytes = 512

    /// How many launches a regular file may hold, from its size; 0 for a pipe
    /// or anything else whose size is not known ahead.
    private static func launchesAtMost(in descriptor: Int32) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(status.st_size) / smallestLaunchBytes
    }

    /// Appends up to a chunk of the file; false at its end.
    private static func read(_ descriptor: Int32, appendingTo buffer: inout [UInt8]) throws(JSONReadError) -> Bool {
        let start = buffer.count
        buffer.reserveCapacity(start + chunkSize)
        var count = 0
        var failure: Int32 = 0
        buffer.append(contentsOf: repeatElement(0, count: chunkSize))
        buffer.withUnsafeMutableBytes { bytes in
            while true {
                count = Glibc.read(descriptor, bytes.baseAddress! + start, chunkSize)
                if count >= 0 || errno != EINTR { break }
            }
            if count < 0 { failure = errno }
        }
        buffer.removeLast(chunkSize - max(count, 0))
        if count < 0 { throw .unreadable(failure) }
        return count > 0
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EISDIR: return "it is a directory"
        default: return "permission denied or unreadable"
        }
    }
}

extension ChunkedJSONReader {
    fileprivate func syntaxError(_ expected: String) -> JSONReadError {
        .syntax(JSONSyntaxError(offset: offset, expected: expected))
    }
}
