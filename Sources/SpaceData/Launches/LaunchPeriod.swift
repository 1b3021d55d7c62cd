import Foundation

/// The span a NET stands for when Launch Library knows it only to a quarter,
/// a half, a year, a fiscal year or a decade: far launches (Artemis, Starship)
/// are listed so. Such a NET is no date: it is shown as "Q4 2026", "H2 2026",
/// "2027", "FY2027" or "2030s", never as a month or a day.
///
/// Launch Library names these precisions "Quarter 1" … "Quarter 4" (Q1 … Q4),
/// "Half 1", "Half 2" (H1, H2), "Year" (Y), "Fiscal Year" (FY) and "Decade"
/// (its `/config/netprecision/` list); both the names and the abbreviations are
/// read, and a bare "Quarter" or "Half" takes its number from the NET's month.
/// It puts a coarse NET on the last day of its span (the captures show it for
/// "Month": "2024-10-31T00:00:00Z"), but the span is read from the NET's month,
/// so a NET on the first day reads the same.
public struct LaunchPeriod: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A calendar quarter, 1 to 4.
        case quarter(Int)
        /// A half of the calendar year, 1 or 2.
        case half(Int)
        case year
        /// The US government's fiscal year, which starts on 1 October:
        /// FY2027 is October 2026 to September 2027.
        case fiscalYear
        case decade
    }

    public let kind: Kind
    /// The calendar year of a quarter, half or year; the fiscal year's number
    /// (2027 for FY2027); a decade's first year (2030).
    public let year: Int
    /// The span's first moment and the moment after its last (UTC).
    public let start: Date
    public let end: Date

    /// The span of `net` at `precision`, or nil when the precision is finer
    /// than a quarter (or unknown) or there is no NET.
    public init?(precision: String?, net: Date?) {
        guard let net, let precision, let parsed = Self.kind(of: precision) else { return nil }
        let day = Self.calendar.dateComponents([.year, .month], from: net)
        guard let netYear = day.year, let netMonth = day.month else { return nil }
        let kind: Kind
        let firstMonth: Int, months: Int
        var year = netYear
        switch parsed {
        case .quarter(let number):
            let quarter = number ?? (netMonth - 1) / 3 + 1
            kind = .quarter(quarter)
            (firstMonth, months) = (3 * (quarter - 1) + 1, 3)
        case .half(let number):
            let half = number ?? (netMonth - 1) / 6 + 1
            kind = .half(half)
            (firstMonth, months) = (6 * (half - 1) + 1, 6)
        case .year:
            kind = .year
            (firstMonth, months) = (1, 12)
        case .fiscalYear:
            // October to December belong to the next year's FY.
            if netMonth >= 10 { year += 1 }
            kind = .fiscalYear
            (firstMonth, months) = (10, 12)
        case .decade:
            year -= ((year % 10) + 10) % 10
            kind = .decade
            (firstMonth, months) = (1, 120)
        }
        let startYear = kind == .fiscalYear ? year - 1 : year
        guard let start = Self.calendar.date(from: DateComponents(year: startYear, month: firstMonth, day: 1)),
              let end = Self.calendar.date(byAdding: .month, value: months, to: start) else { return nil }
        self.kind = kind
        self.year = year
        self.start = start
        self.end = end
    }

    /// "Q4 2026", "H2 2026", "2027", "FY2027", "2030s".
    public var label: String {
        switch kind {
        case .quarter(let number): "Q\(number) \(year)"
        case .half(let number): "H\(number) \(year)"
        case .year: "\(year)"
        case .fiscalYear: "FY\(year)"
        case .decade: "\(year)s"
        }
    }

    /// Whether `precision` (Launch Library's name or abbreviation) is a quarter or coarser.
    public static func isCoarse(_ precision: String?) -> Bool {
        precision.flatMap(kind(of:)) != nil
    }

    private enum ParsedKind { case quarter(Int?), half(Int?), year, fiscalYear, decade }

    private static func kind(of precision: String) -> ParsedKind? {
        switch precision.lowercased().trimmingCharacters(in: .whitespaces) {
        case "quarter": .quarter(nil)
        case "quarter 1", "q1": .quarter(1)
        case "quarter 2", "q2": .quarter(2)
        case "quarter 3", "q3": .quarter(3)
        case "quarter 4", "q4": .quarter(4)
        case "half": .half(nil)
        case "half 1", "h1": .half(1)
        case "half 2", "h2": .half(2)
        case "year", "y": .year
        case "fiscal year", "fy": .fiscalYear
        case "decade", "dec": .decade
        default: nil
        }
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

extension Launch {
    /// The span of a NET known only to a quarter or coarser; nil for a finer one.
    public var netPeriod: LaunchPeriod? { LaunchPeriod(precision: netPrecision, net: net) }
}
