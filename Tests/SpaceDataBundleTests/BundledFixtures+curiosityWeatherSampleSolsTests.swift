import Foundation
import Testing
import TestSupport
import SpaceData
import SpaceDataBundle

@Suite struct BundledCuriosityWeatherSampleFixtureTests {
    static var script: URL { ProjectPaths.fixtures.appendingPathComponent("curiosity/derive_curiosity_sample.py") }
    static var capture: URL? { ProjectPaths.sharedData?.appendingPathComponent("mars-rovers/msl-2026-02-11-chrstphlbr.json") }
    static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    /// The binary holds the last Mars year of the capture in the cache's compact
    /// form: exactly what the feed's decoder makes of the capture, byte for byte.
    @Test(.enabled(if: capture != nil, "../shared/data is absent"))
    func theCompiledSolsAreWhatTheDecoderReadsFromTheCapture() throws {
        let decoded = try CuriosityDecoder.decode(Data(contentsOf: try #require(Self.capture)))
        let lastMarsYear = CuriosityFeed(sols: decoded.sols.filter { $0.sol >= 4134 })
        #expect(BundledFixtures.curiosityWeatherSampleSols == String(decoding: CuriosityCompactForm.encode(lastMarsYear), as: UTF8.self),
                "run Fixtures/curiosity/derive_curiosity_sample.py")
    }

    /// The committed file is the script's output from the capture.
    @Test(.enabled(if: capture != nil && hasPython, "../shared/data or python3 is absent"))
    func theScriptWritesTheCompiledSolsFromTheCapture() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-curiosity-\(UUID().uuidString).tsv")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                           arguments: [Self.script.path, try #require(Self.capture).path, output.path])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(try String(contentsOf: output, encoding: .utf8) == BundledFixtures.curiosityWeatherSampleSols,
                "run Fixtures/curiosity/derive_curiosity_sample.py")
    }

    /// The script follows the decoder's rules where the capture has no such
    /// entry: "--" and implausible readings are empty fields, an entry without
    /// a sol number or an Earth date is left out, a repeated sol is kept once
    /// (its first entry), and the sols come out ascending.
    @Test(.enabled(if: hasPython, "python3 is absent"))
    func theScriptReadsOddEntriesAsTheDecoderDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-curiosity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let entries = [
            #"{"sol":"12","terrestrial_date":"2012-08-18","ls":"--","season":"Month 6","min_temp":"-900","max_temp":"-2.5","min_gts_temp":"--","max_gts_temp":"7","pressure":"740","local_uv_irradiance_index":"Very_High","sunrise":"05:30","sunset":"17:22"}"#,
            #"{"sol":"11","terrestrial_date":"2012-08-17","ls":"360","season":"Month 13","min_temp":"--","max_temp":"--","min_gts_temp":"--","max_gts_temp":"--","pressure":"--","local_uv_irradiance_index":"--","sunrise":"25:00","sunset":"--"}"#,
            #"{"sol":"12","terrestrial_date":"2012-08-19","ls":"151","min_temp":"-70"}"#,
            #"{"sol":"--","terrestrial_date":"2012-08-20","ls":"152"}"#,
            #"{"sol":"13","terrestrial_date":"2012-02-30","ls":"152"}"#,
            #"{"sol":14,"terrestrial_date":"2012-08-21","ls":152.5,"min_temp":-71,"sunrise":"05:31:07"}"#,
        ]
        let json = directory.appendingPathComponent("feed.json")
        try Data((#"{"soles":["# + entries.joined(separator: ",") + "]}").utf8).write(to: json)
        let output = directory.appendingPathComponent("sols.tsv")
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), arguments: [Self.script.path, json.path, output.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let expected = String(decoding: CuriosityCompactForm.encode(try CuriosityDecoder.decode(Data(contentsOf: json))), as: UTF8.self)
        #expect(try String(contentsOf: output, encoding: .utf8) == expected)
        #expect(expected.split(separator: "\n").count == 4)  // the header and sols 11, 12, 14
    }
}
