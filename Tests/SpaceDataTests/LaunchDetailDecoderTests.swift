import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// The detail fields of the real Launch Library captures in ../shared/data/launches/ll2
/// (see SOURCES.md there). Skipped when ../shared/data is absent.
@Suite struct LaunchDetailDecoderTests {
    static let folder = ProjectPaths.sharedData?.appendingPathComponent("launches/ll2")

    static func capture(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(folder).appendingPathComponent(name))
    }

    /// 2.2.0, mode=detailed, fetched 2026-07-20T14:38:00Z.
    static func detailed() throws -> [LaunchDetail] {
        try LaunchDetailDecoder.decode(capture("capture-AArlert-world_tunnel-2.json"))
    }

    private static func date(_ text: String) -> Date { LaunchLibraryDate.date(from: text)! }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func v220DetailedReadsEveryDetailField() throws {
        let details = try Self.detailed()
        #expect(details.count == 10)
        let starlink = details[0]
        #expect(starlink.launch.name == "Falcon 9 Block 5 | Starlink Group 17-39")
        #expect(starlink.launch.rocketName == "Falcon 9 Block 5")
        #expect(starlink.isDetailed)
        #expect(starlink.recordURL == "https://ll.thespacedevs.com/2.2.0/launch/e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc/")
        #expect(starlink.providerCountryCode == "USA")
        #expect(starlink.statusDescription == "Current T-0 confirmed by official or reliable sources.")
        #expect(starlink.netPrecisionDescription == "The T-0 is accurate to the second.")
        #expect(starlink.probability == nil && starlink.weatherConcerns == nil)
        #expect(starlink.holdReason == nil && starlink.failReason == nil, "\"\" is read as absent")
        #expect(starlink.mapURL == "https://www.google.com/maps?q=34.632,-120.611")
        #expect(starlink.padTimeZone == "America/Los_Angeles")
        #expect(starlink.launch.lastUpdated == Self.date("2026-07-20T14:19:43Z"))
        #expect(starlink.infoLinks == [LaunchLink(url: "https://www.spacex.com/launches/sl-17-39", title: "SpaceX",
                                                  publisher: "spacex.com", kind: "Official Page", priority: 10)])
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func webcastsComeOfficialFirst() throws {
        let starlink = try Self.detailed()[0]
        #expect(starlink.webcasts.map(\.url) == [
            "https://x.com/i/broadcasts/1qGoNNQZvEMKv",
            "https://www.youtube.com/watch?v=mXVL1SQKNvE",
            "https://www.youtube.com/watch?v=p648NlL0fi4",
        ])
        #expect(starlink.webcasts.map(\.kind) == ["Official Webcast", "Unofficial Webcast", "Unofficial Re-stream"])
        #expect(starlink.webcasts[1].publisher == "Spaceflight Now")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func aLaunchWithoutLinksHasNone() throws {
        let gravity = try Self.detailed()[2]
        #expect(gravity.launch.name == "Gravity-1 | Unknown Payload")
        #expect(gravity.webcasts.isEmpty && gravity.infoLinks.isEmpty)
        #expect(gravity.providerCountryCode == "CHN")
        #expect(gravity.netPrecisionDescription == "The T-0 is accurate to the hour.")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func theListModeOfTheSameLaunchesIsNotDetailed() throws {
        let list = try LaunchDetailDecoder.decode(Self.capture("capture-AArlert-world_tunnel-1.json"))
        #expect(list.count == 10)
        #expect(list.allSatisfy { !$0.isDetailed })
        #expect(list[0].statusDescription == "Current T-0 confirmed by official or reliable sources.")
        #expect(list[0].launch.lastUpdated == Self.date("2026-07-20T13:23:29Z"))
        #expect(list[0].webcasts.isEmpty && list[0].mapURL == nil)
        // The launch fields are exactly what the list decoder reads.
        #expect(list.map(\.launch) == (try LaunchLibraryDecoder.decodeLaunches(Self.capture("capture-AArlert-world_tunnel-1.json"))))
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func v230NormalBareArray() throws {
        let details = try LaunchDetailDecoder.decode(Self.capture("capture-EloxFire-astroshare-app-1.json"))
        #expect(details.count == 10)
        let vulcan = details[0]
        #expect(vulcan.launch.name == "Vulcan VC2S | Certification Flight 2")
        #expect(!vulcan.isDetailed)
        #expect(vulcan.recordURL == "https://ll.thespacedevs.com/2.3.0/launches/cd199e27-63cd-409c-817c-5c38039b17cd/")
        #expect(vulcan.netPrecisionDescription == "The T-0 is accurate to the minute.")
        #expect(vulcan.launch.lastUpdated == Self.date("2024-09-30T12:57:32Z"))
        #expect(vulcan.mapURL == "https://www.google.com/maps?q=28.58341025,-80.58303644")
        #expect(details[6].netPrecisionDescription == "The T-0 is expected in the given month.")
    }

    @Test(.enabled(if: folder != nil, "../shared/data is not here"))
    func aSingleRecordDecodes() throws {
        // `/launch/{id}/` answers one record: the first of the detailed capture, re-serialised alone.
        let page = try JSONSerialization.jsonObject(with: Self.capture("capture-AArlert-world_tunnel-2.json")) as? [String: Any]
        let first = try #require((page?["results"] as? [[String: Any]])?.first)
        let details = try LaunchDetailDecoder.decode(JSONSerialization.data(withJSONObject: first))
        #expect(details.count == 1)
        #expect(details.first?.launch.id == "e1079d3a-c0a6-4b42-bc1d-92e48a5a78fc")
        #expect(details.first?.webcasts.count == 3)
    }

    @Test func aDetailOfTheWrongTypeIsAbsentAndTheLaunchStays() throws {
        let body = Data(#"{"id":"x","name":"Rocket | Mission","probability":"high","vidURLs":{"url":1},"holdreason":7,"last_updated":"soon"}"#.utf8)
        let details = try LaunchDetailDecoder.decode(body)
        #expect(details.count == 1)
        #expect(details[0].probability == nil && details[0].webcasts.isEmpty && details[0].holdReason == nil && details[0].launch.lastUpdated == nil)
        #expect(details[0].launch.name == "Rocket | Mission")
    }

    @Test func aProbabilityOutsideAPercentIsAbsent() throws {
        let body = Data(#"[{"id":"a","name":"A","probability":-1},{"id":"b","name":"B","probability":80}]"#.utf8)
        #expect(try LaunchDetailDecoder.decode(body).map(\.probability) == [nil, 80])
    }

    @Test func notLaunchLibraryIsTheListDecodersError() {
        #expect(throws: LaunchLibraryError.self) { try LaunchDetailDecoder.decode(Data("<html>".utf8)) }
    }
}
