import Foundation
import Testing
@testable import SpaceData

@Suite struct KpDecoderTests {
    typealias Captures = SpaceWeatherCaptures
    let utc = SpaceWeatherCaptures.utc

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func theOldShapeOfStringsUnderAHeaderRowIsRead() throws {
        let series = try KpDecoder.decode(try Captures.data(Captures.kpOld), product: .kpIndex)
        #expect(series.readings.count == 62)
        #expect(series.readings.first?.time == utc("2026-02-02T00:00:00Z"))
        #expect(series.readings.first?.kp == 2.33)
        #expect(series.latestObserved?.time == utc("2026-02-09T15:00:00Z"))
        let peak = try #require(series.readings.max { $0.kp < $1.kp })
        #expect(peak.kp == 5.33 && peak.time == utc("2026-02-05T03:00:00Z") && peak.stormLevel == 1)
        #expect(series.readings.allSatisfy { $0.kind == .observed })
    }

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func theNewShapeOfObjectsIsRead() throws {
        let series = try KpDecoder.decode(try Captures.data(Captures.kpNew), product: .kpIndex)
        #expect(series.readings.count == 60)
        #expect(series.readings.first?.time == utc("2026-08-24T00:00:00Z"))
        #expect(series.latestObserved?.time == utc("2026-08-31T09:00:00Z"))
        #expect(series.readings.map(\.kp).max() == 4.33)
        // 3-hour steps throughout.
        #expect(zip(series.readings, series.readings.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3 * 3600 })
    }

    @Test(.enabled(if: SpaceWeatherCaptures.available))
    func bothForecastShapesGiveKindsAndTheSameCountsSOURCESDescribes() throws {
        for name in [Captures.forecastOld, Captures.forecastNew] {
            let series = try KpDecoder.decode(try Captures.data(name), product: .kpForecast)
            #expect(series.readings.count == 81, "\(name)")
            #expect(series.readings.filter { $0.kind == .observed }.count == 62, "\(name)")
            #expect(series.readings.filter { $0.kind == .estimated }.count == 2, "\(name)")
            #expect(series.readings.filter { $0.kind == .predicted }.count == 17, "\(name)")
        }
        let old = try KpDecoder.decode(try Captures.data(Captures.forecastOld), product: .kpForecast)
        #expect(old.readings.filter { $0.kind == .estimated }.map(\.time) == [utc("2026-02-09T18:00:00Z"), utc("2026-02-09T21:00:00Z")])
    }

    /// The two shapes written for the same rows give the same figures.
    @Test func bothShapesOfTheSameRowsGiveTheSameReadings() throws {
        let old = #"[["time_tag","Kp","a_running","station_count"],["2026-02-05 00:00:00.000","4.67","39","8"],["2026-02-05 03:00:00.000","0.00","0","8"]]"#
        let new = #"[{"time_tag":"2026-02-05T00:00:00","Kp":4.67,"a_running":39,"station_count":8},{"time_tag":"2026-02-05T03:00:00Z","Kp":0,"a_running":0,"station_count":8}]"#
        let fromOld = try KpDecoder.decode(Data(old.utf8), product: .kpIndex)
        let fromNew = try KpDecoder.decode(Data(new.utf8), product: .kpIndex)
        #expect(fromOld == fromNew)
        #expect(fromOld.readings.map(\.kp) == [4.67, 0])
        #expect(fromOld.latestObserved?.kp == 0, "Kp 0 is a value, not a missing one")
    }

    @Test func rowsInAnyOrderAreSortedAndTheNewestIsNotTheLastRow() throws {
        let body = #"[{"time_tag":"2026-08-31T09:00:00","Kp":3.00},{"time_tag":"2026-08-31T03:00:00","Kp":1.00},{"time_tag":"2026-08-31T06:00:00","Kp":2.00}]"#
        let series = try KpDecoder.decode(Data(body.utf8), product: .kpIndex)
        #expect(series.readings.map(\.kp) == [1, 2, 3])
        #expect(series.latestObserved?.kp == 3)
    }

    @Test func theStormLevelAtItsEdges() {
        #expect(KpReading.stormLevel(kp: 4.33) == 0)
        #expect(KpReading.stormLevel(kp: 4.67) == 1)
        #expect(KpReading.stormLevel(kp: 5.00) == 1)
        #expect(KpReading.stormLevel(kp: 5.33) == 1)
        #expect(KpReading.stormLevel(kp: 5.67) == 2)
        #expect(KpReading.stormLevel(kp: 6.67) == 3)
        #expect(KpReading.stormLevel(kp: 7.67) == 4)
        #expect(KpReading.stormLevel(kp: 8.67) == 5)
        #expect(KpReading.stormLevel(kp: 9) == 5)
        #expect(KpReading.stormLevel(kp: 0) == 0)
        #expect(KpReading.stormLevel(kp: .nan) == 0)
    }

    @Test func unknownShapesAreErrorsNamingTheProduct() {
        let cases: [(String, SpaceWeatherError.Problem)] = [
            (#"{"Kp": 3}"#, .unknownShape("the top level is an object, not a list")),
            (#"[["time","value"],["2026-08-31 00:00:00","3"]]"#, .unknownShape(#"the first row ["time", "value"] names no time_tag and Kp columns"#)),
            (#"[{"when":"2026-08-31","index":3}]"#, .unknownShape("a row has no time_tag or Kp (its keys: index, when)")),
            (#"[1, 2]"#, .unknownShape("its rows are a number, neither lists nor objects")),
            ("[]", .noData),
            (#"[{"time_tag":"2026-08-31T00:00:00","Kp":12}]"#, .noData),
            ("<html><body>Service Unavailable</body></html>", .notJSON(excerpt: "<html><body>Service Unavailable</body></html>")),
            (#"[{"time_tag":"2026-08-31T00:00:00","Kp":1"#, .truncated(length: 41)),
            ("", .emptyBody),
        ]
        for (body, problem) in cases {
            #expect(throws: SpaceWeatherError(.kpIndex, problem), "\(body)") {
                try KpDecoder.decode(Data(body.utf8), product: .kpIndex)
            }
        }
        let error = SpaceWeatherError(.kpIndex, .unknownShape("the top level is an object, not a list"))
        #expect(error.description == "NOAA SWPC's products/noaa-planetary-k-index.json changed shape: the top level is an object, not a list; spacedash does not know this format")
    }

    @Test func aRemovedProductsStatusIsAnError() {
        #expect(throws: SpaceWeatherError(.kpForecast, .httpStatus(404, excerpt: "Not Found"))) {
            try KpDecoder.decode(Data("Not Found".utf8), status: 404, product: .kpForecast)
        }
    }

    @Test func deepNestingIsRefusedNotFollowed() {
        let body = String(repeating: "[", count: 100_000)
        #expect(throws: SpaceWeatherError.self) { try KpDecoder.decode(Data(body.utf8), product: .kpIndex) }
    }

    @Test func aPredictionForAnIntervalThatHasEndedIsNoLongerAForecast() {
        let start = utc("2026-09-06T21:00:00Z")
        let series = KpSeries([
            KpReading(time: start, kp: 3, kind: .predicted),
            KpReading(time: start.addingTimeInterval(3 * 3600), kp: 4, kind: .predicted),
        ])
        #expect(series.forecast(after: start.addingTimeInterval(3600)).count == 2, "the interval under way still counts")
        #expect(series.forecast(after: start.addingTimeInterval(3 * 3600)).map(\.kp) == [4])
        #expect(series.forecast(after: start.addingTimeInterval(6 * 3600)).isEmpty)
    }
}
