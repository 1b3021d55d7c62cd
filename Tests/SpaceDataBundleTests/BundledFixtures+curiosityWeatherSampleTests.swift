import Foundation
import Testing
import TestSupport
import SpaceData
import SpaceDataBundle

@Suite struct BundledCuriosityWeatherSampleFixtureTests {
    static var json: URL { ProjectPaths.fixtures.appendingPathComponent("bundled/curiosityWeatherSample.json") }

    /// The binary holds the sample's sols in the cache's compact form: exactly
    /// what the feed's decoder makes of the committed JSON, byte for byte.
    @Test func theCompiledSolsAreWhatTheDecoderReadsFromTheJSON() throws {
        let decoded = try CuriosityDecoder.decode(Data(contentsOf: Self.json))
        let expected = String(decoding: CuriosityCompactForm.encode(decoded), as: UTF8.self)
        #expect(BundledFixtures.curiosityWeatherSampleSols == expected, "run `make fixtures`: the compiled Curiosity sample is out of date")
        #expect(try CuriositySample.feed() == decoded)
    }

    /// `make fixtures` writes the committed file: its generator reads the JSON
    /// by the decoder's rules.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is absent"))
    func theGeneratorWritesTheCompiledFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-curiosity-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = ProjectPaths.fixtures.appendingPathComponent("curiosity/compact_curiosity_sample.py")
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script.path, Self.json.path, output.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let committed = ProjectPaths.root.appendingPathComponent("Sources/SpaceDataBundle/BundledFixtures+curiosityWeatherSample.swift")
        #expect(try String(contentsOf: output, encoding: .utf8) == String(contentsOf: committed, encoding: .utf8),
                "run `make fixtures`: Fixtures/curiosity/compact_curiosity_sample.py writes something else")
    }

    /// The generator follows the decoder's rules where the sample has no such
    /// entry: "--" and implausible readings are empty fields, an entry without
    /// a sol number or an Earth date is left out, a repeated sol is kept once
    /// (its first entry), and the sols come out ascending.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "python3 is absent"))
    func theGeneratorReadsOddEntriesAsTheDecoderDoes() throws {
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
        let output = directory.appendingPathComponent("out.swift")
        let script = ProjectPaths.fixtures.appendingPathComponent("curiosity/compact_curiosity_sample.py")
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script.path, json.path, output.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let swift = try String(contentsOf: output, encoding: .utf8)
        let literal = try #require(swift.range(of: "#\"\"\"\n").flatMap { start in
            swift.range(of: "\n\"\"\"#", range: start.upperBound ..< swift.endIndex).map { swift[start.upperBound ..< $0.lowerBound] }
        })
        let expected = String(decoding: CuriosityCompactForm.encode(try CuriosityDecoder.decode(Data(contentsOf: json))), as: UTF8.self)
        #expect(String(literal) == expected)
        #expect(expected.split(separator: "\n").count == 4)  // the header and sols 11, 12, 14
    }
}
