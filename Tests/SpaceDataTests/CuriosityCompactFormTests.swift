import Foundation
import Testing
import TestSupport
@testable import SpaceData

@Suite struct CuriosityCompactFormTests {
    @Test func writesOneTabSeparatedLinePerSolWithEmptyFieldsForMissingValues() throws {
        let feed = try CuriosityDecoder.decode(remsFeed([remsEntry(sol: 4801), remsEntry(sol: 880, allMissing)]))
        let text = String(decoding: CuriosityCompactForm.encode(feed), as: UTF8.self)
        #expect(text == """
        spacedash curiosity-sols 1
        880\t2026-02-07\t221\t8\t\t\t\t\t\t\t05:23\t17:34
        4801\t2026-02-07\t221\t8\t-67\t2\t-83\t12\t807\tModerate\t05:23\t17:34

        """)
    }

    @Test func readsBackExactlyWhatWasWritten() throws {
        let decimals = remsEntry(sol: 1130, ["min_temp": "-77.3", "pressure": "777.1", "sunrise": "\"06:15:41\"", "local_uv_irradiance_index": "\"Very_High\""])
        let feed = try CuriosityDecoder.decode(remsFeed([decimals, remsEntry(sol: 3, allMissing)]))
        #expect(try CuriosityCompactForm.decode(CuriosityCompactForm.encode(feed)) == feed)
    }

    @Test func theWholeMissionRoundTripsAtAFractionOfTheFeedsSize() throws {
        guard let folder = ProjectPaths.sharedData?.appendingPathComponent("mars-rovers") else { return }
        let body = try Data(contentsOf: folder.appendingPathComponent("msl-2026-02-11-chrstphlbr.json"))
        let feed = try CuriosityDecoder.decode(body)
        let compact = CuriosityCompactForm.encode(feed)
        #expect(try CuriosityCompactForm.decode(compact) == feed)
        #expect(compact.count * 10 < body.count, "the cached form is \(compact.count) bytes")
    }

    @Test func damagedEntriesAreErrorsNeverWrongData() {
        let header = "spacedash curiosity-sols 1\n"
        let cases: [(String, CuriosityCompactForm.Damaged)] = [
            ("{\"soles\":[]}", .init(line: 0, reason: "not a cached list of Curiosity sols")),
            (header, .init(line: 0, reason: "no sols")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\t\t05:30\t17:2", .init(line: 2, reason: "the last line is cut short")),
            (header + "1\t2012-08-07\t150\n", .init(line: 2, reason: "3 fields instead of 12")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\t\t05:30\t17:20\t\n", .init(line: 2, reason: "13 fields instead of 12")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\t\t05:30\t17:20\n\n", .init(line: 3, reason: "1 fields instead of 12")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\t\t05:30\t17:20\n2\t2012-02-30\t150\t6\t\t\t\t\t\t\t05:30\t17:20\n",
             .init(line: 3, reason: "no Earth date")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\tVery_Hig\t05:30\t17:20\n", .init(line: 2, reason: "the UV index is not readable")),
            (header + "x\t2012-08-07\t150\t6\t\t\t\t\t\t\t05:30\t17:20\n", .init(line: 2, reason: "no sol number")),
            (header + "1\t2012-08-07\t150\t6\t-999\t\t\t\t\t\t05:30\t17:20\n", .init(line: 2, reason: "the air low is not readable")),
            (header + "1\t2012-08-07\t150\t6\t\t\t\t\t\tExtreme\t05:30\t17:20\n", .init(line: 2, reason: "the UV index is not readable")),
        ]
        for (text, damage) in cases {
            #expect(throws: damage) { try CuriosityCompactForm.decode(Data(text.utf8)) }
        }
    }
}
