import Foundation

/// Reads and writes Launch Library's ISO-8601 UTC timestamps
/// ("2026-07-20T14:49:32Z", optionally with fractional seconds or a numeric
/// offset) without a formatter: decoding a page parses three dates per launch,
/// and a hand-written parser is both faster and free of locale surprises.
/// InSight's timestamps and `SPACEDASH_NOW` are read with it too; the calendar
/// arithmetic is `EarthDate`'s.
public enum LaunchLibraryDate {
    /// The date in `text`, or nil when it is not an ISO-8601 date-time.
    /// A timestamp without a zone is taken as UTC, as the API always means UTC.
    public static func date(from text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// `date(from:)` for the UTF-8 bytes of the text.
    static func date(utf8 bytes: UnsafeRawBufferPointer) -> Date? {
        parse(bytes)
    }

    /// "2026-07-20T14:49:32Z": whole seconds, UTC.
    public static func string(from date: Date) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = EarthDate.civil(fromDays: days)
        let pad = EarthDate.pad
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        if let seconds = wholeSecondsUTC(bytes) { return Date(timeIntervalSince1970: Double(seconds)) }
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<width {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += width
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
              index < bytes.count, bytes[index] == 0x54 || bytes[index] == 0x74 || bytes[index] == 0x20
        else { return nil }
        index += 1
        guard let hour = number(2), expect(0x3A), let minute = number(2), expect(0x3A), let second = number(2),
              let local = seconds(year, month, day, hour, minute, second)
        else { return nil }
        var fraction = 0.0
        if expect(0x2E) {
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == 0x5A || sign == 0x7A {  // Z
                index += 1
            } else if sign == 0x2B || sign == 0x2D {  // + or -
                index += 1
                guard let offsetHours = number(2) else { return nil }
                _ = expect(0x3A)
                guard let offsetMinutes = number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
                offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == 0x2B ? 1 : -1)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: Double(local - offsetSeconds) + fraction)
    }

    /// "2026-07-20T14:49:32Z", the form Launch Library sends for nearly every
    /// date, read at fixed places: a million-launch `--file` parses four million
    /// dates. Nil for any other form (and for a broken one), which `parse` reads.
    private static func wholeSecondsUTC(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
              bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<start + count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2) else { return nil }
        return seconds(year, month, day, hour, minute, second)
    }

    /// Seconds since 1970 of a UTC date and time, checked (a leap second, :60, is
    /// allowed); nil when no such day or time exists.
    private static func seconds(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int) -> Int? {
        guard (1...12).contains(month), (1...EarthDate.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        return EarthDate.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    }
}
