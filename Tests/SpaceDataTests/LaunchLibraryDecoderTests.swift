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
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json"))
        #expect(page.count == 212)
        #expect(page.next == "https://ll.thespacedevs.com/2.3.0/launches/upcoming/?hide_recent_previous=true&limit=3&mode=normal&offset=3&ordering=net")
        #expect(page.previous == nil)
        #expect(page.launches.count == 3)
        #expect(page.skipped == 0)
        let galileo = page.launches[0]
        #expect(galileo == Launch(
            id: "e909bf61-c2af-44eb-94e8-ef9d7c847c83", name: "Ariane 62 | Galileo L15 (FOC FM31 & FM32)",
            agencyName: "Arianespace", agencyAbbreviation: "ASA", agencyType: "Commercial",
            missionName: "Galileo L15 (FOC FM31 & FM32)", missionType: "Navigation",
            missionDescription: "Two Galileo satellites of the European global navigation system, carried by Ariane 6 from the Centre Spatial Guyanais.",
            orbitName: "Medium Earth Orbit", orbitAbbreviation: "MEO",
            padName: "Ensemble de Lancement Ariane 4 (ELA-4)", locationName: "Centre Spatial Guyanais, Kourou, Guyane française",
            countryCode: "GUF", latitude: 5.2624, longitude: -52.7904,
            net: date("2026-12-01T20:25:00Z"), netPrecision: "Minute",
            windowStart: date("2026-12-01T20:25:00Z"), windowEnd: date("2026-12-01T22:25:00Z"),
            statusName: "Go for Launch", statusAbbreviation: "Go", rocketName: "Ariane 62", webcastLive: false,
            lastUpdated: date("2026-11-20T18:04:11Z")
        ))
    }

    @Test func v230NormalWithEveryNestedObjectNull() throws {
        let launch = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json")).launches[1]
        #expect(launch.name == "H3-22 | QZS-7 (みちびき7号機)")
        #expect(launch.agencyName == nil && launch.agencyAbbreviation == nil && launch.agencyType == nil)
        #expect(launch.missionName == nil && launch.missionType == nil && launch.missionDescription == nil)
        #expect(launch.orbitName == nil && launch.padName == nil && launch.locationName == nil && launch.countryCode == nil)
        #expect(launch.latitude == nil && launch.longitude == nil)
        #expect(launch.statusName == nil && launch.statusAbbreviation == nil)
        #expect(launch.netPrecision == nil)
        #expect(launch.net == date("2026-12-08T01:00:00Z"))
        // With no rocket object, the rocket is the part of the name before " | ".
        #expect(launch.rocketName == "H3-22")
    }

    @Test func v230NormalWithNullCountryOrbitCoordinatesAndEmptyStrings() throws {
        let launch = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-normal.json")).launches[2]
        #expect(launch.name == "Spectrum | Spectrum Flight 3")
        #expect(launch.locationName == "Andøya Spaceport")
        #expect(launch.countryCode == nil)
        #expect(launch.latitude == 69.294 && launch.longitude == 16.021, "the location's coordinates stand in for the pad's null ones")
        #expect(launch.orbitName == nil)
        #expect(launch.missionDescription == nil, "\"\" is read as absent")
        #expect(launch.agencyAbbreviation == nil, "\"\" is read as absent")
        #expect(launch.agencyName == "Isar Aerospace")
        #expect(launch.statusAbbreviation == "TBD")
        #expect(launch.netPrecision == "Day")
    }

    @Test func v230Detailed() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.3.0-detailed.json"))
        #expect(page.launches.map(\.name) == ["Long March 7 | Tianzhou 10 (天舟十号)", "Falcon 9 Block 5 | Crew-13"])
        let crew = page.launches[1]
        #expect(crew.agencyName == "SpaceX" && crew.agencyAbbreviation == "SpX" && crew.agencyType == "Commercial")
        #expect(crew.missionType == "Human Exploration")
        #expect(crew.locationName == "Kennedy Space Center, FL, USA")
        #expect(crew.padName == "Launch Complex 39A")
        #expect(crew.countryCode == "USA")
        #expect(crew.statusName == "To Be Confirmed" && crew.statusAbbreviation == "TBC")
        #expect(crew.rocketName == "Falcon 9 Block 5")
        #expect(page.next == nil)
    }

    @Test func v220ListReadsTheFlattenedStrings() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-list.json"))
        #expect(page.count == 363)
        let starlink = page.launches[1]
        #expect(starlink.name == "Falcon 9 Block 5 | Starlink Group 17-61")
        #expect(starlink.agencyName == "SpaceX")
        #expect(starlink.agencyAbbreviation == nil)
        #expect(starlink.missionName == "Starlink Group 17-61")
        #expect(starlink.missionType == "Communications")
        #expect(starlink.padName == "Space Launch Complex 4E")
        #expect(starlink.locationName == "Vandenberg SFB, CA, USA")
        #expect(starlink.rocketName == "Falcon 9 Block 5")
        #expect(starlink.orbitName == nil, "2.2.0 list mode has a null top-level orbit")
        #expect(starlink.latitude == nil, "list mode carries no coordinates")
        #expect(starlink.net == date("2026-11-29T14:05:00Z"))
        #expect(starlink.statusAbbreviation == "Go")
    }

    @Test func v220ListWithEmptyAndNullStrings() throws {
        let nuri = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-list.json")).launches[2]
        #expect(nuri.agencyName == nil)
        #expect(nuri.missionType == nil)
        #expect(nuri.locationName == nil)
        #expect(nuri.netPrecision == nil)
        #expect(nuri.missionName == "Nuri Flight 5 (CAS500-3)")
    }

    @Test func v220NormalWithStringCoordinatesAndANullMission() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-normal.json"))
        let progress = page.launches[0]
        #expect(progress.agencyName == "Russian Federal Space Agency (ROSCOSMOS)")
        #expect(progress.agencyType == "Government", "the agency type is a plain string before 2.3.0")
        #expect(progress.latitude == 45.996 && progress.longitude == 63.564, "coordinates are strings before 2.3.0")
        #expect(progress.countryCode == "KAZ")
        #expect(progress.locationName == "Baikonur Cosmodrome, Republic of Kazakhstan")
        #expect(progress.statusName == "Launch Successful")
        let samos = page.launches[1]
        #expect(samos.name == "Atlas LV-3A Agena-A | Samos 2")
        #expect(samos.missionName == nil && samos.missionType == nil && samos.orbitName == nil)
        #expect(samos.net == date("1961-01-31T20:21:19Z"))
        #expect(samos.agencyName == "United States Air Force")
        #expect(samos.padName == "Point Arguello Launch Complex 1-1")
        #expect(samos.latitude == 34.7556)
    }

    @Test func v220DetailedReadsTheFullAgency() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.2.0-detailed.json"))
        let pslv = page.launches[0]
        #expect(pslv.agencyName == "Indian Space Research Organization")
        #expect(pslv.agencyAbbreviation == "ISRO")
        #expect(pslv.agencyType == "Government")
        #expect(pslv.missionType == "Earth Science")
        #expect(pslv.locationName == "Satish Dhawan Space Centre, India")
        #expect(pslv.orbitAbbreviation == "SSO")
        #expect(pslv.netPrecision == "Hour")
    }

    @Test func v200HasShortStatusesAndNoPrecision() throws {
        let page = try LaunchLibraryDecoder.decodePage(launchFixture("ll2-2.0.0.json"))
        let starship = page.launches[0]
        #expect(starship.name == "Starship | Flight 14")
        #expect(starship.statusName == "TBC" && starship.statusAbbreviation == nil)
        #expect(starship.statusShort == "TBC")
        #expect(starship.netPrecision == nil)
        #expect(starship.locationName == "SpaceX Starbase, TX, USA")
        #expect(starship.latitude == 25.997)
        let ceres = page.launches[1]
        #expect(ceres.latitude == nil && ceres.longitude == nil, "\"\" coordinates are absent")
        #expect(ceres.rocketName == "Ceres-1")
        #expect(ceres.agencyName == "Galactic Energy")
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
        #expect(page.launches[0].agencyName == "Arianespace")
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
