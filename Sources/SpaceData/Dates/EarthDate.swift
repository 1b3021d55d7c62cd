/// A calendar date on Earth (UTC), written `YYYY-MM-DD` as Curiosity's feed
/// writes it. Its extension below holds the app's one copy of the
/// civil-calendar arithmetic, which every date reader and writer calls.
public struct EarthDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int { Int(storedYear) }
    public var month: Int { Int(storedMonth) }
    public var day: Int { Int(storedDay) }
    // Small, because a run holds Curiosity's whole mission of sols (4,500+) at once and
    // on this kind of machine each page of memory touched costs more than parsing it.
    private let storedYear: Int32
    private let storedMonth: UInt8
    private let storedDay: UInt8

    /// nil unless the numbers name a real Gregorian date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        storedYear = Int32(year)
        storedMonth = UInt8(month)
        storedDay = UInt8(day)
    }

    /// Parses `YYYY-MM-DD` exactly.
    public init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard let date = utf8.withUnsafeBufferPointer({ EarthDate(bytes: $0) }) else { return nil }
        self = date
    }

    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes, 0..<4), let month = Self.number(bytes, 5..<7),
              let day = Self.number(bytes, 8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` after 1970-01-01 (negative: before).
    public init(daysSince1970 days: Int) {
        let (year, month, day) = Self.civil(fromDays: days)
        storedDay = UInt8(day)
        storedMonth = UInt8(month)
        storedYear = Int32(clamping: year)
    }

    /// Days since 1970-01-01.
    public var daysSince1970: Int {
        Self.days(year: year, month: month, day: day)
    }

    /// The UTC date of an instant given as seconds since 1970.
    public init(secondsSince1970 seconds: Double) {
        self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
    }

    public var description: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
    }

    public static func < (lhs: EarthDate, rhs: EarthDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The days of `month` (1–12) in `year`, proleptic Gregorian.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)  // a few digits: cannot overflow
        }
        return value
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}

// The one copy of the civil-calendar arithmetic: Howard Hinnant's days_from_civil
// and civil_from_days (proleptic Gregorian, any year). Unchecked and allocation-free:
// `LaunchLibraryDate` reads four dates per launch of a million-launch `--file` with it.
extension EarthDate {
    /// Days since 1970-01-01 of a year, month (1–12) and day (1–31), not checked:
    /// a day past the month's end counts on into the next.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day of the date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
