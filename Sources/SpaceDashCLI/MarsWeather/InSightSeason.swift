import Foundation
import SpaceData

/// The one season of an InSight sol, the same in every view (table, rows,
/// JSON, the sol in detail, the dashboard): the north's, where InSight is
/// (4.5° N), from the solar longitude at the sol's local mean noon
/// (`MarsClock`, `MarsMissionClock.insight`).
///
/// NASA's feed labels its sols too, but its `Season` says "fall" while the
/// north is in winter (sols 675–681, Ls 299–303) and its `Northern_season`
/// and `Month_ordinal` say "late winter", month 12 at Ls 14 (sol 810): where
/// they differ, the detail says what the feed says, and JSON keeps them.
struct InSightSeason: Equatable {
    /// Ls at the sol's noon, degrees.
    let solarLongitude: Double
    let northern: MarsSeason?
    let southern: MarsSeason?
    /// The Mars month, 1 to 12 (Ls in 30° steps).
    let marsMonth: Int?

    init(_ sol: InSightSol) {
        let ls = MarsClock(at: MarsMissionClock.insight.noon(ofSol: sol.sol)).solarLongitude
        solarLongitude = ls
        northern = MarsSeason(solarLongitude: ls, hemisphere: .northern)
        southern = MarsSeason(solarLongitude: ls, hemisphere: .southern)
        marsMonth = MarsSeason.marsMonth(solarLongitude: ls)
    }

    /// "winter": the table's, the rows' and JSON's word.
    var name: String? { northern?.rawValue }

    /// The feed's own labels where they name another season: "fall"
    /// (its Season) or "late winter" (its Northern_season).
    func feedLabelsThatDiffer(_ sol: InSightSol) -> [String] {
        guard let northern else { return [] }
        func differs(_ label: String) -> Bool {
            let word = label.lowercased().split(separator: " ").last.map(String.init) ?? ""
            return (word == "fall" ? "autumn" : word) != northern.rawValue
        }
        return [sol.season, sol.northernSeason].compactMap { $0 }.filter { !$0.isEmpty && differs($0) }
    }
}
