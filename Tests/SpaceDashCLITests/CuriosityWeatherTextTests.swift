import Foundation
import Testing
import SpaceData
@testable import SpaceDashCLI

@Suite struct CuriosityWeatherTextTests {
    let sol = CuriositySol(sol: 4801, earthDate: EarthDate("2026-02-07")!, solarLongitude: 221, marsMonth: 8, pressure: 807)
    /// Noon UTC of a given day.
    func day(_ text: String) -> Date { Date(timeIntervalSince1970: Double(EarthDate(text)!.daysSince1970) * 86_400 + 43_200) }

    @Test func stalenessCountsWholeDaysFromTheSolsEarthDate() {
        #expect(CuriosityWeatherText.staleness(sol, now: day("2026-02-07")) == "latest sol 4801, Earth date 2026-02-07, today")
        #expect(CuriosityWeatherText.staleness(sol, now: day("2026-02-08")) == "latest sol 4801, Earth date 2026-02-07, 1 day ago")
        #expect(CuriosityWeatherText.staleness(sol, now: day("2026-11-24")) == "latest sol 4801, Earth date 2026-02-07, 290 days ago")
    }

    @Test func theFeedIsCalledBehindAfterAWeekAndSaysWhy() {
        #expect(CuriosityWeatherText.behindNotice(sol, origin: .live(fetchedAt: day("2026-02-14")), now: day("2026-02-14")) == nil)
        let notice = CuriosityWeatherText.behindNotice(sol, origin: .live(fetchedAt: day("2026-02-15")), now: day("2026-02-15"))
        #expect(notice?.hasPrefix("Curiosity's feed is behind: its latest sol (4801, Earth date 2026-02-07) is 8 days old.") == true)
        #expect(notice?.contains("solar conjunction") == true)
        // The bundled sample's own notice says what it is.
        #expect(CuriosityWeatherText.behindNotice(sol, origin: .sample, now: day("2026-11-24")) == nil)
    }

    @Test func headlineNamesStationSiteSolAndDate() {
        #expect(CuriosityWeatherText.headline(sol, glyphs: .unicode) == "Curiosity (REMS) · Gale crater · sol 4801 · Earth date 2026-02-07")
        #expect(CuriosityWeatherText.headline(sol, glyphs: .ascii) == "Curiosity (REMS) | Gale crater | sol 4801 | Earth date 2026-02-07")
    }
}
