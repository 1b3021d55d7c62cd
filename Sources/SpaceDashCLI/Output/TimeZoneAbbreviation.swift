import Foundation
import Synchronization

/// The abbreviation the time-zone database gives a zone at a moment ("EDT", "IST",
/// "CET"), as `date` prints it. Foundation on Linux names zones by offset
/// ("GMT-4", "GMT+5:30"), which reads worse and makes a date column wider.
///
/// Read from the zone's TZif file (RFC 8536): of the local time types it lists, the
/// one with the offset and daylight-saving flag Foundation computes for the moment.
/// Zones whose database abbreviation is a number ("-03") keep Foundation's name.
enum TimeZoneAbbreviation {
    static let databaseDirectory = "/usr/share/zoneinfo"

    /// The abbreviation of `zone` at `date`, else nil (no file, no such type, a number).
    static func abbreviation(of zone: TimeZone, at date: Date) -> String? {
        let types = cache.withLock { cached in
            if let types = cached[zone.identifier] { return types }
            let types = localTimeTypes(ofZoneNamed: zone.identifier)
            cached[zone.identifier] = types
            return types
        }
        let offset = zone.secondsFromGMT(for: date)
        let daylight = zone.isDaylightSavingTime(for: date)
        guard let match = types.first(where: { $0.offset == offset && $0.isDaylight == daylight }),
              let first = match.abbreviation.first, first.isLetter else { return nil }
        return match.abbreviation
    }

    struct LocalTimeType: Equatable {
        var offset: Int
        var isDaylight: Bool
        var abbreviation: String
    }

    private static let cache = Mutex<[String: [LocalTimeType]]>([:])

    static func localTimeTypes(ofZoneNamed name: String) -> [LocalTimeType] {
        // An identifier is a path below the database: nothing that climbs out of it.
        guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
              let data = FileManager.default.contents(atPath: databaseDirectory + "/" + name) else { return [] }
        return localTimeTypes(inTZif: [UInt8](data))
    }

    /// The local time types of a TZif file: its version 2+ block when it has one (the
    /// version 1 block of a "slim" file may be empty), else version 1's.
    static func localTimeTypes(inTZif bytes: [UInt8]) -> [LocalTimeType] {
        guard let first = Header(bytes, at: 0) else { return [] }
        if first.version >= UInt8(ascii: "2"), let second = Header(bytes, at: first.end(timeSize: 4)) {
            return second.types(in: bytes, timeSize: 8)
        }
        return first.types(in: bytes, timeSize: 4)
    }

    private struct Header {
        let start: Int
        let version: UInt8
        let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount: Int

        static let size = 44

        init?(_ bytes: [UInt8], at start: Int) {
            guard start >= 0, start + Self.size <= bytes.count, Array(bytes[start ..< start + 4]) == Array("TZif".utf8) else { return nil }
            func count(_ index: Int) -> Int {
                let at = start + 20 + 4 * index
                return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            }
            self.start = start
            version = bytes[start + 4]
            (isUTCCount, isStandardCount, leapCount, timeCount, typeCount, characterCount) =
                (count(0), count(1), count(2), count(3), count(4), count(5))
        }

        /// Where the data block after this header ends.
        func end(timeSize: Int) -> Int {
            start + Self.size + timeCount * timeSize + timeCount + typeCount * 6 + characterCount
                + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
        }

        func types(in bytes: [UInt8], timeSize: Int) -> [LocalTimeType] {
            let typesStart = start + Self.size + timeCount * timeSize + timeCount
            let charactersStart = typesStart + typeCount * 6
            guard typeCount < 256, characterCount < 4096, charactersStart + characterCount <= bytes.count else { return [] }
            let characters = bytes[charactersStart ..< charactersStart + characterCount]
            return (0 ..< typeCount).compactMap { index in
                let at = typesStart + 6 * index
                let offset = Int(Int32(bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16
                    | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])))
                let nameStart = charactersStart + Int(bytes[at + 5])
                guard nameStart < charactersStart + characterCount else { return nil }
                let name = characters[nameStart...].prefix { $0 != 0 }
                // Printable ASCII only: the file is data, and it reaches the terminal.
                guard !name.isEmpty, name.allSatisfy({ (0x21 ... 0x7E).contains($0) }) else { return nil }
                return LocalTimeType(offset: offset, isDaylight: bytes[at + 4] != 0, abbreviation: String(decoding: name, as: UTF8.self))
            }
        }
    }
}
