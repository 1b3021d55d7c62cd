import Foundation

/// What the cache keeps of a page of Launch Library's launches: the launches
/// as decoded, one line each, tab-separated, an empty field for what is
/// absent, after a line with the page's own fields. A fifth of the answer's
/// size or less, and read back without parsing JSON: `launches next`, which
/// status bars run every few seconds, reads it on every run, and decoding ten
/// detailed records was the largest part of that run.
///
///     spacedash launch-page 1
///     364	https://ll.thespacedevs.com/2.3.0/launches/upcoming/?limit=10&offset=10		0
///     e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc	Falcon 9 Block 5 | Starlink Group 17-39	SpaceX	…
///
/// The page's fields: count, next, previous, skipped. A launch's: the order of
/// `encode` below, every field of `Launch`. Text has its backslashes, tabs and
/// line breaks escaped (`\\`, `\t`, `\n`, `\r`); coordinates are a `Double`'s
/// `description` and dates seconds since 1970, both read back to the bit; a
/// live webcast is `1`, else `0`. Empty text reads as absent, as every decoder
/// of Launch Library's answers already reads it.
public enum LaunchPageCompactForm {
    static let header = "spacedash launch-page 1"
    static let pageFieldCount = 4
    static let launchFieldCount = 24

    public struct Damaged: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { line == 0 ? reason : "line \(line): \(reason)" }
    }

    /// Whether `data` is in this form: an entry that is not was cached by an
    /// earlier spacedash, as Launch Library sent it.
    public static func holds(_ data: Data) -> Bool {
        data.starts(with: header.utf8)
    }

    public static func encode(_ page: LaunchPage) -> Data {
        var text = header + "\n"
        text.reserveCapacity(page.launches.count * 400)
        text += [page.count.map(String.init) ?? "", escaped(page.next), escaped(page.previous), String(page.skipped)]
            .joined(separator: "\t") + "\n"
        for launch in page.launches {
            let fields: [String] = [
                escaped(launch.id), escaped(launch.name),
                escaped(launch.agencyName), escaped(launch.agencyAbbreviation), escaped(launch.agencyType),
                escaped(launch.missionName), escaped(launch.missionType), escaped(launch.missionDescription),
                escaped(launch.orbitName), escaped(launch.orbitAbbreviation),
                escaped(launch.padName), escaped(launch.locationName), escaped(launch.countryCode),
                launch.latitude.map(\.description) ?? "", launch.longitude.map(\.description) ?? "",
                seconds(launch.net), escaped(launch.netPrecision), seconds(launch.windowStart), seconds(launch.windowEnd),
                escaped(launch.statusName), escaped(launch.statusAbbreviation), escaped(launch.rocketName),
                launch.webcastLive ? "1" : "0", seconds(launch.lastUpdated),
            ]
            text += fields.joined(separator: "\t") + "\n"
        }
        return Data(text.utf8)
    }

    public static func decode(_ data: Data) throws(Damaged) -> LaunchPage {
        let result: Result<LaunchPage, Damaged> = data.withUnsafeBytes { raw in
            do throws(Damaged) {
                return .success(try decode(bytes: raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: - Writing

    private static func escaped(_ text: String?) -> String {
        guard let text else { return "" }
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for character in text.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Whole seconds as an integer (every date Launch Library sends), others as a `Double`.
    private static func seconds(_ date: Date?) -> String {
        guard let seconds = date?.timeIntervalSince1970 else { return "" }
        if seconds.rounded() == seconds, abs(seconds) < 1e15 { return String(Int64(seconds)) }
        return seconds.description
    }

    // MARK: - Reading

    /// One pass over the bytes, each field made a value where it lies.
    static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(Damaged) -> LaunchPage {
        let newline = UInt8(ascii: "\n")
        let headerEnd = bytes.firstIndex(of: newline) ?? bytes.count
        guard UnsafeBufferPointer(rebasing: bytes[..<headerEnd]).elementsEqual(header.utf8) else {
            throw Damaged(line: 0, reason: "not a cached page of launches")
        }
        guard bytes.last == newline else {
            throw Damaged(line: bytes.count { $0 == newline } + 1, reason: "the last line is cut short")
        }
        var lines = Lines(bytes: bytes, position: headerEnd + 1)
        guard var fields = try lines.next(expecting: pageFieldCount) else {
            throw Damaged(line: 2, reason: "the page's line is missing")
        }
        let count = try fields.integer("count")
        let next = fields.text()
        let previous = fields.text()
        guard let skipped = try fields.integer("skipped") else { throw fields.damaged("skipped is missing") }
        var launches: [Launch] = []
        launches.reserveCapacity(bytes.count / 400)
        while var fields = try lines.next(expecting: launchFieldCount) {
            guard let id = fields.text(), let name = fields.text() else { throw fields.damaged("a launch without an id or a name") }
            launches.append(Launch(
                id: id, name: name,
                agencyName: fields.text(), agencyAbbreviation: fields.text(), agencyType: fields.text(),
                missionName: fields.text(), missionType: fields.text(), missionDescription: fields.text(),
                orbitName: fields.text(), orbitAbbreviation: fields.text(),
                padName: fields.text(), locationName: fields.text(), countryCode: fields.text(),
                latitude: try fields.number("latitude"), longitude: try fields.number("longitude"),
                net: try fields.date("net"), netPrecision: fields.text(),
                windowStart: try fields.date("window start"), windowEnd: try fields.date("window end"),
                statusName: fields.text(), statusAbbreviation: fields.text(), rocketName: fields.text(),
                webcastLive: try fields.flag("webcast"), lastUpdated: try fields.date("last update")
            ))
        }
        return LaunchPage(count: count, next: next, previous: previous, launches: launches, skipped: skipped)
    }

    /// The lines after the header, each split into its fields.
    private struct Lines {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        var number = 1

        /// The next line's fields, checked to be `count`; nil at the end.
        mutating func next(expecting count: Int) throws(Damaged) -> Fields? {
            guard position < bytes.count else { return nil }
            number += 1
            let start = position
            var tabs = 0
            while bytes[position] != UInt8(ascii: "\n") {  // the last byte is a newline
                if bytes[position] == UInt8(ascii: "\t") { tabs += 1 }
                position += 1
            }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<position])
            position += 1
            guard tabs == count - 1 else {
                throw Damaged(line: number, reason: "\(tabs + 1) fields instead of \(count)")
            }
            return Fields(line: line, number: number)
        }
    }

    /// A line's fields, read in order.
    private struct Fields {
        let line: UnsafeBufferPointer<UInt8>
        let number: Int
        var position = 0

        init(line: UnsafeBufferPointer<UInt8>, number: Int) {
            self.line = line
            self.number = number
        }

        func damaged(_ reason: String) -> Damaged {
            Damaged(line: number, reason: reason)
        }

        /// The next field's bytes (the line has been counted: one is always there).
        private mutating func field() -> UnsafeBufferPointer<UInt8> {
            let start = position
            while position < line.count && line[position] != UInt8(ascii: "\t") { position += 1 }
            let field = UnsafeBufferPointer(rebasing: line[start..<position])
            position += 1
            return field
        }

        /// Text, its escapes read; nil when empty.
        mutating func text() -> String? {
            let bytes = field()
            guard !bytes.isEmpty else { return nil }
            guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
            var unescaped: [UInt8] = []
            unescaped.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                    unescaped.append(byte)
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "t"): unescaped.append(0x09)
                case UInt8(ascii: "n"): unescaped.append(0x0A)
                case UInt8(ascii: "r"): unescaped.append(0x0D)
                default: unescaped.append(bytes[index])
                }
                index += 1
            }
            return String(decoding: unescaped, as: UTF8.self)
        }

        mutating func integer(_ name: String) throws(Damaged) -> Int? {
            let bytes = field()
            guard !bytes.isEmpty else { return nil }
            guard let value = Int(String(decoding: bytes, as: UTF8.self)) else { throw damaged("\(name) is not a whole number") }
            return value
        }

        mutating func number(_ name: String) throws(Damaged) -> Double? {
            let bytes = field()
            guard !bytes.isEmpty else { return nil }
            guard let value = ExactDecimal.double(bytes), value.isFinite else { throw damaged("\(name) is not a number") }
            return value
        }

        mutating func date(_ name: String) throws(Damaged) -> Date? {
            guard let seconds = try number(name) else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }

        mutating func flag(_ name: String) throws(Damaged) -> Bool {
            let bytes = field()
            guard bytes.count == 1, bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "0") else {
                throw damaged("\(name) is neither 1 nor 0")
            }
            return bytes[0] == UInt8(ascii: "1")
        }
    }
}
