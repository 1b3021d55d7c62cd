import Foundation
import SpaceData

/// The words every Curiosity view shares: who measured, where, which sol of
/// which mission, and how old the newest sol is.
enum CuriosityWeatherText {
    static let station = "Curiosity (REMS)"
    static let site = "Gale crater"
    /// Said once under the table and in `--sol`, where InSight would show wind.
    static let noWindOrHumidity = "Curiosity's feed reports no wind or humidity (REMS's wind sensor was damaged at landing)."
    /// New sols usually reach the feed within a week.
    static let staleAfterDays = 7

    /// "Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07".
    static func headline(_ sol: CuriositySol, glyphs: Glyphs) -> String {
        [station, site, "sol \(sol.sol)", "Earth date \(sol.earthDate)"].joined(separator: " \(glyphs.separator) ")
    }

    /// Whole days from the sol's Earth date to today (UTC); 0 on the day itself.
    static func daysOld(_ sol: CuriositySol, now: Date) -> Int {
        EarthDate(secondsSince1970: now.timeIntervalSince1970).daysSince1970 - sol.earthDate.daysSince1970
    }

    /// "latest sol 4801, Earth date 2026-02-07, 12 days ago".
    static func staleness(_ sol: CuriositySol, now: Date) -> String {
        "latest sol \(sol.sol), Earth date \(sol.earthDate), \(ago(daysOld(sol, now: now)))"
    }

    static func ago(_ days: Int) -> String {
        switch days {
        case ..<0: return "dated after today's date (check the clock)"
        case 0: return "today"
        case 1: return "1 day ago"
        default: return "\(days) days ago"
        }
    }

    /// The notice when the newest sol is more than a week old, saying why that
    /// happens; nil when it is recent or when the weather is the bundled sample
    /// (whose own notice says what it is).
    static func behindNotice(_ sol: CuriositySol, origin: DataOrigin, now: Date) -> String? {
        if case .sample = origin { return nil }
        let days = daysOld(sol, now: now)
        guard days > staleAfterDays else { return nil }
        return "Curiosity's feed is behind: its latest sol (\(sol.sol), Earth date \(sol.earthDate)) is \(days) days old. "
            + "New sols arrive days after they are measured, and around a solar conjunction nothing arrives for weeks"
    }

    /// "Mars month 8 · Ls 221° · southern spring (Gale crater is at 4.6° S)".
    static func season(_ sol: CuriositySol, glyphs: Glyphs) -> String {
        var parts: [String] = []
        let month = sol.marsMonth ?? sol.solarLongitude.flatMap(MarsSeason.marsMonth)
        if let month { parts.append("Mars month \(month)") }
        if let ls = sol.solarLongitude {
            parts.append("Ls \(CuriosityFormat.number(ls))\(glyphs.degree)")
            if let season = MarsSeason(solarLongitude: ls, hemisphere: .southern) {
                parts.append("southern \(season.rawValue) (Gale crater is at 4.6\(glyphs.degree) S)")
            }
        }
        return parts.isEmpty ? glyphs.missing : parts.joined(separator: " \(glyphs.separator) ")
    }

    /// Where the weather came from, for the "Source:" line.
    static func source(_ origin: DataOrigin) -> String {
        switch origin {
        case .live(let fetched):
            return "live from NASA's Curiosity (REMS) feed, fetched \(MarsWeatherFormat.minute(fetched))"
        case .cache(let saved, let age):
            return "Curiosity's feed cached \(AgeText.describe(age)) ago (fetched \(MarsWeatherFormat.minute(saved)))"
        case .sample:
            return "the bundled sample: \(CuriositySample.summary)"
        }
    }
}

/// Numbers as Curiosity's feed gives them: whole numbers without a fraction
/// ("-67"), anything else (a converted °F) with one decimal.
enum CuriosityFormat {
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "?" }
        if value == value.rounded() { return String(Int(value)) }
        return MarsWeatherFormat.value(value)
    }

    /// A temperature in the chosen units, in whole degrees.
    static func temperature(_ celsius: Double?, _ units: MarsWeatherUnits) -> Double? {
        // The feed gives whole °C, each 1.8 °F wide: -88.6 °F would claim a precision
        // the sensor never had, so a conversion is rounded to the degree too.
        celsius.map { units.temperature($0).rounded() }.flatMap { $0.isFinite ? $0 : nil }
    }
}
