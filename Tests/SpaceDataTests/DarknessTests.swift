import Foundation
import Testing
@testable import SpaceData

@Suite struct DarknessTests {
    let utc = SpaceWeatherCaptures.utc
    func place(_ latitude: Double, _ longitude: Double) -> GeographicCoordinate {
        GeographicCoordinate(latitude: latitude, longitude: longitude)!
    }
    func sunAltitude(_ place: GeographicCoordinate, _ date: Date) -> Double {
        HorizontalDirection.sun(seenFrom: place, at: date).altitude
    }

    @Test func tonightInReykjavikStartsAndEndsWhereTheSunCrossesTwelveDegreesBelow() throws {
        let reykjavik = place(64.15, -21.94)
        let afternoon = utc("2026-11-28T14:00:00Z")
        let darkness = Darkness(at: reykjavik, around: afternoon)
        #expect(!darkness.isDarkNow)
        let start = try #require(darkness.start)
        let end = try #require(darkness.end)
        #expect(start > afternoon && start < utc("2026-11-28T19:00:00Z"))
        #expect(end > start && end < utc("2026-11-29T12:00:00Z"))
        // The crossings are pinned to a second: just before light, just after dark.
        #expect(sunAltitude(reykjavik, start.addingTimeInterval(-2)) > Darkness.sunAltitude)
        #expect(sunAltitude(reykjavik, start.addingTimeInterval(1)) < Darkness.sunAltitude)
        #expect(sunAltitude(reykjavik, end.addingTimeInterval(-1)) < Darkness.sunAltitude)
        #expect(sunAltitude(reykjavik, end.addingTimeInterval(2)) > Darkness.sunAltitude)
    }

    @Test func inTheNightTheDarknessInProgressIsGiven() throws {
        let tromso = place(69.65, 18.96)
        let midnight = utc("2026-11-28T23:00:00Z")
        let darkness = Darkness(at: tromso, around: midnight)
        #expect(darkness.isDarkNow)
        #expect(try #require(darkness.start) < midnight)
        #expect(try #require(darkness.end) > midnight)
    }

    @Test func midsummerFarNorthHasNoDarkness() {
        let tromso = place(69.65, 18.96)
        let darkness = Darkness(at: tromso, around: utc("2026-06-21T12:00:00Z"))
        #expect(darkness == Darkness(isDarkNow: false, start: nil, end: nil))
    }

    @Test func midwinterNearThePoleIsDarkAllDay() {
        let svalbard = place(78.9, 11.9)  // Ny-Ålesund: the Sun stays below -12° around the solstice.
        let darkness = Darkness(at: svalbard, around: utc("2026-12-21T12:00:00Z"))
        #expect(darkness == Darkness(isDarkNow: true, start: nil, end: nil))
    }

    @Test func theSouthernMidsummerIsLightToo() {
        let mcmurdo = place(-77.85, 166.67)
        #expect(Darkness(at: mcmurdo, around: utc("2026-12-21T12:00:00Z")) == Darkness(isDarkNow: false, start: nil, end: nil))
    }
}
