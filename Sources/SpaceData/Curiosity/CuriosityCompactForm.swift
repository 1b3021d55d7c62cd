import Foundation

/// What the cache keeps of Curiosity's feed: the decoded sols, one line each,
/// tab-separated, an empty field for what was not measured. About a fifteenth
/// of the feed's size, and read back without parsing JSON, so a run from the
/// cache does not re-read megabytes.
///
///     spacedash curiosity-sols 1
///     4801	2026-02-07	221	8	-67	2	-83	12	807	Moderate	05:23	17:34
///
/// Fields: sol, Earth date, Ls, Mars month, air low, air high, ground low,
/// ground high, pressure, UV index, sunrise, sunset. Read back through the
/// feed decoder's own value rules, so a damaged entry cannot smuggle in what
/// the feed could not.
public enum CuriosityCompactForm {
    static let header = "spacedash curiosity-sols 1"
    static let fieldCount = 12

    public struct Damaged: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { line == 0 ? reason : "line \(line): \(reason)" }
    }

    public static func encode(_ feed: CuriosityFeed) -> Data {
        var text = header + "\n"
        text.reserveCapacity(feed.sols.count * 48)
        for sol in feed.sols {
            let fields: [String] = [
                String(sol.sol), sol.earthDate.description, number(sol.solarLongitude), sol.marsMonth.map(String.init) ?? "",
                number(sol.airTemperature.low), number(sol.airTemperature.high),
                number(sol.groundTemperature.low), number(sol.groundTemperature.high),
                number(sol.pressure), sol.uvIndex?.rawValue ?? "", time(sol.sunrise), time(sol.sunset),
            ]
            text += fields.joined(separator: "\t")
            text += "\n"
        }
        return Data(text.utf8)
    }

    public static func decode(_ data: Data) throws(Damaged) -> CuriosityFeed {
        let result: Result<CuriosityFeed, Damaged> = data.withUnsafeBytes { raw in
            do throws(Damaged) {
                return .success(try decode(bytes: raw.bindMemory(to: UInt8.self)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// One pass over the bytes, no array per line or field: a warm-cache run
    /// reads the whole mission (4,500+ sols) before showing seven of them, and
    /// splitting into arrays cost more than the rest of the run together.
    static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(Damaged) -> CuriosityFeed {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t")
        let headerEnd = bytes.firstIndex(of: newline) ?? bytes.count
        guard UnsafeBufferPointer(rebasing: bytes[..<headerEnd]).elementsEqual(header.utf8) else {
            throw Damaged(line: 0, reason: "not a cached list of Curiosity sols")
        }
        guard bytes.last == newline else {
            throw Damaged(line: bytes.count { $0 == newline } + 1, reason: "the last line is cut short")
        }
        // Where each field of the current line starts; its end is the next start - 1.
        let starts = UnsafeMutableBufferPointer<Int>.allocate(capacity: fieldCount + 1)
        defer { starts.deallocate() }
        var sols: [CuriositySol] = []
        sols.reserveCapacity(bytes.count / 48)
        var position = headerEnd + 1
        var line = 1
        while position < bytes.count {
            line += 1
            var fields = 1
            starts[0] = position
            while bytes[position] != newline {  // the last byte is a newline
                if bytes[position] == tab {
                    if fields < fieldCount { starts[fields] = position + 1 }
                    fields += 1
                }
                position += 1
            }
            guard fields == fieldCount else { throw Damaged(line: line, reason: "\(fields) fields instead of \(fieldCount)") }
            starts[fieldCount] = position + 1
            position += 1
            sols.append(try sol(from: bytes, starts: starts, line: line))
        }
        guard !sols.isEmpty else { throw Damaged(line: 0, reason: "no sols") }
        return CuriosityFeed(sols: sols)
    }

    /// The sol of one line, its fields starting at `starts` (and ending before the next).
    private static func sol(from bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<Int>, line: Int) throws(Damaged) -> CuriositySol {
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[starts[index] ..< starts[index + 1] - 1])
        }
        func optional<T>(_ index: Int, _ name: String, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) throws(Damaged) -> T? {
            let text = field(index)
            guard !text.isEmpty else { return nil }
            guard let value = parse(text) else { throw Damaged(line: line, reason: "\(name) is not readable") }
            return value
        }
        func temperature(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
            CuriosityDecoder.reading(text, within: PlausibleReading.temperature)
        }
        guard let number = CuriosityDecoder.integer(field(0)), number >= 0 else { throw Damaged(line: line, reason: "no sol number") }
        guard let date = EarthDate(bytes: field(1)) else { throw Damaged(line: line, reason: "no Earth date") }
        return CuriositySol(
            sol: number, earthDate: date,
            solarLongitude: try optional(2, "Ls") { CuriosityDecoder.reading($0, within: 0..<360) },
            marsMonth: try optional(3, "the Mars month") { CuriosityDecoder.integer($0).flatMap { (1...12).contains($0) ? $0 : nil } },
            airTemperature: TemperatureExtremes(low: try optional(4, "the air low", temperature), high: try optional(5, "the air high", temperature)),
            groundTemperature: TemperatureExtremes(low: try optional(6, "the ground low", temperature), high: try optional(7, "the ground high", temperature)),
            pressure: try optional(8, "the pressure") { CuriosityDecoder.reading($0, within: PlausibleReading.pressure) },
            uvIndex: try optional(9, "the UV index") { UVIndex(bytes: $0) },
            sunrise: try optional(10, "the sunrise") { MarsLocalTime(bytes: $0) },
            sunset: try optional(11, "the sunset") { MarsLocalTime(bytes: $0) }
        )
    }

    /// Whole numbers without a fraction (the feed's own form), others as Swift writes them.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    static func time(_ time: MarsLocalTime?) -> String {
        guard let time else { return "" }
        guard let second = time.second else { return time.description }
        return time.description + ":" + EarthDate.pad(second, 2)
    }
}
