import Foundation
import Testing
import SpaceData
import Terminal
@testable import SpaceDashCLI

/// Every hostile string of `HostileStrings` through every output mode of the
/// launch list: a terminal table (with colour), tab-separated lines, and JSON.
@Suite struct HostileDataRenderingTests {
    static let now = LaunchLibraryDate.date(from: "2026-11-21T06:00:00Z")!

    static func launch(_ text: String, index: Int) -> Launch {
        Launch(id: "id-\(index)-\(text)", name: text, agencyName: text, missionType: text, missionDescription: text,
               padName: text, locationName: text, net: now.addingTimeInterval(Double(index) * 3_600),
               netPrecision: "Minute", statusName: text, statusAbbreviation: text, rocketName: text)
    }

    static let launches = HostileStrings.table.enumerated().map { launch($0.element.text, index: $0.offset) }

    @Test(arguments: [StyleMode.colour, .attributes, .plain], [40, 80, 200])
    func theTableShowsNoControlCharacters(mode: StyleMode, width: Int) {
        let renderer = LaunchTableRenderer(dates: LaunchDateText(timeZone: TimeZone(identifier: "UTC")!, now: Self.now),
                                           width: width, mode: mode, showsCountdown: true)
        let lines = renderer.render(Self.launches.map { LaunchRow($0) })
        #expect(lines.count == Self.launches.count + 1, "one header and one line per launch")
        for (index, line) in lines.enumerated() {
            #expect(HostileStrings.controls(in: line).isEmpty, "line \(index): \(line.debugDescription)")
            if mode == .plain { #expect(!line.contains("\u{1B}")) }
        }
    }

    @Test func tabSeparatedRowsStayOneLineOfSevenFields() {
        for (entry, launch) in zip(HostileStrings.table, Self.launches) {
            let line = LaunchTabSeparatedRenderer.line(launch)
            #expect(!line.contains("\n") && !line.contains("\r"), "\(entry.name)")
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 7, "\(entry.name): \(line.debugDescription)")
            #expect(HostileStrings.controls(in: line.replacingOccurrences(of: "\t", with: " ")).isEmpty, "\(entry.name)")
        }
    }

    @Test func jsonEscapesControlsAndKeepsTheDataExact() throws {
        let json = try LaunchJSONRenderer.render(Self.launches)
        // Pretty printing puts newlines between members; the data itself holds none raw.
        #expect(HostileStrings.controls(in: json, allowingNewlines: true).filter { $0.value < 0x20 }.isEmpty)
        #expect(json.contains("\\u001b") || json.contains("\\u001B"))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(decoded.compactMap { $0["name"] as? String } == HostileStrings.table.map(\.text))
    }
}
