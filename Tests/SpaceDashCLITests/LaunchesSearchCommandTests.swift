import Foundation
import Testing
import SpaceData
import TestSupport
@testable import SpaceDashCLI

/// The command in process, with memory outputs (a terminal or not) and
/// saved responses, so no network is involved.
@Suite struct LaunchesSearchCommandTests {
    private static let normal = ProjectPaths.fixtures.appendingPathComponent("launches/ll2-2.3.0-normal.json").path

    private func run(_ arguments: [String], terminal: Bool, environment: [String: String] = [:]) async -> (code: Int32, stdout: String, stderr: String) {
        let streams = OutputStreams.memory(stdoutIsTerminal: terminal)
        let base = ["COLUMNS": "160", "TZ": "UTC", "SPACEDASH_LAUNCHES_URL": "http://127.0.0.1:9/2.3.0", "SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test"]
        let code = await SpaceDash.run(arguments: ["launches"] + arguments, environment: base.merging(environment) { $1 }, streams: streams)
        return (code, streams.stdout.text, streams.stderr.text)
    }

    /// The real bundled listing (Launch Library 2's of 20 July 2026) saved as a file.
    private static func listingFile() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-listing-\(UUID().uuidString).json")
        try BundledLaunchListing.body.write(to: url)
        return url.path
    }

    /// Review P3 26: with NO_COLOR, `launches` dropped bold while `mars-weather` kept it.
    /// One rule for both: NO_COLOR takes the colours away and leaves bold (no-color.org
    /// asks only that colour go).
    @Test func noColorLeavesBoldAndTakesTheColoursAwayAsMarsWeatherDoes() async throws {
        let environment = ["NO_COLOR": "1", "SPACEDASH_NOW": "2026-07-20T14:38:00Z"]
        let launches = await run(["search", "falcon", "--offline"], terminal: true, environment: environment)
        #expect(launches.code == 0)
        #expect(launches.stdout.hasPrefix("\u{1B}[1m"), "the header is bold: \(launches.stdout.prefix(80).debugDescription)")
        let streams = OutputStreams.memory(stdoutIsTerminal: true)
        _ = await SpaceDash.run(arguments: ["mars-weather", "--offline"],
                                environment: ["SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-test", "COLUMNS": "160"].merging(environment) { $1 },
                                streams: streams)
        #expect(streams.stdout.text.hasPrefix("\u{1B}[1m"), "so is mars-weather's headline")
        for output in [launches.stdout, streams.stdout.text] {
            // Every escape is an attribute (bold 1, dim 2, reset 0), never a colour (30–49, 90–107).
            let parameters = output.components(separatedBy: "\u{1B}[").dropFirst().map { $0.prefix { $0 != "m" } }
            #expect(!parameters.isEmpty && parameters.allSatisfy { $0.split(separator: ";").allSatisfy { ["0", "1", "2", "4", "7"].contains($0) } },
                    "\(Set(parameters))")
        }
        // Without NO_COLOR the matches are in colour.
        let coloured = await run(["search", "falcon", "--offline"], terminal: true, environment: ["SPACEDASH_NOW": "2026-07-20T14:38:00Z"])
        #expect(coloured.stdout.contains(";33m") || coloured.stdout.contains("[33m"))
    }

    @Test func pastWithAFileOfUpcomingLaunchesLeavesOutThoseStillToCome() async throws {
        let file = try Self.listingFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = await run(["--past", "--file", file], terminal: false, environment: ["SPACEDASH_NOW": "2026-07-22T00:00:00Z"])
        #expect(result.code == 0)
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[1] }
        #expect(names == ["Falcon 9 Block 5 | MRV-1", "Falcon 9 Block 5 | Starlink Group 17-39"], "gone by 22 July, newest first")
        #expect(result.stderr == "spacedash: left out 8 launches of \(file) still to come (--past shows launches gone); drop --past to see them\n")
    }

    @Test func aQueryHoldingADoubleQuoteIsQuotedOnceAndALongOneIsCut() async throws {
        let file = try Self.listingFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let unterminated = await run(["--file", file, "\"unterminated"], terminal: false)
        #expect(unterminated.stderr == "spacedash: no upcoming launches match '\"unterminated' (searched 10)\n")
        let pasted = await run(["--file", file, String(repeating: "x", count: 100_000)], terminal: false)
        #expect(pasted.stderr.count < 200, "not the 100,000 characters")
        #expect(pasted.stderr.hasPrefix("spacedash: no upcoming launches match \"xxx") && pasted.stderr.contains("…"))
    }

    @Test func verboseAfterRefreshNeverSuggestsRefresh() {
        let list = LaunchList(launches: [], timeframe: .upcoming)
        let cached = Sourced(list, origin: .cache(savedAt: LaunchCaptures.july20Noon, age: 120))
        #expect(OriginText.launches(cached).contains("(--refresh to ask now)"))
        #expect(OriginText.launches(cached, refreshAsked: true) == "0 upcoming launches cached 2 min ago")
    }

    @Test func aTerminalGetsAHeaderAndAlignedColumns() async {
        let result = await run(["--file", Self.normal, "--color", "never"], terminal: true)
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("DATE"))
        #expect(lines[1].hasPrefix("2024-10-04 10:00 UTC  "))
        #expect(lines[1].contains("Vulcan VC2S | Certification Flight 2"))
        #expect(!result.stdout.contains("\u{1B}"), "--color never")
    }

    @Test func colourAlwaysHighlightsMatches() async {
        let result = await run(["--file", Self.normal, "--color", "always", "certification"], terminal: true)
        #expect(result.stdout.contains("\u{1B}[1;33mCertification\u{1B}[0m"))
    }

    @Test func utcAndTheLocalZone() async {
        let local = await run(["--file", Self.normal], terminal: true, environment: ["TZ": "Asia/Tokyo"])
        #expect(local.stdout.contains("2024-10-04 19:00 JST"))
        let utc = await run(["--file", Self.normal, "--utc"], terminal: true, environment: ["TZ": "Asia/Tokyo"])
        #expect(utc.stdout.contains("2024-10-04 10:00 UTC"))
    }

    @Test func aPipeGetsRowsWithoutHeaderOrTruncation() async {
        let result = await run(["--file", Self.normal, "--limit", "2"], terminal: false, environment: ["COLUMNS": "20"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("2024-10-04T10:00:00Z\tVulcan VC2S | Certification Flight 2\tUnited Launch Alliance\tTest Flight\t"))
        #expect(!result.stdout.contains("…"))
    }

    @Test func verboseSaysWhereLaunchesCameFrom() async {
        let result = await run(["--file", Self.normal, "--verbose"], terminal: false)
        #expect(result.stderr == "spacedash: 3 launches from \(Self.normal)\n")
    }

    @Test func originLinesForEachSource() {
        let list = LaunchList(launches: [Launch(id: "a", name: "A")], timeframe: .upcoming, pages: 2, totalCount: 212)
        #expect(OriginText.launches(Sourced(list, origin: .live(fetchedAt: Date())))
            == "1 upcoming launches from Launch Library (2 pages of 212 launches)")
        #expect(OriginText.launches(Sourced(list, origin: .cache(savedAt: Date(), age: 180)))
            == "1 upcoming launches cached 3 min ago; fresh for 12 min more, no request made (--refresh to ask now)")
        #expect(OriginText.launches(Sourced(list, origin: .cache(savedAt: Date(), age: 3600)))
            == "1 upcoming launches cached 1 h ago")
        #expect(OriginText.launches(Sourced(list, origin: .sample)) == "1 upcoming launches from Launch Library 2's listing of 20 July 2026")
        let past = LaunchList(launches: [Launch(id: "a", name: "A")], timeframe: .past)
        #expect(OriginText.launches(Sourced(past, origin: .sample)).hasPrefix("1 past launches from the bundled history of orbital launches, 1957 to 24 July 2023"))
    }

    @Test func aMalformedBaseURLIsOneLine() async {
        let result = await run([], terminal: false, environment: ["SPACEDASH_LAUNCHES_URL": "ftp://x"])
        #expect(result.code == 78, "a configuration error")
        #expect(result.stderr.hasPrefix("spacedash: SPACEDASH_LAUNCHES_URL is not an http(s) URL"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func everyMissingValueIsNamedWithAnExample() async {
        let file = await run(["search", "--file"], terminal: false)
        #expect(file.code == 64)
        #expect(file.stderr.hasPrefix("spacedash: --file needs a value: a path, e.g. --file saved.json\n"))
        for info in LaunchesSearchCommand.configuration.arguments where info.kind == .option {
            let result = await run(["--\(info.name)"], terminal: false)
            #expect(result.code == 64)
            let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(line.hasPrefix("spacedash: --\(info.name) needs a value: "), "\(line)")
            #expect(line.contains(", e.g. --\(info.name) ") && !line.contains("some text"), "\(line)")
        }
    }

    @Test func debounceWithoutInteractiveIsAUsageError() async {
        let result = await run(["--file", Self.normal, "--debounce", "100"], terminal: false)
        #expect(result.code == 64)
        #expect(result.stderr.hasPrefix(
            "spacedash: --debounce applies only to the interactive search (add -i: spacedash launches search -i --debounce 100)\n"))
        #expect(result.stdout.isEmpty)
    }

    /// Results that are not launches (no id, no name) are left out of a file, and a line says how many.
    @Test func resultsThatAreNotLaunchesAreCountedOnStderr() async {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-skipped-\(UUID().uuidString).json")
        try? Data(#"{"count": 4, "results": [{"id": "a", "name": "Electron | One"}, {"id": "", "name": "B"}, {"name": "C"}, {"id": "d", "name": null}]}"#.utf8)
            .write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = await run(["--file", file.path, "--json"], terminal: false)
        #expect(result.code == 0)
        #expect(result.stdout.contains(#""id" : "a""#) && !result.stdout.contains(#""name" : "C""#))
        #expect(result.stderr == "spacedash: left out 3 results that are not launches from \(file.path) (a launch needs an id and a name)\n")
        #expect(await run(["--file", file.path, "--json", "-q"], terminal: false).stderr.isEmpty)
    }

    @Test func dashVIsVerboseAndUnknownShortOptionsFail() async {
        let short = await run(["--file", Self.normal, "-v"], terminal: false)
        #expect(short.code == 0)
        #expect(short.stderr == "spacedash: 3 launches from \(Self.normal)\n")
        let one = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-one-\(UUID().uuidString).json")
        try? Data(#"[{"id": "a", "name": "Electron | One"}]"#.utf8).write(to: one)
        defer { try? FileManager.default.removeItem(at: one) }
        #expect(await run(["--file", one.path, "-v"], terminal: false).stderr == "spacedash: 1 launch from \(one.path)\n")
        let mistyped = await run(["search", "--file", Self.normal, "-iz"], terminal: false)
        #expect(mistyped.code == 64)
        #expect(mistyped.stderr.hasPrefix(
            "spacedash: unknown option '-z' in '-iz' (to exclude 'iz', write it after --: spacedash launches search -- -iz)\n"))
        #expect(mistyped.stdout.isEmpty)
    }

    @Test func exclusionStillWorksAsDocumented() async {
        let all = await run(["--file", Self.normal], terminal: false)
        let excluded = await run(["--file", Self.normal, "-vulcan"], terminal: false)
        #expect(excluded.code == 0)
        #expect(all.stdout.contains("Vulcan") && !excluded.stdout.contains("Vulcan"))
        #expect(excluded.stdout.split(separator: "\n").count == all.stdout.split(separator: "\n").count - 1)
        let afterDoubleDash = await run(["search", "--file", Self.normal, "--", "-vulcan"], terminal: false)
        #expect(afterDoubleDash.stdout == excluded.stdout)
    }

    @Test func launchesHelpAndMisspelledSearchMakeNoRequest() async {
        let help = await run(["help"], terminal: false)
        #expect(help.code == 0)
        #expect(help.stdout.hasPrefix(LaunchesCommand.configuration.abstract))
        #expect(help.stderr.isEmpty, "no request, so no fallback notice")
        let typo = await run(["serch", "starlink"], terminal: false)
        #expect(typo.code == 64)
        #expect(typo.stderr.hasPrefix("spacedash: unknown command 'serch' for 'spacedash launches'; did you mean 'search'?"))
    }

    @Test func launchesHelpShowsTheSearchOptionsThatWorkThere() async {
        let help = await run(["--help"], terminal: false)
        #expect(help.stdout.contains("Usage: spacedash launches [COMMAND] [--past]"))
        #expect(help.stdout.contains("[QUERY...]"))
        #expect(help.stdout.contains("--pages N"))
        let works = await run(["--file", Self.normal, "--past", "--limit", "1"], terminal: false)
        #expect(works.code == 0)
    }

    @Test func ownJSONOutputSearchesBackWithItsAgency() async throws {
        let json = await run(["--file", Self.normal, "--json"], terminal: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let source = try #require(object["source"] as? [String: Any])
        #expect(source["kind"] as? String == "file")
        #expect(source["description"] as? String == "the file \(Self.normal)")
        #expect((object["launches"] as? [[String: Any]])?.isEmpty == false)
        let saved = FileManager.default.temporaryDirectory.appendingPathComponent("spacedash-roundtrip-\(UUID().uuidString).json")
        try json.stdout.write(to: saved, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: saved) }
        let direct = await run(["--file", Self.normal], terminal: false)
        let again = await run(["search", "--file", saved.path], terminal: false)
        #expect(again.code == 0)
        #expect(again.stdout == direct.stdout)
        #expect(again.stdout.contains("\tUnited Launch Alliance\t"))
        let byAgency = await run(["search", "--file", saved.path, "--agency", "ula"], terminal: false)
        #expect(byAgency.stdout.split(separator: "\n").count == 1)
    }

    @Test func launchesAloneIsSearchAndHelpWorks() async {
        let help = await run(["--help"], terminal: false)
        #expect(help.code == 0)
        #expect(help.stdout.contains("search"))
        let searchHelp = await run(["search", "--help"], terminal: false)
        #expect(searchHelp.stdout.contains("--mission-type"))
        #expect(searchHelp.stdout.contains("window_start"), "the JSON fields are documented")
    }
}
