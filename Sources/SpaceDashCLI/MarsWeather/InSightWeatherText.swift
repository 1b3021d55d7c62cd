import Foundation
import SpaceData

/// The words InSight's views share.
enum InSightWeatherText {
    /// Where the weather came from, for the "Source:" line and the JSON's description.
    static func source(_ origin: DataOrigin) -> String {
        switch origin {
        case .live(let fetched):
            return "live from NASA's InSight feed, fetched \(MarsWeatherFormat.minute(fetched))"
        case .cache(let saved, let age):
            return "cached \(AgeText.describe(age)) ago (fetched \(MarsWeatherFormat.minute(saved)))"
        case .sample:
            return "the bundled sample: \(InSightSample.summary)"
        }
    }

    static let station = "InSight"
    static let site = "Elysium Planitia"
    /// The highest sol InSight reported weather for; a higher number is another mission's.
    static let lastWeatherSol = 1_400

    /// "InSight · Elysium Planitia · sol 681 · Earth date 2020-10-25".
    static func headline(_ sol: InSightSol, glyphs: Glyphs) -> String {
        [station, site, "sol \(sol.sol)", "Earth date \(MarsWeatherFormat.day(sol.firstUTC))"].joined(separator: " \(glyphs.separator) ")
    }

    /// "latest sol 681, 5 years ago: an archive, InSight's mission ended in December 2022".
    static func age(_ sol: InSightSol, now: Date) -> String {
        let days = Int((now.timeIntervalSince(sol.firstUTC) / 86_400).rounded(.down))
        let ago = days >= 730 ? "\(days / 365) years ago" : days == 1 ? "1 day ago" : days >= 0 ? "\(days) days ago" : "dated after today's date (check the clock)"
        return "latest sol \(sol.sol), \(ago): an archive, InSight's mission ended in December 2022"
    }
}

