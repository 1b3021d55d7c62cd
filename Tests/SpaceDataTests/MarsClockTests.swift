import Foundation
import Testing
@testable import SpaceData

/// Mars24's two worked examples ("Mars24 Sunclock algorithm and worked
/// examples", NASA GISS), step by step, and the Earth–Mars distance against JPL's
/// published close approaches.
@Suite struct MarsClockTests {
    static func utc(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    /// "hh:mm:ss" of hours, rounded to the second.
    static func clock(_ hours: Double) -> String {
        let seconds = Int((hours * 3600).rounded()) % 86_400
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// Example A, "near coincident Earth and Mars times": 2000-01-06 00:00:00 UTC.
    @Test func mars24WorkedExampleA() {
        let mars = MarsClock(at: Self.utc("2000-01-06T00:00:00Z"))
        #expect(mars.terrestrialTimeOffset == 64.184)
        #expect(abs(mars.daysSinceJ2000 - 4.50074) < 0.000005)
        #expect(abs(mars.solarLongitude - 277.18758) < 0.00001)  // B-5, Ls
        #expect(abs(mars.marsSolDate - 44_795.99976) < 0.000005)  // C-2
        #expect(Self.clock(mars.coordinatedMarsTime) == "23:59:39")  // MTC 23.99425 h
        #expect(abs(mars.coordinatedMarsTime - 23.99425) < 0.000005)
    }

    /// Example B, Spirit's landing: 2004-01-03 13:46:31 UTC, at 184.702° W.
    @Test func mars24WorkedExampleB() {
        let mars = MarsClock(at: Self.utc("2004-01-03T13:46:31Z"))
        #expect(mars.terrestrialTimeOffset == 64.184)
        #expect(abs(mars.daysSinceJ2000 - 1463.07471) < 0.000005)
        #expect(abs(mars.solarLongitude - 327.32416) < 0.00001)
        #expect(abs(mars.coordinatedMarsTime - 13.16537) < 0.000005)
        #expect(Self.clock(mars.coordinatedMarsTime) == "13:09:55")
        let spirit = mars.localMeanSolarTime(eastLongitude: -184.702)  // C-3: LMST 0.85190 h
        #expect(abs(spirit - 0.85190) < 0.000005)
        #expect(Self.clock(spirit) == "00:51:07")
    }

    /// TT − UTC counts the leap seconds: 69.184 s since 2017, 67.184 s in 2012 after June.
    @Test func terrestrialTimeCountsTheLeapSeconds() {
        #expect(MarsClock.terrestrialTimeOffset(at: Self.utc("2026-11-27T23:30:00Z")) == 69.184)
        #expect(MarsClock.terrestrialTimeOffset(at: Self.utc("2016-12-31T23:59:59Z")) == 68.184)
        #expect(MarsClock.terrestrialTimeOffset(at: Self.utc("2017-01-01T00:00:00Z")) == 69.184)
        #expect(MarsClock.terrestrialTimeOffset(at: Self.utc("2012-08-06T05:17:57Z")) == 67.184)
    }

    /// JPL's close approaches (closest Earth–Mars distance and its time, UTC):
    /// 2003-08-27 09:51, 55,758,006 km; 2018-07-31 07:50, 57,590,630 km;
    /// 2020-10-06 14:18, 62,069,570 km.
    @Test(arguments: [("2003-08-27T09:51:00Z", 55_758_006.0), ("2018-07-31T07:50:00Z", 57_590_630.0), ("2020-10-06T14:18:00Z", 62_069_570.0)])
    func theEarthMarsDistanceAtJPLsCloseApproaches(_ time: String, kilometres: Double) {
        let mars = MarsClock(at: Self.utc(time))
        let published = kilometres / MarsClock.astronomicalUnit
        #expect(abs(mars.earthDistance - published) < 0.0005, "\(mars.earthDistance) AU against \(published) AU")
        #expect(abs(mars.lightTime - kilometres / MarsClock.speedOfLight) < 0.25)
    }

    /// Mars goes round the Sun between 1.38 and 1.67 AU, Earth between 0.983 and 1.017;
    /// at conjunction (2023-11-18) Mars is beyond the Sun, about 2.5 AU away.
    @Test func distancesStayWhereTheOrbitsAre() {
        for day in stride(from: 0.0, through: 3650, by: 7) {
            let mars = MarsClock(at: Self.utc("2020-01-01T00:00:00Z").addingTimeInterval(day * 86_400))
            #expect((1.38...1.67).contains(mars.sunDistance))
            #expect((0.983...1.017).contains(mars.earthSunDistance))
            #expect((0.37...2.68).contains(mars.earthDistance))
        }
        let conjunction = MarsClock(at: Self.utc("2023-11-18T00:00:00Z"))
        #expect(conjunction.earthDistance > 2.4)
        #expect(conjunction.lightTime > 20 * 60)
    }
}
