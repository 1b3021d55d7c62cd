import Foundation
import Testing
import TestSupport
import SpaceDataBundle

@Suite struct BundledLaunchHistoryFixtureTests {
    /// The compiled-in history is exactly what the generator derives from GCAT.
    @Test(.enabled(if: ProjectPaths.sharedData != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "../shared/data or python3 is absent"))
    func theGeneratorWritesTheCompiledHistoryFromGCAT() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Fixtures/history"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Fixtures/bundled"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("Fixtures/history/derive_launch_history.py")
        try FileManager.default.copyItem(at: ProjectPaths.fixtures.appendingPathComponent("history/derive_launch_history.py"), to: script)
        let gcat = try #require(ProjectPaths.sharedData).appendingPathComponent("launches")
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/python3"), arguments: [script.path, gcat.path])
        #expect(result.status == 0, "\(result.stderrText)")
        let written = try String(contentsOf: directory.appendingPathComponent("Fixtures/bundled/launchHistory.tsv"), encoding: .utf8)
        #expect(written == BundledFixtures.launchHistory, "run Fixtures/history/derive_launch_history.py")
    }
}
