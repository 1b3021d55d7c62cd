import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// The project's own small responses in each version's schema (Fixtures/launches).
func launchFixture(_ name: String) throws -> Data {
    try Data(contentsOf: ProjectPaths.fixtures.appendingPathComponent("launches/\(name)"))
}

private func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

@Suite struct LaunchLibraryDecoderTests {
    // MARK: each version and mode

    @Test func v230NormalReadsEveryField() throws {
        // Capture 4 is a bare results array (no count, no next), as the API's pasted answers often are.
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json"))
        #expect(page.count == nil)
        #expect(page.next == nil)
        #expect(page.previous == nil)
        #expect(page.launches.count == 3)
        #expect(page.skipped == 0)
        let vulcan = page.launches[0]
        #expect(vulcan == Launch(
            id: "cd199e27-63cd-409c-817c-5c38039b17cd", name: "Vulcan VC2S | Certification Flight 2",
            agencyName: "United Launch Alliance", agencyAbbreviation: "ULA", agencyType: "Commercial",
            missionName: "Certification Flight 2", missionType: "Test Flight",
            missionDescription: "Replacement Vulcan test launch with inert payload, experiments, and demonstrations for certification with the USSF after delays caused by payload testing of the Sierra Space Dreamchaser CRS SNC-1 mission, the original planned payload.",
            orbitName: "Low Earth Orbit", orbitAbbreviation: "LEO",
            padName: "Space Launch Complex 41", locationName: "Cape Canaveral SFS, FL, USA",
            countryCode: "USA", latitude: 28.58341025, longitude: -80.58303644,
            net: date("2024-10-04T10:00:00Z"), netPrecision: "Minute",
            windowStart: date("2024-10-04T10:00:00Z"), windowEnd: date("2024-10-04T13:00:00Z"),
            statusName: "Go for Launch", statusAbbreviation: "Go", rocketName: "Vulcan VC2S", webcastLive: false,
            lastUpdated: date("2024-09-30T12:57:32Z")
        ))
    }

    @Test func v230NormalWithEveryNestedObjectNull() throws {
        let launch = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json")).launches[1]
        #expect(launch.name == "Falcon 9 Block 5 | Starlink Group 10-10")
        #expect(launch.agencyName == nil && launch.agencyAbbreviation == nil && launch.agencyType == nil)
        #expect(launch.missionName == nil && launch.missionType == nil && launch.missionDescription == nil)
        #expect(launch.orbitName == nil && launch.padName == nil && launch.locationName == nil && launch.countryCode == nil)
        #expect(launch.latitude == nil && launch.longitude == nil)
        #expect(launch.statusName == nil && launch.statusAbbreviation == nil)
        #expect(launch.netPrecision == nil)
        #expect(launch.net == date("2024-10-05T07:43:00Z"))
        // With no rocket object, the rocket is the part of the name before " | ".
        #expect(launch.rocketName == "Falcon 9 Block 5")
    }

    @Test func v230NormalWithNullCountryOrbitCoordinatesAndEmptyStrings() throws {
        let launch = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json")).launches[2]
        #expect(launch.name == "Falcon 9 Block 5 | Hera")
        #expect(launch.locationName == "Cape Canaveral SFS, FL, USA")
        #expect(launch.countryCode == nil)
        #expect(launch.latitude == 28.488889 && launch.longitude == -80.577778, "the location's coordinates stand in for the pad's null ones")
        #expect(launch.orbitName == nil)
        #expect(launch.missionDescription == nil, "\"\" is read as absent")
        #expect(launch.agencyAbbreviation == nil, "\"\" is read as absent")
        #expect(launch.agencyName == "SpaceX")
        #expect(launch.statusAbbreviation == "TBC")
        #expect(launch.netPrecision == "Minute")
    }

    @Test func v230Detailed() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-detailed.json"))
        #expect(page.launches.map(\.name) == ["Falcon 9 Block 5 | OneWeb 20", "Falcon Heavy | Europa Clipper"])
        let clipper = page.launches[1]
        #expect(clipper.agencyName == "SpaceX" && clipper.agencyAbbreviation == "SpX" && clipper.agencyType == "Commercial")
        #expect(clipper.missionType == "Planetary Science")
        #expect(clipper.locationName == "Kennedy Space Center, FL, USA")
        #expect(clipper.padName == "Launch Complex 39A")
        #expect(clipper.countryCode == "USA")
        #expect(clipper.statusName == "Go for Launch" && clipper.statusAbbreviation == "Go")
        #expect(clipper.rocketName == "Falcon Heavy")
        #expect(page.launches[0].statusName == "To Be Confirmed" && page.launches[0].statusAbbreviation == "TBC")
        #expect(page.next == nil)
    }

    @Test func v220ListReadsTheFlattenedStrings() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-list.json"))
        #expect(page.count == 363)
        #expect(page.next == "https://ll.thespacedevs.com/2.2.0/launch/upcoming/?limit=10&mode=list&offset=10")
        let mrv = page.launches[1]
        #expect(mrv.name == "Falcon 9 Block 5 | MRV-1")
        #expect(mrv.agencyName == "SpaceX")
        #expect(mrv.agencyAbbreviation == nil)
        #expect(mrv.missionName == "MRV-1")
        #expect(mrv.missionType == "Mission Extension")
        #expect(mrv.padName == "Space Launch Complex 40")
        #expect(mrv.locationName == "Cape Canaveral SFS, FL, USA")
        #expect(mrv.rocketName == "Falcon 9 Block 5")
        #expect(mrv.orbitName == nil, "2.2.0 list mode has a null top-level orbit")
        #expect(mrv.latitude == nil, "list mode carries no coordinates")
        #expect(mrv.net == date("2026-07-21T21:15:00Z"))
        #expect(mrv.statusAbbreviation == "Go")
        #expect(page.launches[0].netPrecision == "Second")
    }

    @Test func v220ListWithEmptyAndNullStrings() throws {
        let gravity = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-list.json")).launches[2]
        #expect(gravity.agencyName == nil)
        #expect(gravity.missionType == nil)
        #expect(gravity.locationName == nil)
        #expect(gravity.netPrecision == nil)
        #expect(gravity.missionName == "Unknown Payload")
        #expect(gravity.padName == "Yellow Sea (launch location 5)")
    }

    @Test func v220NormalWithStringCoordinatesAndANullMission() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-normal.json"))
        let kinetica = page.launches[0]
        #expect(kinetica.agencyName == "CAS Space")
        #expect(kinetica.agencyType == "Commercial", "the agency type is a plain string before 2.3.0")
        #expect(kinetica.latitude == 40.8182 && kinetica.longitude == 100.22514, "coordinates are strings before 2.3.0")
        #expect(kinetica.countryCode == "CHN")
        #expect(kinetica.locationName == "Jiuquan Satellite Launch Center, People's Republic of China")
        #expect(kinetica.statusName == "Go for Launch")
        let starlink = page.launches[1]
        #expect(starlink.name == "Falcon 9 Block 5 | Starlink Group 17-51")
        #expect(starlink.missionName == nil && starlink.missionType == nil && starlink.orbitName == nil)
        #expect(starlink.net == date("2026-07-24T14:00:00Z"))
        #expect(starlink.agencyName == "SpaceX")
        #expect(starlink.padName == "Space Launch Complex 4E")
        #expect(starlink.latitude == 34.632)
    }

    @Test func v220DetailedReadsTheFullAgency() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-detailed.json"))
        let longMarch = page.launches[0]
        #expect(longMarch.agencyName == "China Aerospace Science and Technology Corporation")
        #expect(longMarch.agencyAbbreviation == "CASC")
        #expect(longMarch.agencyType == "Government")
        #expect(longMarch.missionType == "Unknown")
        #expect(longMarch.locationName == "Xichang Satellite Launch Center, People's Republic of China")
        #expect(longMarch.orbitAbbreviation == "N/A")
        #expect(longMarch.netPrecision == "Hour")
        #expect(page.launches[1].orbitAbbreviation == "Sub")
    }

    @Test func v200HasShortStatusesAndNoPrecision() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.0.0.json"))
        let starlink = page.launches[0]
        #expect(starlink.name == "Falcon 9 Block 5 | Starlink Group 10-40")
        #expect(starlink.statusName == "Success" && starlink.statusAbbreviation == nil)
        #expect(starlink.statusShort == "Success")
        #expect(starlink.netPrecision == nil)
        #expect(starlink.locationName == "Cape Canaveral SFS, FL, USA")
        #expect(starlink.latitude == 28.56194122)
        let kairos = page.launches[1]
        #expect(kairos.latitude == nil && kairos.longitude == nil, "\"\" coordinates are absent")
        #expect(kairos.rocketName == "Kii-based Advanced & Instant ROcket System")
        #expect(kairos.agencyName == "Space One")
        #expect(kairos.statusName == "Failure")
    }

    // MARK: shapes of the body

    @Test func aBareResultsArrayAndASingleLaunchObjectAreAccepted() throws {
        let array = #"[{"id":"a","name":"Rocket | One"},{"id":"b","name":"Rocket | Two"}]"#
        let page = try LaunchLibraryDecoder.decodePage(Data(array.utf8))
        #expect(page.count == nil)
        #expect(page.launches.map(\.id) == ["a", "b"])
        let single = #"{"id":"c","name":"Rocket | Three","mission":{"type":"Tourism"}}"#
        #expect(try LaunchLibraryDecoder.decodePage(Data(single.utf8)).launches.map(\.missionType) == ["Tourism"])
    }

    @Test func spacedashsOwnJSONReadsBackWhole() throws {
        let launches = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json")).launches
        let saved = try JSONEncoder().encode(launches)  // what `launches --json` writes
        let page = try LaunchLibraryDecoder.decodePage(saved)
        #expect(page.launches == launches, "agency, mission, pad, dates: every field")
        #expect(page.launches[0].agencyName == "United Launch Alliance")
        let single = try JSONEncoder().encode(launches[0])  // what `-i --json` writes
        #expect(try LaunchLibraryDecoder.decodePage(single).launches == [launches[0]])
        let broken = #"[{"id":"a","name":"A","agency":"X","agency_abbrev":null,"status_abbrev":null,"net":"soon"},{"id":"b","name":"B","agency":"Y","agency_abbrev":"Y","status_abbrev":"Go"}]"#
        let partial = try LaunchLibraryDecoder.decodePage(Data(broken.utf8))
        #expect(partial.launches.map(\.agencyName) == ["Y"] && partial.skipped == 1)
    }

    @Test func resultsThatAreNotLaunchesAreSkippedNotFatal() throws {
        let body = #"{"count":4,"next":"","previous":null,"results":[{"id":"a","name":"A"},{"name":"no id"},7,{"id":"b","name":"B","net":"not a date","pad":[1,2],"webcast_live":"yes"}]}"#
        let page = try LaunchLibraryDecoder.decodePage(Data(body.utf8))
        #expect(page.launches.map(\.id) == ["a", "b"])
        #expect(page.skipped == 2)
        #expect(page.next == nil, "an empty next is no next page")
        #expect(page.launches[1].net == nil && page.launches[1].padName == nil && page.launches[1].webcastLive == false)
    }

    @Test func olderVersionsMayHaveNullDatesAndStatus() throws {
        let body = #"""
        {"count":1,"next":null,"previous":null,"results":[{"id":"a","name":"Vostok | Unknown","status":null,"net":null,
         "window_start":null,"window_end":"","net_precision":null,"launch_service_provider":null,"rocket":{"configuration":null},
         "mission":{"name":"","type":"","orbit":{"name":null}},"pad":{"name":"Site 1/5","location":null,"latitude":null},"webcast_live":null}]}
        """#
        let launch = try #require(try LaunchLibraryDecoder.decodePage(Data(body.utf8)).launches.first)
        #expect(launch.net == nil && launch.windowStart == nil && launch.windowEnd == nil && launch.netPrecision == nil)
        #expect(launch.statusName == nil && launch.agencyName == nil)
        #expect(launch.missionName == nil && launch.missionType == nil && launch.orbitName == nil)
        #expect(launch.rocketName == "Vostok", "no configuration: the name before \" | \"")
        #expect(launch.padName == "Site 1/5" && launch.locationName == nil && launch.latitude == nil)
        #expect(launch.webcastLive == false)
    }

    @Test func anEmptyPageIsNotAnError() throws {
        let page = try LaunchLibraryDecoder.decodePage(Data(#"{"count":0,"next":null,"previous":null,"results":[]}"#.utf8))
        #expect(page.launches.isEmpty && page.count == 0)
    }

    @Test func agencyTypeIsStringOrObjectAndCoordinatesStringOrNumber() throws {
        let body = #"""
        [{"id":"a","name":"A","launch_service_provider":{"name":"X","type":{"id":3,"name":"Commercial"}},"pad":{"latitude":"-39.26","longitude":177.86}},
         {"id":"b","name":"B","launch_service_provider":{"name":"Y","type":"Private"},"pad":{"latitude":12,"longitude":" 8.5 "}}]
        """#
        let launches = try LaunchLibraryDecoder.decodeLaunches(Data(body.utf8))
        #expect(launches.map(\.agencyType) == ["Commercial", "Private"])
        #expect(launches.map(\.latitude) == [-39.26, 12])
        #expect(launches.map(\.longitude) == [177.86, 8.5])
    }

    // MARK: errors

    @Test func aThrottleBodyBecomesThrottledWithItsSeconds() {
        let body = #"{"detail":"Request was throttled. Expected available in 1234 seconds."}"#
        #expect(throws: LaunchLibraryError.throttled(retryAfter: 1234)) { try LaunchLibraryDecoder.decodePage(Data(body.utf8)) }
        let one = #"{"detail":"Request was throttled. Expected available in 1 second."}"#
        #expect(throws: LaunchLibraryError.throttled(retryAfter: 1)) { try LaunchLibraryDecoder.decodePage(Data(one.utf8)) }
    }

    @Test func anotherDetailBecomesAnAPIError() {
        #expect(throws: LaunchLibraryError.api(detail: "Not found.", status: nil)) {
            try LaunchLibraryDecoder.decodePage(Data(#"{"detail":"Not found."}"#.utf8))
        }
        #expect(LaunchLibraryDecoder.detail(in: Data(#"{"detail":"Not found."}"#.utf8)) == "Not found.")
        #expect(LaunchLibraryDecoder.detail(in: Data("<html>".utf8)) == nil)
    }

    @Test(arguments: ["<!DOCTYPE html><html><body>Bad Gateway</body></html>", "", "   \n", "{\"count\": 3, \"results\": [", "Service Unavailable"])
    func aBodyThatIsNotJSONIsNotJSON(_ body: String) {
        #expect {
            try LaunchLibraryDecoder.decodePage(Data(body.utf8))
        } throws: { error in
            guard case .notJSON = error as? LaunchLibraryError else { return false }
            return true
        }
    }

    @Test func wellFormedJSONOfAnotherShapeIsAShapeError() {
        for body in [#"{"count":1}"#, #"{"results":"none"}"#, #"[1,2,3]"#, "42"] {
            #expect {
                try LaunchLibraryDecoder.decodePage(Data(body.utf8))
            } throws: { error in
                switch error as? LaunchLibraryError {
                case .unexpectedShape?: return true
                case .notJSON? where body == "42": return true  // a bare number is not a page and not an object
                default: return false
                }
            }
        }
    }

    @Test func theErrorPrefixIsShortAndPrintable() {
        let error = LaunchLibraryError.notJSON(prefix: LaunchLibraryDecoder.prefix(of: Data("<html>\u{1b}[31m red\nand a very long line of text after it".utf8)))
        #expect(!error.description.contains("\u{1b}") && !error.description.contains("\n"))
        #expect(error.description.contains("…"))
        #expect(error.description.contains("\"<html> red and a very long line of text"), "the escape sequence goes whole, like on the terminal")
    }

    // MARK: the real captures in ../shared/data

    /// The expected values are read from the same files with JSONSerialization,
    /// independently of the decoder, field by field as each version spells them.
    @Test func everyRealCaptureDecodesEveryLaunch() throws {
        guard let shared = ProjectPaths.sharedData else { return }
        let folder = shared.appendingPathComponent("launches/ll2")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 4)
        var checked = 0
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let page = try LaunchLibraryDecoder.decodePage(data)
            let json = try JSONSerialization.jsonObject(with: data)
            let results = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["results"] as? [[String: Any]]) ?? []
            #expect(page.launches.count == results.count, "\(file)")
            #expect(page.skipped == 0)
            for (launch, raw) in zip(page.launches, results) {
                let context = Comment(rawValue: "\(file): \(launch.name)")
                #expect(launch.id == raw["id"] as? String, context)
                #expect(launch.name == raw["name"] as? String, context)
                let provider = raw["launch_service_provider"] as? [String: Any]
                if let agency = (provider?["name"] ?? raw["lsp_name"]) as? String, !agency.isEmpty {
                    #expect(launch.agencyName == agency, context)
                }
                let mission = raw["mission"] as? [String: Any]
                if let type = (mission?["type"] ?? raw["mission_type"]) as? String, !type.isEmpty {
                    #expect(launch.missionType == type, context)
                }
                let location = ((raw["pad"] as? [String: Any])?["location"] as? [String: Any])?["name"] ?? raw["location"]
                if let location = location as? String, !location.isEmpty {
                    #expect(launch.locationName == location, context)
                }
                if let net = raw["net"] as? String {
                    let expected = try #require(ISO8601DateFormatter().date(from: net))
                    #expect(launch.net == expected, context)
                }
                let status = raw["status"] as? [String: Any]
                if let name = status?["name"] as? String { #expect(launch.statusName == name, context) }
                if let abbrev = status?["abbrev"] as? String { #expect(launch.statusAbbreviation == abbrev, context) }
                checked += 1
            }
        }
        #expect(checked == 40)
    }

    @Test func theRealCapturesSpotChecks() throws {
        guard let shared = ProjectPaths.sharedData else { return }
        let folder = shared.appendingPathComponent("launches/ll2")
        let list = try LaunchLibraryDecoder.decodePage(Data(contentsOf: folder.appendingPathComponent("capture-AArlert-world_tunnel-1.json")))
        #expect(list.count == 363)
        #expect(list.launches[9].name == "Electron | LOXSAT 1")
        #expect(list.launches[9].locationName == "Rocket Lab Launch Complex 1, Mahia Peninsula, New Zealand")
        #expect(list.launches[9].statusAbbreviation == "TBD")
        let v200 = try LaunchLibraryDecoder.decodePage(Data(contentsOf: folder.appendingPathComponent("capture-Deepthi1510-milestone_1_airflow-docker-1.json")))
        let kairos = try #require(v200.launches.first { $0.name == "KAIROS | Flight 3" })
        #expect(kairos.agencyName == "Space One" && kairos.statusName == "Failure" && kairos.locationName == "Spaceport Kii, Japan")
        #expect(v200.launches[0].latitude == 28.56194122)
        let v230 = try LaunchLibraryDecoder.decodePage(Data(contentsOf: folder.appendingPathComponent("capture-EloxFire-astroshare-app-1.json")))
        #expect(v230.count == nil, "capture 4 is a bare results array")
        #expect(v230.launches[0].agencyAbbreviation == "ULA" && v230.launches[0].agencyType == "Commercial")
        #expect(v230.launches[0].latitude == 28.58341025)
        #expect(v230.launches[0].countryCode == "USA")
        #expect(v230.launches[0].orbitAbbreviation == "LEO")
    }
}

/// Nothing invented in the decoder's inputs: `Fixtures/launches/*.json` are derived
/// from the real captures in ../shared/data/launches/ll2 by
/// `Fixtures/launches/derive_decoder_responses.py` (skipped without them).
@Suite struct LaunchLibraryDecoderFixturesTests {
    static let files = ["ll2-2.0.0.json", "ll2-2.2.0-detailed.json", "ll2-2.2.0-list.json",
                        "ll2-2.2.0-normal.json", "ll2-2.3.0-detailed.json", "ll2-2.3.0-normal.json"]

    static func results(_ data: Data) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: data)
        return try #require((json as? [String: Any]).map { $0["results"] as? [[String: Any]] } ?? json as? [[String: Any]])
    }

    @Test(.enabled(if: ProjectPaths.sharedData != nil, "../shared/data is absent"))
    func everyLaunchIsInACaptureWithTheSameIdNameAndTimes() throws {
        let directory = try #require(ProjectPaths.sharedData).appendingPathComponent("launches/ll2")
        var captured: [String: [String: Any]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".json") {
            for launch in try Self.results(Data(contentsOf: directory.appendingPathComponent(name))) {
                if let id = launch["id"] as? String { captured[id] = launch }
            }
        }
        for file in Self.files {
            for launch in try Self.results(launchFixture(file)) {
                let id = try #require(launch["id"] as? String)
                let source = try #require(captured[id], "\(file): \(id) is in no capture")
                for key in ["name", "net", "window_start", "window_end"] {
                    #expect(launch[key] as? String == source[key] as? String, "\(file) \(id) \(key)")
                }
            }
        }
    }

    @Test(.enabled(if: ProjectPaths.sharedData != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "../shared/data or python3 is absent"))
    func theScriptWritesTheCommittedFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-decoder-fixtures-\(UUID().uuidString)")
        let scripts = directory.appendingPathComponent("Fixtures/launches")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = scripts.appendingPathComponent("derive_decoder_responses.py")
        try FileManager.default.copyItem(at: ProjectPaths.fixtures.appendingPathComponent("launches/derive_decoder_responses.py"), to: script)
        let captures = try #require(ProjectPaths.sharedData).appendingPathComponent("launches/ll2").path
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script.path, captures])
        #expect(result.status == 0, "\(result.stderrText)")
        for file in Self.files {
            let written = try Data(contentsOf: scripts.appendingPathComponent(file))
            #expect(written == (try launchFixture(file)), "\(file): run Fixtures/launches/derive_decoder_responses.py")
        }
    }
}
