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

    static func decode(bytes: UnsafeBufferPointer<UInt8>) throws(Damaged) -> CuriosityFeed {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let first = lines.first, first.elementsEqual(header.utf8) else {
            throw Damaged(line: 0, reason: "not a cached list of Curiosity sols")
        }
        guard lines.last?.isEmpty == true else { throw Damaged(line: lines.count, reason: "the last line is cut short") }
        lines.removeLast()
        var sols: [CuriositySol] = []
        sols.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard fields.count == fieldCount else { throw Damaged(line: index + 1, reason: "\(fields.count) fields instead of \(fieldCount)") }
            func bytes(_ field: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: fields[field]) }
            func optional<T>(_ field: Int, _ name: String, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) throws(Damaged) -> T? {
                let text = bytes(field)
                guard !text.isEmpty else { return nil }
                guard let value = parse(text) else { throw Damaged(line: index + 1, reason: "\(name) is not readable") }
                return value
            }
            guard let number = CuriosityDecoder.integer(bytes(0)), number >= 0 else { throw Damaged(line: index + 1, reason: "no sol number") }
            guard let date = EarthDate(bytes: bytes(1)) else { throw Damaged(line: index + 1, reason: "no Earth date") }
            let temperature = { (text: UnsafeBufferPointer<UInt8>) in CuriosityDecoder.reading(text, within: PlausibleReading.temperature) }
            sols.append(CuriositySol(
                sol: number, earthDate: date,
                solarLongitude: try optional(2, "Ls") { CuriosityDecoder.reading($0, within: 0..<360) },
                marsMonth: try optional(3, "the Mars month") { CuriosityDecoder.integer($0).flatMap { (1...12).contains($0) ? $0 : nil } },
                airTemperature: TemperatureExtremes(low: try optional(4, "the air low", temperature), high: try optional(5, "the air high", temperature)),
                groundTemperature: TemperatureExtremes(low: try optional(6, "the ground low", temperature), high: try optional(7, "the ground high", temperature)),
                pressure: try optional(8, "the pressure") { CuriosityDecoder.reading($0, within: PlausibleReading.pressure) },
                uvIndex: try optional(9, "the UV index") { UVIndex(bytes: $0) },
                sunrise: try optional(10, "the sunrise") { MarsLocalTime(bytes: $0) },
                sunset: try optional(11, "the sunset") { MarsLocalTime(bytes: $0) }
            ))
        }
        guard !sols.isEmpty else { throw Damaged(line: 0, reason: "no sols") }
        return CuriosityFeed(sols: sols)
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
