import Foundation
import Testing
import TestSupport
import SpaceData
import SpaceDataBundle

@Suite struct BundledLaunchesListingFixtureTests {
    static let capture = "launches/ll2/capture-AArlert-world_tunnel-2.json"

    /// Nothing invented: every bundled launch is in the recorded capture of
    /// Launch Library 2's listing, with the same id, name, time, provider,
    /// status and last update.
    @Test(.enabled(if: ProjectPaths.sharedData != nil, "../shared/data is absent"))
    func everyBundledLaunchIsInTheRecordedCaptureWithTheSameFacts() throws {
        let captureURL = try #require(ProjectPaths.sharedData).appendingPathComponent(Self.capture)
        let capture = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: captureURL)) as? [String: Any])
        let recorded = try #require(capture["results"] as? [[String: Any]])
        let bundledJSON = try #require(try JSONSerialization.jsonObject(with: BundledLaunchListing.body) as? [String: Any])
        let bundled = try #require(bundledJSON["results"] as? [[String: Any]])
        #expect(bundled.count == 10)
        for launch in bundled {
            let id = try #require(launch["id"] as? String)
            let source = try #require(recorded.first { $0["id"] as? String == id }, "\(id) is not in the capture")
            for key in ["name", "net", "window_start", "window_end", "last_updated"] {
                #expect(launch[key] as? String == source[key] as? String, "\(id) \(key)")
            }
            let provider = { (launch: [String: Any]) in (launch["launch_service_provider"] as? [String: Any])?["name"] as? String }
            #expect(provider(launch) != nil && provider(launch) == provider(source), "\(id) provider")
            let status = { (launch: [String: Any]) in (launch["status"] as? [String: Any])?["abbrev"] as? String }
            #expect(status(launch) == status(source), "\(id) status")
            let pad = { (launch: [String: Any]) in (launch["pad"] as? [String: Any])?["name"] as? String }
            #expect(pad(launch) == pad(source), "\(id) pad")
        }
        // The decoded listing says the same as the capture decoded.
        let decodedCapture = try LaunchLibraryDecoder.decodeLaunches(Data(contentsOf: captureURL))
        #expect(try BundledLaunchListing.launches() == decodedCapture)
    }

    @Test(.enabled(if: ProjectPaths.sharedData != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "../shared/data or python3 is absent"))
    func theGeneratorWritesTheCommittedListing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Fixtures/listing"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Fixtures/bundled"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("Fixtures/listing/derive_bundled_listing.py")
        try FileManager.default.copyItem(at: ProjectPaths.fixtures.appendingPathComponent("listing/derive_bundled_listing.py"), to: script)
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"),
                                           arguments: [script.path, try #require(ProjectPaths.sharedData).appendingPathComponent(Self.capture).path])
        #expect(result.status == 0, "\(result.stderrText)")
        let written = try String(contentsOf: directory.appendingPathComponent("Fixtures/bundled/launchesListing.json"), encoding: .utf8)
        #expect(written == BundledFixtures.launchesListing, "run Fixtures/listing/derive_bundled_listing.py")
    }
}
