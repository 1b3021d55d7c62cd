import Foundation
import Testing
import TestSupport
import SpaceData

/// Every real capture in ../shared/data/insight decodes to the sols, values and
/// wind directions it holds. The expectations are read from the same file with
/// JSONSerialization (an independent parser), plus facts checked by hand.
/// Skipped when ../shared/data is absent.
@Suite struct InSightDecoderCapturesTests {
    static let folder = ProjectPaths.sharedData?.appendingPathComponent("insight")

    static var captureNames: [String] {
        guard let folder else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasPrefix("capture-") && $0.hasSuffix(".json") }
            .sorted()
    }

    @Test(.enabled(if: folder != nil, "../shared/data/insight is not here"))
    func everyCaptureIsPresent() {
        #expect(Self.captureNames.count >= 8)
    }

    @Test(.enabled(if: folder != nil, "../shared/data/insight is not here"), arguments: captureNames)
    func captureDecodesToWhatItHolds(name: String) throws {
        let data = try Data(contentsOf: Self.folder!.appendingPathComponent(name))
        let feed = try InSightDecoder.decode(data)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let keys = try #require(json["sol_keys"] as? [String])
        #expect(feed.sols.map(\.sol) == keys.compactMap(Int.init).sorted())

        let iso = ISO8601DateFormatter()
        for sol in feed.sols {
            let raw = try #require(json[String(sol.sol)] as? [String: Any])
            #expect(sol.season == raw["Season"] as? String)
            #expect(sol.firstUTC == iso.date(from: raw["First_UTC"] as! String))
            #expect(sol.lastUTC == iso.date(from: raw["Last_UTC"] as! String))
            #expect(sol.monthOrdinal == raw["Month_ordinal"] as? Int)
            #expect(sol.northernSeason == raw["Northern_season"] as? String)
            #expect(sol.southernSeason == raw["Southern_season"] as? String)
            for (key, summary) in [("AT", sol.temperature), ("HWS", sol.windSpeed), ("PRE", sol.pressure)] {
                let sensor = raw[key] as? [String: Any]
                #expect((summary == nil) == (sensor == nil), "sol \(sol.sol) \(key)")
                if let sensor, let summary {
                    #expect(close(summary.average, sensor["av"]))
                    #expect(close(summary.minimum, sensor["mn"]))
                    #expect(close(summary.maximum, sensor["mx"]))
                    #expect(summary.sampleCount == (sensor["ct"] as! NSNumber).intValue)
                }
            }
            let wd = try #require(raw["WD"] as? [String: Any])
            let rose = try #require(sol.wind)
            var expectedCounts = [Int](repeating: 0, count: 16)
            for (key, value) in wd where key != "most_common" {
                let point = value as! [String: Any]
                expectedCounts[Int(key)!] = (point["ct"] as! NSNumber).intValue
                #expect(rose.sectors.first { $0.index == Int(key)! }?.point == point["compass_point"] as? String)
            }
            #expect(rose.countsBySector == expectedCounts, "sol \(sol.sol) wind rose")
            let mostCommon = wd["most_common"] as? [String: Any]
            #expect(rose.mostCommon?.point == mostCommon?["compass_point"] as? String)
            #expect(rose.mostCommon?.sampleCount == (mostCommon?["ct"] as? NSNumber)?.intValue)
        }
    }

    /// JSONSerialization on Linux can be a few ulps off on values like
    /// 0.28300000000000003 (the decoder is exact: `handCheckedFacts`), so the
    /// cross-check allows for that.
    private func close(_ value: Double, _ raw: Any?) -> Bool {
        guard let expected = (raw as? NSNumber)?.doubleValue else { return false }
        return abs(value - expected) <= 1e-12 * max(1, abs(expected))
    }

    private func decode(_ name: String) throws -> InSightFeed {
        try InSightDecoder.decode(try Data(contentsOf: Self.folder!.appendingPathComponent(name)))
    }

    @Test(.enabled(if: folder != nil, "../shared/data/insight is not here"))
    func handCheckedFacts() throws {
        let late2021 = try decode("capture-InterImm-dapi-1.json")
        #expect(late2021.sols.map(\.sol) == [1081, 1086, 1087])
        #expect(late2021.sols[0].temperature?.average == -55.4)
        #expect(late2021.sols[0].windSpeed?.minimum == 0.28300000000000003)
        #expect(late2021.sols[0].wind?.mostCommon?.point == "S")
        #expect(late2021.sols[0].wind?.sectors.contains { $0.index == 4 } == false)

        let october2020 = try decode("capture-InterImm-dapi-2.json")
        #expect(october2020.sols.map(\.sol) == Array(669...675))
        let sol675 = october2020.sols[6]
        #expect(sol675.temperature?.average == -59.636)
        #expect(sol675.wind?.mostCommon?.point == "W")
        #expect(sol675.wind?.sectors.map(\.index) == [0, 1, 9, 10, 11, 12, 13, 14, 15])
        #expect(sol675.monthOrdinal == nil)

        let gaps = try decode("capture-InterImm-dapi-3.json")
        #expect(gaps.sols.map(\.sol) == [751, 752, 753, 755, 756, 757])
        #expect(gaps.sols[0].temperature == nil && gaps.sols[0].pressure?.average == 714.567)
        #expect(gaps.sols[0].wind == WindRose(sectors: [], mostCommon: nil))
        #expect(gaps.sols[3].pressure == nil && gaps.sols[3].windSpeed?.minimum == 0.16399999999999998)

        let preOnly = try decode("capture-InterImm-dapi-4.json")
        #expect(preOnly.sols.allSatisfy { $0.pressure != nil && $0.temperature == nil && $0.windSpeed == nil && $0.wind?.mostCommon == nil })

        #expect(try decode("capture-InterImm-dapi-5.json").isEmpty)
        #expect(try decode("capture-InterImm-dapi-6.json").isEmpty)
        #expect(try decode("capture-jkey774-mars-insight-weather-1.json").sols[0].wind?.sectors.count == 16)
        #expect(try decode("capture-pontuswallquist-Data_science-1.json").sols.map(\.sol) == Array(558...564))
    }

    @Test(.enabled(if: folder != nil, "../shared/data/insight is not here"), arguments: [
        ("error-kernjackson-SpacePod-429-over-rate-limit.json", 429, InSightError.rateLimited(usingDemoKey: true, retryAfter: nil)),
        ("error-kernjackson-SpacePod-403-api-key-invalid.json", 403, InSightError.apiKeyInvalid),
        ("error-kernjackson-SpacePod-403-api-key-missing.json", 403, InSightError.apiKeyMissing),
    ])
    func capturedErrorBodiesBecomeTypedErrors(name: String, status: Int, expected: InSightError) throws {
        let data = try Data(contentsOf: Self.folder!.appendingPathComponent(name))
        #expect(throws: expected) { try InSightDecoder.decode(data, status: status) }
    }
}
