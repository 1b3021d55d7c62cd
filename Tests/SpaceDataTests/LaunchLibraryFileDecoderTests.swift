import Foundation
import Testing
import LaunchCorpus
import TestSupport
@testable import SpaceData

/// `--file`'s reader: record by record, the same launches as the whole-document
/// decoder, and one error with its byte offset wherever the JSON breaks.
@Suite struct LaunchLibraryFileDecoderTests {
    private func temporaryFile(_ data: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-file-decoder-\(UUID().uuidString).json")
        try data.write(to: url)
        return url
    }

    @Test(arguments: ["ll2-2.0.0.json", "ll2-2.2.0-detailed.json", "ll2-2.2.0-list.json",
                      "ll2-2.2.0-normal.json", "ll2-2.3.0-detailed.json", "ll2-2.3.0-normal.json"])
    func eachVersionReadsAsTheWholeDocumentDecoderReadsIt(_ name: String) throws {
        let data = try launchFixture(name)
        let file = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: file) }
        let expected = try LaunchLibraryDecoder.decodeWithJSONDecoder(data)
        #expect(try LaunchLibraryFileDecoder.decode(contentsOf: file.path) == expected)
        #expect(try LaunchLibraryFileDecoder.decode(bytes: Array(data)) == expected)
    }

    /// A million launches from a few hundred pads hold each pad's name once
    /// (a 1,000,000-launch file: 1,155 → 852 MiB at its peak, `make bench`).
    @Test func launchesOfAFileShareTheNamesTheyRepeat() throws {
        let record = #"{"id": "ID", "name": "Falcon 9 Block 5 | Starlink Group ID", "pad": {"name": "Space Launch Complex 40", "location": {"name": "Cape Canaveral SFS, FL, USA"}}, "launch_service_provider": {"name": "Space Exploration Technologies Corp."}}"#
        let json = "[" + ["1", "2", "3"].map { record.replacingOccurrences(of: "ID", with: $0) }.joined(separator: ",") + "]"
        let launches = try LaunchLibraryFileDecoder.decode(bytes: Array(json.utf8)).launches
        try #require(launches.count == 3)
        func storage(_ text: String?) -> UnsafeRawPointer? {
            text?.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
        }
        for field in [\Launch.padName, \Launch.locationName, \Launch.agencyName] {
            #expect(launches[0][keyPath: field] != nil)
            #expect(Set(launches.map { storage($0[keyPath: field]) }).count == 1)
        }
        #expect(Set(launches.map(\.name)).count == 3)
    }

    @Test func realCapturesReadAsTheWholeDocumentDecoderReadsThem() throws {
        guard let shared = ProjectPaths.sharedData else { return }  // ../shared/data absent: nothing to compare
        let folder = shared.appendingPathComponent("launches/ll2")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let expected = Result { () throws(LaunchLibraryError) in try LaunchLibraryDecoder.decodeWithJSONDecoder(data) }
            let streamed = Result { () throws(LaunchLibraryError) in try LaunchLibraryFileDecoder.decode(bytes: Array(data)) }
            switch (expected, streamed) {
            case (.success(let whole), .success(let records)): #expect(records == whole, "\(name)")
            case (.failure, .failure): break  // both refuse it (the messages may be more exact now)
            default: Issue.record("\(name): \(expected) but streamed \(streamed)")
            }
        }
    }

    @Test func spacedashsOwnOutputAndEnvelopeShapesReadBack() throws {
        let listing = try BundledLaunchListing.launches()
        let json = try JSONEncoder().encode(Array(listing.prefix(3)))
        #expect(try LaunchLibraryFileDecoder.decode(bytes: Array(json)).launches == Array(listing.prefix(3)))
        #expect(try LaunchLibraryFileDecoder.decode(bytes: Array("[]".utf8)).launches == [])
        let later = try LaunchLibraryFileDecoder.decode(bytes: Array(#" {"results": [], "next": "https://x/?offset=3", "count": 7} "#.utf8))
        #expect(later == LaunchPage(count: 7, next: "https://x/?offset=3", launches: []))
    }

    @Test(arguments: [
        #"{"count": 7, "next": "https:\/\/x\/?offset=3\u0026limit=3", "previous": null, "results": []}"#,
        #"{"count": null, "next": null, "previous": "https://x/?offset=0", "results": []}"#,
        #"{"count": "7", "next": 3, "previous": true, "results": []}"#,
        #"{"count": 7.5, "next": ["x"], "previous": {"a": 1}, "results": []}"#,
        #"{"count": -2 , "next": "caf\u00e9" , "results": []}"#,
    ])
    func theEnvelopesValuesReadAsTheWholeDocumentDecoderReadsThem(_ json: String) throws {
        let expected = try LaunchLibraryDecoder.decodeWithJSONDecoder(Data(json.utf8))
        #expect(try LaunchLibraryFileDecoder.decode(bytes: Array(json.utf8)) == expected)
    }

    @Test func aFileLargerThanAChunkReadsEveryRecordAcrossChunkBoundaries() throws {
        let data = SyntheticLaunchCorpus().launchLibraryJSON(count: 1_500)
        #expect(data.count > 2 << 20)  // more than two 1 MiB chunks
        let file = try temporaryFile(data)
        defer { try? FileManager.default.removeItem(at: file) }
        let page = try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
        #expect(page.launches.count == 1_500)
        #expect(page == (try LaunchLibraryDecoder.decodeWithJSONDecoder(data)))
    }

    /// The envelope's `count` reserves room for the launches before they are
    /// read; a count too high (even absurdly) or too low changes nothing read.
    @Test(arguments: [999_999_999_999_999_999, 1_500, 3, 0, -7])
    func theEnvelopesCountNeverChangesWhatAFileHolds(_ count: Int) throws {
        let data = SyntheticLaunchCorpus().launchLibraryJSON(count: 1_500)
        let expected = try LaunchLibraryDecoder.decodeWithJSONDecoder(data)
        let text = String(decoding: data, as: UTF8.self)
        let counted = try #require(text.range(of: #""count":1500"#))
        let file = try temporaryFile(Data(text.replacingCharacters(in: counted, with: #""count":\#(count)"#).utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let page = try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
        #expect(page.launches == expected.launches)
        #expect(page.count == count)
    }

    @Test func brokenJSONDeepInAHugeFileIsOneErrorAtItsByte() throws {
        var bytes = Array(SyntheticLaunchCorpus().launchLibraryJSON(count: 1_500))
        // The comma between launches 1,400 and 1,401, past the first chunks.
        var commas = 0, offset = 0
        for (index, pair) in zip(bytes, bytes.dropFirst()).enumerated() where pair == (UInt8(ascii: "}"), UInt8(ascii: ",")) {
            if bytes[index + 2] == UInt8(ascii: "{") && bytes[index + 3] == UInt8(ascii: "\"") && bytes[index + 4] == UInt8(ascii: "i") {
                commas += 1
                if commas == 1_400 { offset = index + 1; break }
            }
        }
        #expect(offset > 2 << 20)
        bytes[offset] = UInt8(ascii: ";")
        let file = try temporaryFile(Data(bytes))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: LaunchLibraryFileDecoder.Failure.notLaunches(.malformedJSON(offset: offset, expected: "',' or ']'"))) {
            try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
        }
        #expect(throws: ServiceFailure.fileNotLaunches(path: file.path, reason: "it is not valid JSON (at byte \(offset), ',' or ']' was expected)")) {
            try LaunchService.load(file: file.path)
        }
    }

    /// A break inside a record, in a value that is decoded or one passed over,
    /// deep in a file of many chunks (one record straddling a chunk's end): one
    /// error at its byte, worded as for a break between records.
    @Test(arguments: [
        // A decoded string: an escape JSON does not have.
        (#""abbrev":"HR""#, #""abbrev":"\q""#, 11, #"an escape (\", \\, \/, \b, \f, \n, \r, \t or \u)"#),
        // Passed over: a literal cut short, a number with a leading zero, a raw control character, a bracket that does not match.
        (#""image":null"#, #""image":nul!"#, 8, "a value"),
        (#""total_launch_count":0"#, #""total_launch_count":01"#, 22, "',' or '}'"),
        (#""response_mode":"normal""#, "\"response_mode\":\"nor\nal\"", 20, "a control character escaped in a string"),
        (#""program":[]"#, #""program":[}"#, 11, "a value"),
    ])
    func brokenJSONInsideARecordDeepInAHugeFileIsOneErrorAtItsByte(_ field: String, _ broken: String, _ wrongByte: Int, _ expected: String) throws {
        var bytes = Array(SyntheticLaunchCorpus().launchLibraryJSON(count: 3_000))
        // A record just before the 4 MiB mark, moved by spaces between records
        // so that the chunk ending there ends inside it, before the field.
        let mark = 4 << 20
        let found = try #require(Self.index(of: field, in: bytes, from: mark - 100_000))
        let recordStart = try #require(Self.index(of: #"{"id":""#, in: bytes, before: found))
        bytes.insert(contentsOf: repeatElement(UInt8(ascii: " "), count: mark + 1 - found), at: recordStart)
        let fieldStart = mark + 1
        bytes.replaceSubrange(fieldStart ..< fieldStart + field.utf8.count, with: Array(broken.utf8))
        let offset = fieldStart + wrongByte
        #expect(offset > mark, "the break comes after the chunk's end")
        let file = try temporaryFile(Data(bytes))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: LaunchLibraryFileDecoder.Failure.notLaunches(.malformedJSON(offset: offset, expected: expected))) {
            try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
        }
        #expect(throws: LaunchLibraryError.malformedJSON(offset: offset, expected: expected)) {
            try LaunchLibraryFileDecoder.decode(bytes: bytes)
        }
    }

    /// Where `text` first starts in `bytes` at or after `start`.
    private static func index(of text: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(text.utf8)
        return (start ... bytes.count - needle.count).first { bytes[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }

    /// Where `text` last starts in `bytes` before `end`.
    private static func index(of text: String, in bytes: [UInt8], before end: Int) -> Int? {
        let needle = Array(text.utf8)
        return (0 ... end - needle.count).reversed().first { bytes[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }

    @Test func aTruncatedFileFailsAtItsEnd() throws {
        let data = SyntheticLaunchCorpus().launchLibraryJSON(count: 1_000)
        let cut = data.prefix(data.count - 700)
        let file = try temporaryFile(cut)
        defer { try? FileManager.default.removeItem(at: file) }
        do throws(LaunchLibraryFileDecoder.Failure) {
            _ = try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
            Issue.record("a truncated file decoded")
        } catch .notLaunches(.malformedJSON(let offset, _)) {
            #expect(offset == cut.count)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func somethingAfterTheDocumentIsAnError() {
        #expect(throws: LaunchLibraryError.malformedJSON(offset: 3, expected: "the end of the file")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array("[] [".utf8))
        }
    }

    @Test func aByteOrderMarkBeforeTheDocumentIsIgnored() throws {
        let list = Array(#"[{"id": "a", "name": "Falcon 9 | A"}]"#.utf8)
        #expect(try LaunchLibraryFileDecoder.decode(bytes: [0xEF, 0xBB, 0xBF] + list).launches.map(\.id) == ["a"])
        #expect(throws: LaunchLibraryError.malformedJSON(offset: 4, expected: "a value")) {
            try LaunchLibraryFileDecoder.decode(bytes: [0xEF, 0xBB, 0xBF] + Array("[,]".utf8))
        }
    }

    /// `null` is JSON: it is told apart from text that only starts like a value.
    @Test func aDocumentOfOneValueIsJSONWithoutLaunches() {
        for (text, start) in [("null", "null"), (#" "text" "#, #""text""#), ("-4.5e3\n", "-4.5e3")] {
            #expect(throws: LaunchLibraryError.unexpectedShape("the whole document is one value, \(start)"), "\(text)") {
                try LaunchLibraryFileDecoder.decode(bytes: Array(text.utf8))
            }
        }
        for text in ["not found", "nul", "true x", "-"] {
            #expect(throws: LaunchLibraryError.notJSON(prefix: text), "\(text)") {
                try LaunchLibraryFileDecoder.decode(bytes: Array(text.utf8))
            }
        }
    }

    @Test func whatIsNotLaunchesSaysSoAsTheWholeDocumentDecoderDoes() {
        #expect(throws: LaunchLibraryError.notJSON(prefix: "<html>")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array("<html>".utf8))
        }
        #expect(throws: LaunchLibraryError.notJSON(prefix: "")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array(" \n".utf8))
        }
        #expect(throws: LaunchLibraryError.unexpectedShape("\"results\" is not a list")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array(#"{"results": {"id": 1}}"#.utf8))
        }
        #expect(throws: LaunchLibraryError.unexpectedShape("none of its 2 results is a launch with an id and a name")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array(#"{"results": [1, {"id": "a"}]}"#.utf8))
        }
        #expect(throws: LaunchLibraryError.throttled(retryAfter: 5)) {
            try LaunchLibraryFileDecoder.decode(bytes: Array(#"{"detail":"Request was throttled. Expected available in 5 seconds."}"#.utf8))
        }
    }

    /// `spacedash --json` saved and given back to `--file`: named for what it is.
    @Test func spacedashsDashboardJSONIsNamedAsSuch() throws {
        let dashboard = #"{"launches": {"source": {"kind": "sample"}, "launches": []}, "mars_weather": {"station": "curiosity", "sols": []}}"#
        let file = try temporaryFile(Data(dashboard.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: LaunchLibraryFileDecoder.Failure.spacedashDashboard) {
            try LaunchLibraryFileDecoder.decode(contentsOf: file.path)
        }
        #expect(throws: ServiceFailure.fileIsDashboard(path: file.path)) {
            try LaunchService.load(file: file.path)
        }
        // An object with only one of the two keys is no dashboard: `launches --json`
        // that matched nothing reads back as no launches.
        #expect(try LaunchLibraryFileDecoder.decode(bytes: Array(#"{"source": {}, "launches": []}"#.utf8)).launches.isEmpty)
        #expect(throws: LaunchLibraryError.unexpectedShape("it has no \"results\"")) {
            try LaunchLibraryFileDecoder.decode(bytes: Array(#"{"mars_weather": []}"#.utf8))
        }
    }
}
