import Foundation
import Testing
import TestSupport
@testable import SpaceData

@Suite struct LaunchPageCompactFormTests {
    private static let launch = Launch(
        id: "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc", name: "Falcon 9 Block 5 | Starlink Group 17-39",
        agencyName: "SpaceX", agencyAbbreviation: "SpX", agencyType: "Commercial",
        missionName: "Starlink Group 17-39", missionType: "Communications",
        missionDescription: "A batch of satellites.\n\tSecond line with a \\ backslash.\r",
        orbitName: "Low Earth Orbit", orbitAbbreviation: "LEO",
        padName: "Space Launch Complex 4E", locationName: "Vandenberg SFB, CA, USA", countryCode: "USA",
        latitude: 34.632, longitude: -120.611,
        net: Date(timeIntervalSince1970: 1_784_568_540), netPrecision: "Hour",
        windowStart: Date(timeIntervalSince1970: 1_784_568_540), windowEnd: Date(timeIntervalSince1970: 1_784_568_540.25),
        statusName: "Go for Launch", statusAbbreviation: "Go", rocketName: "Falcon 9 Block 5",
        webcastLive: true, lastUpdated: Date(timeIntervalSince1970: -276_307_200)
    )

    @Test func writesThePageThenOneTabSeparatedLinePerLaunchWithTextEscaped() {
        let page = LaunchPage(count: 364, next: "https://ll.test/2.3.0/launches/upcoming/?offset=10", previous: nil,
                              launches: [Self.launch, Launch(id: "1", name: "Vostok-K | Vostok 1")], skipped: 2)
        let text = String(decoding: LaunchPageCompactForm.encode(page), as: UTF8.self)
        #expect(text == """
        spacedash launch-page 1
        364\thttps://ll.test/2.3.0/launches/upcoming/?offset=10\t\t2
        e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc\tFalcon 9 Block 5 | Starlink Group 17-39\tSpaceX\tSpX\tCommercial\t\
        Starlink Group 17-39\tCommunications\tA batch of satellites.\\n\\tSecond line with a \\\\ backslash.\\r\t\
        Low Earth Orbit\tLEO\tSpace Launch Complex 4E\tVandenberg SFB, CA, USA\tUSA\t34.632\t-120.611\t\
        1784568540\tHour\t1784568540\t1784568540.25\tGo for Launch\tGo\tFalcon 9 Block 5\t1\t-276307200
        1\tVostok-K | Vostok 1\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t0\t

        """)
    }

    @Test func readsBackExactlyWhatWasWritten() throws {
        let page = LaunchPage(count: nil, next: nil, previous: "https://ll.test/?offset=0",
                              launches: [Self.launch, Launch(id: "1", name: "Vostok-K | Vostok 1", latitude: -0.0, longitude: 1e-7)], skipped: 0)
        #expect(try LaunchPageCompactForm.decode(LaunchPageCompactForm.encode(page)) == page)
        let empty = LaunchPage(launches: [])
        #expect(try LaunchPageCompactForm.decode(LaunchPageCompactForm.encode(empty)) == empty)
    }

    /// Every page the app decodes, bundled or captured, comes back from the cache
    /// as the same launches, at a fraction of the answer's size.
    @Test func everyRealPageRoundTripsAtAFractionOfItsSize() throws {
        var bodies = try LaunchLibraryDecoderFixturesTests.files.map { (name: $0, body: try launchFixture($0)) }
        bodies.append((name: "bundled listing", body: BundledLaunchListing.body))
        if let shared = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2") {
            for name in try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted() where name.hasSuffix(".json") {
                bodies.append((name: name, body: try Data(contentsOf: shared.appendingPathComponent(name))))
            }
        }
        for (name, body) in bodies {
            guard let page = try? LaunchLibraryDecoder.decodePage(body) else { continue }  // captured errors
            let compact = LaunchPageCompactForm.encode(page)
            #expect(try LaunchPageCompactForm.decode(compact) == page, "\(name)")
            if page.launches.count >= 5 { #expect(compact.count * 3 < body.count, "\(name): \(compact.count) of \(body.count) bytes") }
        }
    }

    @Test func damagedEntriesAreErrorsNeverWrongData() {
        let header = "spacedash launch-page 1\n"
        let fields = Array(repeating: "", count: 22)
        func launchLine(_ id: String, _ name: String, _ rest: [String]) -> String {
            ([id, name] + rest).joined(separator: "\t") + "\n"
        }
        var badLatitude = fields
        badLatitude[11] = "north"
        var badFlag = fields
        badFlag[20] = "yes"
        var noFlag = fields
        noFlag[20] = "0"
        let cases: [(String, LaunchPageCompactForm.Damaged)] = [
            (#"{"results":[]}"#, .init(line: 0, reason: "not a cached page of launches")),
            (header, .init(line: 2, reason: "the page's line is missing")),
            (header + "1\t\t\t0", .init(line: 2, reason: "the last line is cut short")),
            (header + "1\t\t0\n", .init(line: 2, reason: "3 fields instead of 4")),
            (header + "x\t\t\t0\n", .init(line: 2, reason: "count is not a whole number")),
            (header + "1\t\t\t\n", .init(line: 2, reason: "skipped is missing")),
            (header + "1\t\t\t0\n" + launchLine("1", "Vostok", Array(fields.dropLast())), .init(line: 3, reason: "23 fields instead of 24")),
            (header + "1\t\t\t0\n" + launchLine("", "Vostok", noFlag), .init(line: 3, reason: "a launch without an id or a name")),
            (header + "1\t\t\t0\n" + launchLine("1", "Vostok", badLatitude), .init(line: 3, reason: "latitude is not a number")),
            (header + "1\t\t\t0\n" + launchLine("1", "Vostok", badFlag), .init(line: 3, reason: "webcast is neither 1 nor 0")),
        ]
        for (text, damage) in cases {
            #expect(throws: damage, "\(text)") { try LaunchPageCompactForm.decode(Data(text.utf8)) }
        }
        #expect(throws: Never.self) { try LaunchPageCompactForm.decode(Data((header + "1\t\t\t0\n" + launchLine("1", "Vostok", noFlag)).utf8)) }
    }

    @Test func anAnswerAsLaunchLibrarySentItIsNotThisForm() throws {
        #expect(!LaunchPageCompactForm.holds(BundledLaunchListing.body))
        #expect(LaunchPageCompactForm.holds(LaunchPageCompactForm.encode(LaunchPage(launches: []))))
    }
}
