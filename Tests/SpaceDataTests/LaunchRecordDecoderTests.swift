import Foundation
@testable import SpaceData
import Testing
import TestSupport

/// `LaunchRecordDecoder` reads a record as `JSONDecoder` reads it through
/// `RawLaunch`: every real record, and every odd shape the API documentation
/// lists (../shared/docs/launch-library-api.md), gives the same `Launch`.
@Suite struct LaunchRecordDecoderTests {
    private static func read(_ json: String) throws(JSONByteReader.Failure) -> (launch: Launch?, length: Int) {
        try Array(json.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(JSONByteReader.Failure) in try LaunchRecordDecoder.read(bytes) }
        }.get()
    }

    private static func byBytes(_ json: String) -> Launch? {
        (try? read(json))?.launch
    }

    private static func byJSONDecoder(_ json: String) -> Launch? {
        guard var raw = try? JSONDecoder().decode(RawLaunch.self, from: Data(json.utf8)) else { return nil }
        return raw.takeLaunch()
    }

    private static let oddRecords: [String] = [
        // 2.2.0 list mode: bare names for the nested objects.
        #"{"id": "a", "name": "Falcon 9 | Starlink", "status": "Go", "mission": "Starlink", "pad": "SLC-40", "location": "Cape Canaveral", "orbit": "LEO", "lsp_name": "SpaceX", "mission_type": "Communications"}"#,
        // Values of the wrong type are absent, not a failed record.
        #"{"id": "b", "name": "X", "status": 5, "net": 123, "launch_service_provider": "SpaceX", "rocket": "Falcon", "webcast_live": "yes", "mission": 7, "pad": [1], "window_start": true}"#,
        // "" and whitespace alone are absent, Unicode whitespace included.
        #"{"id": "c", "name": "Y", "status": {"name": "", "abbrev": "  "}, "mission": {"name": "\u00a0", "type": "\t"}}"#,
        // null everywhere.
        #"{"id": "d", "name": "Z", "status": null, "net": null, "net_precision": null, "mission": null, "pad": null, "rocket": null, "launch_service_provider": null, "webcast_live": null, "last_updated": null}"#,
        // Coordinates: strings (2.2.0), padded, not numbers, out of range, numbers.
        #"{"id": "e", "name": "P", "pad": {"latitude": " 28.5 ", "longitude": "abc", "location": {"latitude": "1e999", "longitude": -80.6}}}"#,
        #"{"id": "e2", "name": "P", "pad": {"latitude": 28.56194122, "longitude": "-80.577", "country_code": "USA"}}"#,
        // Ids as numbers (2.0.0 used integers).
        #"{"id": 42, "name": "N"}"#,
        #"{"id": 42.0, "name": "N"}"#,
        #"{"id": -3, "name": "N"}"#,
        #"{"id": 1.5, "name": "N"}"#,
        #"{"id": 99999999999999999999, "name": "N"}"#,
        #"{"id": "", "name": "N"}"#,
        // The last of two equal keys wins.
        #"{"id": "f", "name": "A", "name": "B", "mission": {"name": "M"}, "mission": null}"#,
        #"{"id": "f2", "name": "A", "status": {"name": "Go"}, "status": 3}"#,
        // A mission orbit that is there but empty still hides the top-level orbit.
        #"{"id": "g", "name": "O", "mission": {"orbit": ""}, "orbit": {"name": "Low Earth Orbit", "abbrev": "LEO"}}"#,
        #"{"id": "g2", "name": "O", "mission": {"name": "M"}, "orbit": {"name": "Low Earth Orbit", "abbrev": "LEO"}}"#,
        // Escapes in keys and values.
        #"{"i\u0064": "h", "n\u0061me": "Caf\u00e9 \"quoted\"\nline", "status": {"na\u006de": "\ud83d\ude80 Go"}}"#,
        // Country: the code, else the 2.3.0 country object's alpha-3 code; a pad's empty location still wins.
        #"{"id": "i", "name": "C", "pad": {"country": {"alpha_3_code": "NZL"}, "location": {}}, "location": {"name": "Mahia", "country_code": "NZL"}}"#,
        #"{"id": "i2", "name": "C", "pad": {"country_code": "USA", "country": {"alpha_3_code": "NZL"}}}"#,
        #"{"id": "i3", "name": "C", "pad": {"country": "NZL", "location": "Mahia"}}"#,
        // The rocket: the configuration's full name, else its name; else the part of the name before " | ".
        #"{"id": "j", "name": "Electron | Mission", "rocket": {"configuration": {"name": "Electron", "full_name": ""}}}"#,
        #"{"id": "j2", "name": "Electron | Mission", "rocket": {"configuration": "Electron"}}"#,
        #"{"id": "j3", "name": "Electron | Mission | More", "rocket": {"id": 3}}"#,
        #"{"id": "j4", "name": " | Mission"}"#,
        #"{"id": "j5", "name": "Союз-2.1а | Прогресс МС-34"}"#,
        #"{"id": "j6", "name": "Falcon 9 |Mission | x"}"#,
        #"{"id": "j7", "name": "A | "}"#,
        #"{"id": "j8", "name": "ab"}"#,
        // The agency type: a string before 2.3.0, an object after.
        #"{"id": "k", "name": "T", "launch_service_provider": {"name": "SpaceX", "abbrev": "SpX", "type": "Commercial"}}"#,
        #"{"id": "k2", "name": "T", "launch_service_provider": {"name": "SpaceX", "type": {"id": 1, "name": "Commercial"}}}"#,
        // Dates: with and without fractions, broken, and webcasts.
        #"{"id": "l", "name": "D", "net": "2026-11-24T03:12:00Z", "window_start": "2026-11-24T03:12:00.123Z", "window_end": "tomorrow", "last_updated": "2026-11-20T10:00:00Z", "webcast_live": true}"#,
        // Dates read from their bytes: escaped, padded, empty, cut, at a zone offset.
        #"{"id": "l2", "name": "D", "net": "2026-11-24T03:12:00\u005A", "window_start": " 2026-11-24T03:12:00Z", "window_end": "", "last_updated": "2026-11-20T10:00:00+02:00"}"#,
        #"{"id": "l3", "name": "D", "net": "2026-11-24", "window_start": "2026-02-30T00:00:00Z", "webcast_live": false}"#,
        // Text that starts with a space or an escape is still text; blank is absent.
        #"{"id": "n", "name": " Leading", "mission": {"name": "\u0020", "description": "\tTabbed"}, "status": {"name": "\u00a0Go"}}"#,
        // Literals at the end of the bytes and wrongly typed.
        #"{"id": "o", "name": "L", "webcast_live": null, "launch_service_provider": true, "pad": false}"#,
        // Unknown keys of every kind are passed over.
        #"{"url": "https://x", "image": {"a": [1, {"b": null}], "c": [[]]}, "id": "m", "program": [], "name": "U", "count": -1.5e3, "flag": false}"#,
        // Not launches: no id, no name, not an object.
        #"{"name": "no id"}"#,
        #"{"id": "no name"}"#,
        #"[1, 2]"#,
        #""a launch""#,
        #"5"#,
        #"null"#,
    ]

    @Test(arguments: oddRecords)
    func readsAnOddRecordAsJSONDecoderDoes(_ record: String) {
        #expect(Self.byBytes(record) == Self.byJSONDecoder(record), "\(record)")
    }

    /// A file's records share the names they repeat; what each reads is unchanged.
    @Test func recordsReadWithSharedNamesReadAsAlone() {
        let shared = RepeatedText()
        for record in Self.oddRecords + Self.oddRecords {
            let read = Array(record.utf8).withUnsafeBufferPointer { bytes in
                try? LaunchRecordDecoder.read(bytes, repeatedText: shared)
            }
            #expect(read?.launch == Self.byBytes(record), "\(record)")
        }
    }

    /// `--file` builds each launch in place in its array: the same launches,
    /// the same lengths, nothing appended for a value that is not a launch.
    @Test func readingIntoAnArrayReadsAsReadingAlone() {
        var launches: [Launch] = []
        for record in Self.oddRecords {
            let alone = Array(record.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(JSONByteReader.Failure) in try LaunchRecordDecoder.read(bytes) }
            }
            let before = launches.count
            let appended = Array(record.utf8).withUnsafeBufferPointer { bytes in
                Result { () throws(JSONByteReader.Failure) in
                    try LaunchRecordDecoder.read(bytes, repeatedText: RepeatedText(), appendingTo: &launches)
                }
            }
            switch (alone, appended) {
            case let (.success(alone), .success(appended)):
                #expect(appended.isLaunch == (alone.launch != nil) && appended.length == alone.length, "\(record)")
                #expect(launches.count == before + (alone.launch == nil ? 0 : 1), "\(record)")
                if let launch = alone.launch { #expect(launches.last == launch, "\(record)") }
            case let (.failure(alone), .failure(appended)):
                #expect(alone == appended && launches.count == before, "\(record)")
            default:
                Issue.record("one read failed and the other did not: \(record)")
            }
        }
        #expect(launches.count > 30)
    }

    @Test func oddRecordsAreReadAtAll() throws {
        // The comparison above would pass if both read nothing.
        let launch = try #require(Self.byBytes(Self.oddRecords[0]))
        #expect(launch.missionName == "Starlink" && launch.padName == "SLC-40" && launch.rocketName == "Falcon 9")
        let escaped = try #require(Self.byBytes(Self.oddRecords[16]))
        #expect(escaped.id == "h" && escaped.name == "Café \"quoted\"\nline" && escaped.statusName == "🚀 Go")
        #expect(Self.byBytes(#"{"id": 42, "name": "N"}"#)?.id == "42")
        #expect(Self.byBytes(#"{"id": "f", "name": "A", "name": "B"}"#)?.name == "A")
        let datedRecord = try #require(Self.oddRecords.first { $0.contains(#""l2""#) })
        let dated = try #require(Self.byBytes(datedRecord))
        #expect(dated.net == LaunchLibraryDate.date(from: "2026-11-24T03:12:00Z") && dated.net != nil)
        #expect(dated.lastUpdated == LaunchLibraryDate.date(from: "2026-11-20T08:00:00Z") && dated.lastUpdated != nil)
        #expect(dated.windowStart == nil && dated.windowEnd == nil)
        let textRecord = try #require(Self.oddRecords.first { $0.contains(#""id": "n""#) })
        let texts = try #require(Self.byBytes(textRecord))
        #expect(texts.name == " Leading" && texts.missionName == nil && texts.missionDescription == "\tTabbed")
        #expect(texts.statusName == "\u{a0}Go")
    }

    /// A lone surrogate escape: `JSONDecoder` drops the field; this decoder keeps
    /// the text with U+FFFD in its place (documented on the type).
    @Test func aLoneSurrogateBecomesAReplacementCharacter() {
        #expect(Self.byBytes(#"{"id": "s", "name": "Bad \ud800 name"}"#)?.name == "Bad \u{FFFD} name")
    }

    @Test func saysWhereTheRecordEndsSoTheNextIsReadFromThere() throws {
        let record = #"{"id": "a", "name": "N", "image": {"url": [1, {"b": "}"}]}}"#
        let read = try Self.read(record + #" , {"id": "b", "name": "M"}]"#)
        #expect(read.launch?.id == "a")
        #expect(read.length == record.utf8.count)
        #expect(try Self.read(#"[1, {"a": 2}] , 3"#).length == 13)  // not a launch, passed over whole
    }

    /// The syntax is checked in the same walk as the decoding, in the values
    /// passed over too: a broken record is an error at its first wrong byte,
    /// never a launch.
    @Test(arguments: [
        (#"{"id": "a", "name": "N", "image": {"url": [1, 2,]}}"#, "]}}", "unexpected character"),
        (#"{"id": "a", "name": "N", "count": 012}"#, "12}", "expected '}'"),
        (#"{"id": "a", "name": "N", "flag": nul}"#, "nul}", "bad literal"),
        (#"{"id": "a", "name": "N" "net": "x"}"#, #""net""#, "expected '}'"),
        (#"{"id": "a", "name": "N\q"}"#, #"q""#, "bad escape"),
        (#"{"id": "a", "name": "N", "pad": {"name": "P", 5: 1}}"#, "5:", "expected a key"),
        ("{\"id\": \"a\", \"slug\": \"x\u{01}y\", \"name\": \"N\"}", "\u{01}", "control character in a string"),
    ])
    func malformedJSONInARecordIsAnErrorAtItsFirstWrongByte(_ record: String, _ wrong: String, _ what: String) {
        let offset = record.utf8.count - record[record.range(of: wrong)!.lowerBound...].utf8.count
        #expect(throws: JSONByteReader.Failure.malformed(what, offset: offset)) { try Self.read(record) }
    }

    @Test func aRecordCutShortSaysSoRatherThanMalformed() {
        for cut in [#"{"id": "a", "name": "N", "image": {"url": [1,"#, #"{"id": "a", "na"#, #"{"id": 12"#, "{"] {
            #expect(throws: JSONByteReader.Failure.truncated, "\(cut)") { try Self.read(cut) }
        }
    }

    /// Every record of every bundled and captured Launch Library response.
    @Test func readsEveryRealRecordAsJSONDecoderDoes() throws {
        var files = try FileManager.default.contentsOfDirectory(at: ProjectPaths.fixtures.appendingPathComponent("launches"), includingPropertiesForKeys: nil)
        files.append(ProjectPaths.fixtures.appendingPathComponent("bundled/launchesListing.json"))
        if let captures = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2"),  // absent: the project's own only
           let more = try? FileManager.default.contentsOfDirectory(at: captures, includingPropertiesForKeys: nil) { files += more }
        var compared = 0
        for file in files where file.pathExtension == "json" {
            guard let object = try? JSONSerialization.jsonObject(with: Data(contentsOf: file)),
                  let results = (object as? [String: Any])?["results"] as? [Any] else { continue }
            for result in results {
                let record = String(decoding: try JSONSerialization.data(withJSONObject: result), as: UTF8.self)
                #expect(Self.byBytes(record) == Self.byJSONDecoder(record), "\(file.lastPathComponent): \(record.prefix(80))")
                compared += 1
            }
        }
        #expect(compared >= 10)
    }
}
