import Foundation
import SpaceData
import Testing
@testable import SpaceDashCLI

/// The demo's search screen, fed by the scripted session on virtual time.
@Suite struct DemoSearchSceneTests {
    static let data = LaunchSearchData(catalog: LaunchCatalog(launches: LaunchHistory.launches, timeframe: .past), origin: .sample)

    static func play(terminal: Bool, animated: Bool) throws -> (output: String, summaries: [DemoSearchPhaseSummary]) {
        let streams = OutputStreams.memory(stdoutIsTerminal: terminal)
        let context = CommandContext(streams: streams, environment: ["LANG": "C.UTF-8", "COLUMNS": "100"], colorMode: .never)
        let scene = DemoSearchScene(context: context, animated: animated)
        let summaries = try DemoCommand.runOnVirtualTime(data, timing: .standard, scene: scene)
        return (streams.stdout.text, summaries)
    }

    /// On a terminal each key and each result redraws the screen in place; the
    /// terminal's modes are never touched, so nothing needs restoring.
    @Test func animatedEveryKeyRedrawsTheScreenInPlace() throws {
        let (output, summaries) = try Self.play(terminal: true, animated: true)
        let up = "\u{1B}[\(DemoSearchScene.screenRows)A\r"
        // Each part draws its screen once, then once more per key and result after the first.
        let keys = summaries.map(\.keystrokes).reduce(0, +)
        #expect(output.components(separatedBy: up).count - 1 == keys)
        for query in ["a", "ap", "apol", "apollo", "apollo 1", "apollo 11", "v", "vostok"] {
            #expect(output.contains("│ > \(query)\u{1B}[K\n"), "the prompt showed \(query)")
        }
        #expect(!output.contains("\u{1B}[?"), "no alternate screen, no hidden cursor")
    }

    /// Into a pipe, each part's screen once, when its results are in.
    @Test func notAnimatedEachPartsScreenIsWrittenOnce() throws {
        let (output, summaries) = try Self.play(terminal: false, animated: false)
        #expect(!output.contains("\u{1B}"))
        #expect(output.components(separatedBy: "│ > ").count - 1 == summaries.count)
        #expect(output.contains("\n  6 keys, 1 search: 22 launches shown, 300 ms after the last key.\n"))
    }
}
