import Foundation
import Testing
@testable import SpaceData

@Suite struct NOAAScalesDecoderTests {
    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func theCaptureWithStringNumbersNullsAndTheYesterdayKeyLastIsRead() throws {
        let scales = try NOAAScalesDecoder.decode(try SpaceWeatherCaptures.data(SpaceWeatherCaptures.scales))
        #expect(scales.days.map(\.offset) == [-1, 0, 1, 2, 3])
        let current = try #require(scales.current)
        #expect(current.date == EarthDate("2026-08-31"))
        #expect(current.issued == SpaceWeatherCaptures.utc("2026-08-31T12:31:00Z"))
        #expect(current.radioBlackout == 0 && current.solarRadiationStorm == 0 && current.geomagneticStorm == 0)
        let tomorrow = scales.days[3]
        #expect(tomorrow.date == EarthDate("2026-09-01"))
        #expect(tomorrow.radioBlackout == nil, "a null scale is unknown, not 0")
        #expect(tomorrow.minorRadioBlackoutChance == 10 && tomorrow.majorRadioBlackoutChance == 1)
        #expect(tomorrow.solarRadiationStormChance == 1 && tomorrow.geomagneticStorm == 0)
    }

    @Test func numbersAsNumbersAndCompactSeparatorsReadTheSame() throws {
        let compact = #"{"0":{"DateStamp":"2024-05-11","TimeStamp":"03:00:00","R":{"Scale":3,"Text":"strong","MinorProb":null,"MajorProb":null},"S":{"Scale":"1","Text":"minor","Prob":null},"G":{"Scale":5,"Text":"extreme"}}}"#
        let scales = try NOAAScalesDecoder.decode(Data(compact.utf8))
        #expect(scales.current?.radioBlackout == 3)
        #expect(scales.current?.solarRadiationStorm == 1)
        #expect(scales.current?.geomagneticStorm == 5)
    }

    @Test func aShapeWithoutTheCurrentDayIsAnError() {
        #expect(throws: SpaceWeatherError(.scales, .unknownShape("there is no current day \"0\" (keys: R, S)"))) {
            try NOAAScalesDecoder.decode(Data(#"{"R": 1, "S": 2}"#.utf8))
        }
        #expect(throws: SpaceWeatherError(.scales, .unknownShape("the top level is a list, not an object keyed by day"))) {
            try NOAAScalesDecoder.decode(Data("[]".utf8))
        }
        #expect(throws: SpaceWeatherError(.scales, .unknownShape("day \"0\" has no DateStamp"))) {
            try NOAAScalesDecoder.decode(Data(#"{"0": {"R": null}}"#.utf8))
        }
    }

    @Test func aLevelOutsideTheScaleIsNotALevel() throws {
        let body = #"{"0":{"DateStamp":"2026-08-31","R":{"Scale":"7"},"S":{"Scale":"-1"},"G":{"Scale":"2.5"}}}"#
        let current = try #require(try NOAAScalesDecoder.decode(Data(body.utf8)).current)
        #expect(current.radioBlackout == nil && current.solarRadiationStorm == nil && current.geomagneticStorm == nil)
    }
}
