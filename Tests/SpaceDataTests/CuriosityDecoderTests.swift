import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// One feed entry as REMS publishes it: every value a string, `"--"` for what
/// was not measured; `overrides` replaces values (raw JSON text).
func remsEntry(sol: Int, date: String = "2026-02-07", id: Int? = nil, _ overrides: [String: String] = [:]) -> String {
    var fields: [(String, String)] = [
        ("id", "\"\(id ?? sol)\""), ("terrestrial_date", "\"\(date)\""), ("sol", "\"\(sol)\""), ("ls", "\"221\""),
        ("season", "\"Month 8\""), ("min_temp", "\"-67\""), ("max_temp", "\"2\""), ("pressure", "\"807\""),
        ("pressure_string", "\"Higher\""), ("abs_humidity", "\"--\""), ("wind_speed", "\"--\""),
        ("wind_direction", "\"--\""), ("atmo_opacity", "\"Sunny\""), ("sunrise", "\"05:23\""), ("sunset", "\"17:34\""),
        ("local_uv_irradiance_index", "\"Moderate\""), ("min_gts_temp", "\"-83\""), ("max_gts_temp", "\"12\""),
    ]
    for index in fields.indices {
        if let value = overrides[fields[index].0] { fields[index].1 = value }
    }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}

/// A whole feed around `entries`, with a `descriptions` block unless told not to.
func remsFeed(_ entries: [String], descriptions: Bool = true) -> Data {
    let head = descriptions ? "\"descriptions\":{\"disclaimer_en\":\"REMS\\tdata\\n\",\"temp_desc_en\":\"Martian\\ufffds\"}," : ""
    return Data("{\(head)\"soles\":[\(entries.joined(separator: ","))]}".utf8)
}

let allMissing: [String: String] = [
    "min_temp": "\"--\"", "max_temp": "\"--\"", "pressure": "\"--\"", "local_uv_irradiance_index": "\"--\"",
    "min_gts_temp": "\"--\"", "max_gts_temp": "\"--\"",
]

@Suite struct CuriosityDecoderTests {
    // MARK: - The feed's odd cases

    @Test func readsEveryMeasuredValueOfASol() throws {
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 4801)]))
        let sol = try #require(feed.sols.first)
        #expect(sol.sol == 4801)
        #expect(sol.earthDate.description == "2026-02-07")
        #expect(sol.solarLongitude == 221)
        #expect(sol.marsMonth == 8)
        #expect(sol.airTemperature == TemperatureExtremes(low: -67, high: 2))
        #expect(sol.groundTemperature == TemperatureExtremes(low: -83, high: 12))
        #expect(sol.pressure == 807)
        #expect(sol.uvIndex == .moderate)
        #expect(sol.sunrise?.description == "05:23")
        #expect(sol.sunset?.description == "17:34")
    }

    @Test func missingValuesAreNilNeverZero() throws {
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 880, allMissing)]))
        let sol = try #require(feed.sols.first)
        #expect(sol.airTemperature == TemperatureExtremes())
        #expect(sol.groundTemperature == TemperatureExtremes())
        #expect(sol.pressure == nil)
        #expect(sol.uvIndex == nil)
        #expect(!sol.hasMeasurement)
        // What is computed rather than measured is still there.
        #expect(sol.sunrise?.description == "05:23")
    }

    @Test func partlyFilledSolsKeepWhatWasMeasured() throws {
        let onlyPressure = allMissing.merging(["pressure": "\"837\""]) { $1 }
        let noGround = ["min_gts_temp": "\"--\"", "max_gts_temp": "\"--\""]
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 3227, noGround), remsEntry(sol: 2935, onlyPressure)]))
        let ground = try #require(feed.sol(3227))
        #expect(ground.airTemperature == TemperatureExtremes(low: -67, high: 2))
        #expect(ground.groundTemperature == TemperatureExtremes())
        let pressure = try #require(feed.sol(2935))
        #expect(pressure.pressure == 837 && !pressure.airTemperature.hasValue && pressure.hasMeasurement)
    }

    @Test func solsAreSortedBySolNumberNeverById() throws {
        // Newest first in the feed, ids out of sol order (4801 has id 4551, 4800 has 4552).
        let body = remsFeed([remsEntry(sol: 4801, id: 4551), remsEntry(sol: 4800, id: 4552), remsEntry(sol: 10, id: 9000)])
        #expect(try CuriosityDecoder.decode(body).sols.map(\.sol) == [10, 4800, 4801])
    }

    @Test func absentSolsStayAbsent() throws {
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 9), remsEntry(sol: 1)]))
        #expect(feed.sols.map(\.sol) == [1, 9])
        #expect(feed.sol(5) == nil)
    }

    @Test func readsEveryUVLevelIncludingVeryHighWithItsUnderscore() throws {
        let levels = ["Low", "Moderate", "High", "Very_High", "--"]
        let entries = levels.enumerated().map { remsEntry(sol: $0.offset + 1, ["local_uv_irradiance_index": "\"\($0.element)\""]) }
        let feed = try CuriosityDecoder.decode(remsFeed(entries))
        #expect(feed.sols.map(\.uvIndex) == [.low, .moderate, .high, .veryHigh, nil])
        #expect(UVIndex.veryHigh.displayName == "Very high")
    }

    /// Read by length and first letter, then compared whole: a look-alike of
    /// the same length is not a UV level.
    @Test func aUVLevelIsItsExactSpellingOnly() {
        func uv(_ text: String) -> UVIndex? { Array(text.utf8).withUnsafeBufferPointer { UVIndex(bytes: $0) } }
        for level in UVIndex.allCases { #expect(uv(level.rawValue) == level) }
        for lookAlike in ["Lox", "Moderato", "Hugh", "Very_Higg", "low", "VERY_HIGH", "", "Very High"] { #expect(uv(lookAlike) == nil, "\(lookAlike)") }
    }

    @Test func replacementCharactersAndPHPEscapesAreTolerated() throws {
        let escaped = remsEntry(sol: 1, date: "2012\\u002d08\\u002d07", ["sunrise": "\"05\\u003a23\"", "atmo_opacity": "\"Sunny\\/\\ufffd\""])
        let feed = try CuriosityDecoder.decode(remsFeed([escaped]))
        #expect(feed.sols.first?.earthDate.description == "2012-08-07")
        #expect(feed.sols.first?.sunrise?.description == "05:23")
    }

    @Test func rawUTF8AndPrettyPrintingDecodeLikeTheCompactEscapedForm() throws {
        let compact = remsFeed([remsEntry(sol: 2), remsEntry(sol: 1)])
        let pretty = Data("""
        {
            "descriptions": {
                "temp_desc_en": "Martian\u{FFFD}s air / ground",
                "season_desc_es": "Estaci\u{F3}n"
            },
            "soles": [
                \(remsEntry(sol: 2).replacingOccurrences(of: ",", with: ",\n            ")),
                \(remsEntry(sol: 1))
            ]
        }
        """.utf8)
        #expect(try CuriosityDecoder.decode(pretty) == CuriosityDecoder.decode(compact))
    }

    @Test func descriptionsAreOptionalAndUnknownKeysIgnored() throws {
        let entry = remsEntry(sol: 3163, ["wind_speed": "{\"gust\":[1,2]}"]).replacingOccurrences(of: "{\"id\"", with: "{\"new_sensor\":\"x\",\"id\"")
        let feed = try CuriosityDecoder.decode(Data("{\"soles\":[\(entry)],\"version\":2}".utf8))
        #expect(feed.sols.map(\.sol) == [3163])
    }

    @Test func latestSolIsTheNewestWithAMeasurement() throws {
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 1612, allMissing), remsEntry(sol: 1611, allMissing), remsEntry(sol: 1609)]))
        #expect(feed.latest?.sol == 1609)
    }

    @Test func numbersWrittenAsJSONNumbersAndDecimalsAreKept() throws {
        // Perseverance's feed writes measurements as JSON numbers with decimals.
        let entry = remsEntry(sol: 1130, ["min_temp": "-77.3", "max_temp": "-23.2", "pressure": "777.1", "ls": "\"242.153\"", "sunrise": "\"06:15:41\""])
        let sol = try #require(CuriosityDecoder.decode(remsFeed([entry])).sols.first)
        #expect(sol.airTemperature == TemperatureExtremes(low: -77.3, high: -23.2))
        #expect(sol.pressure == 777.1)
        #expect(sol.solarLongitude == 242.153)
        #expect(sol.sunrise == MarsLocalTime(hour: 6, minute: 15, second: 41))
    }

    @Test func valuesNoInstrumentCouldReadAreNotMeasurements() throws {
        let entry = remsEntry(sol: 1, ["min_temp": "\"-999\"", "max_temp": "\"1e300\"", "pressure": "\"NaN\"", "ls": "\"400\"", "season": "\"Month 13\""])
        let sol = try #require(CuriosityDecoder.decode(remsFeed([entry])).sols.first)
        #expect(sol.airTemperature == TemperatureExtremes())
        #expect(sol.pressure == nil && sol.solarLongitude == nil && sol.marsMonth == nil)
    }

    @Test func anEntryWithoutSolNumberOrDateIsLeftOut() throws {
        let body = remsFeed([remsEntry(sol: 2, ["sol": "\"--\""]), remsEntry(sol: 3, date: "2026-02-30"), remsEntry(sol: 4)])
        #expect(try CuriosityDecoder.decode(body).sols.map(\.sol) == [4])
    }

    // MARK: - Bodies that are not a feed

    @Test func emptySolesIsItsOwnError() {
        #expect(throws: CuriosityWeatherError.noSols) { try CuriosityDecoder.decode(remsFeed([])) }
    }

    @Test func missingSolesIsASchemaError() {
        #expect(throws: CuriosityWeatherError.unexpectedSchema(detail: "there is no \"soles\" list")) {
            try CuriosityDecoder.decode(Data("{\"descriptions\":{}}".utf8))
        }
    }

    @Test func htmlIsNotJSON() {
        let page = Data("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head></html>".utf8)
        #expect(throws: CuriosityWeatherError.notJSON(excerpt: "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></h…")) {
            try CuriosityDecoder.decode(page)
        }
    }

    @Test func emptyAndWhitespaceBodiesAreEmpty() {
        #expect(throws: CuriosityWeatherError.emptyBody) { try CuriosityDecoder.decode(Data()) }
        #expect(throws: CuriosityWeatherError.emptyBody) { try CuriosityDecoder.decode(Data(" \n".utf8)) }
    }

    @Test func everyCutOfAFeedIsTruncatedNeverACrash() {
        let body = remsFeed([remsEntry(sol: 2), remsEntry(sol: 1)])
        for length in 1..<body.count {
            let cut = body.prefix(length)
            #expect(throws: CuriosityWeatherError.truncated(length: length)) { try CuriosityDecoder.decode(cut) }
        }
    }

    @Test func malformedJSONSaysWhere() {
        #expect(throws: CuriosityWeatherError.malformedJSON(detail: "expected ':'", offset: 9)) {
            try CuriosityDecoder.decode(Data("{\"soles\" []}".utf8))
        }
        #expect(throws: CuriosityWeatherError.malformedJSON(detail: "text after the JSON value", offset: 13)) {
            try CuriosityDecoder.decode(Data("{\"soles\":[]} x".utf8))
        }
    }

    @Test func aListOrNonObjectEntriesAreSchemaErrors() {
        #expect(throws: CuriosityWeatherError.unexpectedSchema(detail: "the top level is a list, not an object")) {
            try CuriosityDecoder.decode(Data("[]".utf8))
        }
        #expect(throws: CuriosityWeatherError.unexpectedSchema(detail: "entry 1 of soles is not an object")) {
            try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 1), "\"sol\""]))
        }
        #expect(throws: CuriosityWeatherError.unexpectedSchema(detail: "soles is not a list")) {
            try CuriosityDecoder.decode(Data("{\"soles\":{}}".utf8))
        }
    }

    @Test func errorStatusesAreTypedWithTheBodysStart() {
        #expect(throws: CuriosityWeatherError.httpStatus(500, excerpt: "Internal Server Error")) {
            try CuriosityDecoder.decode(Data("Internal Server Error".utf8), status: 500)
        }
        // A JSON error body says its message, as Launch Library's do, not its braces.
        #expect(throws: CuriosityWeatherError.httpStatus(500, excerpt: "Internal server error")) {
            try CuriosityDecoder.decode(Data(#"{"detail":"Internal server error"}"#.utf8), status: 500)
        }
        #expect(throws: CuriosityWeatherError.httpStatus(503, excerpt: #"{"status":503}"#)) {
            try CuriosityDecoder.decode(Data(#"{"status":503}"#.utf8), status: 503)
        }
    }

    // MARK: - The real captures (../shared/data/mars-rovers, skipped when absent)

    static let captures = ["msl-2026-02-11-chrstphlbr.json", "cab-2023-02-21-Apollorion.json", "mars2020-2026-09-28-AhsanulHoque22.json"]

    static func capture(_ name: String) throws -> Data? {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return nil }
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    @Test(arguments: captures)
    func everyCaptureDecodesToTheFilesValuesExactly(name: String) throws {
        guard let body = try Self.capture(name) else { return }
        let feed = try CuriosityDecoder.decode(body)
        // The oracle: Foundation's JSON parser and the file's own strings.
        let parsed = try JSONSerialization.jsonObject(with: body)
        let document = try #require(parsed as? [String: Any])
        let entries = try #require((document["soles"] ?? document["sols"]) as? [[String: Any]])
        #expect(feed.sols.count == entries.count)
        for entry in entries {
            let solText = try #require(entry["sol"] as? String)
            let number = try #require(Int(solText))
            let sol = try #require(feed.sol(number), "sol \(number) is missing")
            func value(_ key: String) -> Double? {
                if let text = entry[key] as? String { return text == "--" ? nil : Double(text) }
                return (entry[key] as? NSNumber)?.doubleValue
            }
            func text(_ key: String) -> String? { (entry[key] as? String).flatMap { $0 == "--" ? nil : $0 } }
            #expect(sol.earthDate.description == text("terrestrial_date"))
            #expect(sol.solarLongitude == value("ls"))
            #expect(sol.airTemperature == TemperatureExtremes(low: value("min_temp"), high: value("max_temp")), "sol \(number)")
            #expect(sol.groundTemperature == TemperatureExtremes(low: value("min_gts_temp"), high: value("max_gts_temp")), "sol \(number)")
            #expect(sol.pressure == value("pressure"), "sol \(number)")
            #expect(sol.uvIndex?.rawValue == text("local_uv_irradiance_index"), "sol \(number)")
            #expect(sol.sunrise.map(CuriosityCompactForm.time) == text("sunrise"))
            #expect(sol.sunset.map(CuriosityCompactForm.time) == text("sunset"))
            let season = try #require(text("season"))
            #expect(sol.marsMonth.map { "Month \($0)" } == (season.hasPrefix("Month ") ? season : nil))
        }
    }

    @Test func theWholeMissionCaptureHasItsKnownShape() throws {
        guard let body = try Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let feed = try CuriosityDecoder.decode(body)
        #expect(feed.sols.count == 4551)
        #expect(feed.sols.first?.sol == 1 && feed.sols.last?.sol == 4801)
        // 250 sol numbers between 1 and 4801 are absent.
        #expect(4801 - feed.sols.count == 250)
        #expect((2...8).allSatisfy { feed.sol($0) == nil } && (3996...4017).allSatisfy { feed.sol($0) == nil })
        let empty = feed.sols.filter { !$0.hasMeasurement }.map(\.sol)
        #expect(empty == [1, 9, 18, 19, 20, 32, 192, 195, 200, 215, 222, 262, 267, 358, 365, 444, 454, 457, 462, 478, 485, 880, 939, 957, 1610, 1611, 1612])
        #expect(feed.latest?.sol == 4801)
        #expect(feed.latest?.earthDate.description == "2026-02-07")
    }

    @Test func theRawAndThePrettyCapturesAgreeOnEverySolTheyShare() throws {
        guard let raw = try Self.capture("cab-2023-02-21-Apollorion.json"),
              let pretty = try Self.capture("msl-2026-02-11-chrstphlbr.json") else { return }
        let older = try CuriosityDecoder.decode(raw)
        let newer = try CuriosityDecoder.decode(pretty)
        #expect(older.sols.count == 3553)
        #expect(Array(newer.sols.prefix(while: { $0.sol <= 3742 })) == older.sols)
    }
}
