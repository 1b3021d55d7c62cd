import Foundation

/// Reads and writes Launch Library's ISO-8601 UTC timestamps
/// ("2026-07-20T14:49:32Z", optionally with fractional seconds or a numeric
/// offset) without a formatter: decoding a page parses three dates per launch,
/// and a hand-written parser is both faster and free of locale surprises.
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
        let seconds = Int64((date.timeIntervalSince1970).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    private static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        if let seconds = wholeSecondsUTC(bytes) { return Date(timeIntervalSince1970: Double(seconds)) }
        var index = 0
        func number(_ width: Int) -> Int64? {
            guard index + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
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
        var offsetSeconds: Int64 = 0
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
    private static func wholeSecondsUTC(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
              bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for index in start..<start + count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2) else { return nil }
        return seconds(year, month, day, hour, minute, second)
    }

    /// Seconds since 1970 of a UTC date and time, checked (a leap second, :60, is
    /// allowed); nil when no such day or time exists.
    private static func seconds(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64) -> Int64? {
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        return days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days (proleptic Gregorian).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
