import Foundation
import HTTP
import SpaceData
import Streams
import Testing
import TestSupport
@testable import SpaceDashCLI

/// The hostile strings of `HostileStrings` through the dashboard (`spacedash`
/// with no command): in launch names, agencies, locations and mission
/// descriptions, InSight's season and wind, and the error messages both
/// services send back. Its screen on a terminal (colour, attributes, plain)
/// and off one, side by side and stacked, its `--json`, and its notices.
@Suite struct HostileDashboardTests {
    typealias EndToEnd = HostileDataEndToEndTests

    /// Both services answering with `text` everywhere they can.
    static func hostileData(_ text: String) -> ScriptedHTTPClient {
        ScriptedHTTPClient(routes: [
            "/insight_weather/": .ok(json: Data(EndToEnd.insightFeed(season: text, point: text).utf8)),
            "ll.thespacedevs.com": .ok(json: Data(EndToEnd.page(text).utf8)),
        ])
    }

    /// NASA's answer to a refused key, with `text` as its message.
    static func insightError(_ text: String) -> String {
        #"{"error": {"code": "API_KEY_DISABLED", "message": \#(EndToEnd.jsonString(text))}}"#
    }

    /// Both services refusing the request with `text` as their error message.
    static func hostileErrors(_ text: String) -> ScriptedHTTPClient {
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        return ScriptedHTTPClient(routes: [
            "/insight_weather/": .status(403, headers: json, body: Data(HostileDashboardTests.insightError(text).utf8)),
            "ll.thespacedevs.com": .status(403, headers: json, body: Data(#"{"detail": \#(EndToEnd.jsonString(text))}"#.utf8)),
        ])
    }

    /// The escape sequences `text` carries, as raw text: none may appear in
    /// the output, even in colour, where spacedash's own SGR sequences are
    /// allowed (and which `HostileStrings.controls` therefore skips).
    static func escapeSequences(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var sequences: [String] = []
        for (index, scalar) in scalars.enumerated() where scalar == "\u{1B}" && index + 1 < scalars.count {
            var sequence = String.UnicodeScalarView([scalar, scalars[index + 1]])
            if scalars[index + 1] == "[" {
                for next in scalars[(index + 2)...] {
                    sequence.append(next)
                    if (0x40...0x7E).contains(next.value) { break }
                }
            }
            sequences.append(String(sequence))
        }
        return sequences
    }

    static func expectSafe(_ output: String, hostile text: String, _ what: String) {
        EndToEnd.expectClean(output, what)
        for sequence in escapeSequences(in: text) {
            #expect(!output.contains(sequence), "\(what): \(sequence.debugDescription) from the data reached the output")
        }
    }

    /// JSON on a terminal: no raw control character (C0 but the pretty printer's
    /// line breaks, DEL, C1, bidi controls, line separators), and valid.
    static func expectSafeJSON(_ json: String, _ what: String) throws -> [String: Any] {
        let raw = HostileStrings.controls(in: json, allowingNewlines: true)
            + json.unicodeScalars.filter { $0 == "\u{2028}" || $0 == "\u{2029}" || $0 == "\u{1B}" }
        #expect(raw.isEmpty, "\(what): raw \(raw.map { "U+" + String($0.value, radix: 16) }) in --json")
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(what): not a JSON object")
    }

    struct Screen: Sendable, CustomStringConvertible {
        var terminal: Bool
        var color: ColorMode
        var environment: [String: String] = [:]
        var width: Int
        var description: String { "\(terminal ? "terminal" : "pipe"), --color \(color), \(environment), width \(width)" }
    }

    static let screens = [
        Screen(terminal: true, color: .auto, environment: ["TERM": "xterm-256color"], width: 160),
        Screen(terminal: true, color: .auto, environment: ["TERM": "xterm", "NO_COLOR": "1"], width: 60),
        Screen(terminal: true, color: .always, width: 60),
        Screen(terminal: false, color: .auto, width: 160),
        Screen(terminal: false, color: .never, width: 40),
    ]

    @Test(arguments: HostileStrings.table.indices)
    func theScreenShowsNoControlCharacters(index: Int) async throws {
        let (name, text) = HostileStrings.table[index]
        for screen in Self.screens {
            let streams = OutputStreams.memory(stdoutIsTerminal: screen.terminal, stderrIsTerminal: false)
            let context = CommandContext(streams: streams, environment: screen.environment, colorMode: screen.color)
            let sources = try Dashboard.Sources(.scripted(Self.hostileData(text)), fetch: FetchOptions(policy: .standard), station: .insight)
            let code = try await Dashboard(json: false, fetch: FetchOptions(policy: .standard)).run(context, sources: sources, width: screen.width)
            #expect(code == .success)
            let what = "\(name), \(screen)"
            #expect(streams.stdout.text.contains("Source: live from Launch Library 2"), "\(what): \(streams.stdout.text)")
            #expect(streams.stdout.text.contains("Sol 675"), "\(what): the hostile sol is shown")
            Self.expectSafe(streams.stdout.text, hostile: text, "\(what) stdout")
            Self.expectSafe(streams.stderr.text, hostile: text, "\(what) stderr")
            if context.styleMode == .plain { #expect(!streams.stdout.text.contains("\u{1B}"), "\(what): plain output has no escapes") }
        }
    }

    @Test(arguments: HostileStrings.table.indices)
    func jsonEscapesControlsAndKeepsTheDataExact(index: Int) async throws {
        let (name, text) = HostileStrings.table[index]
        let streams = OutputStreams.memory(stdoutIsTerminal: true)
        let sources = try Dashboard.Sources(.scripted(Self.hostileData(text)), fetch: FetchOptions(policy: .standard), station: .insight)
        _ = try await Dashboard(json: true, fetch: FetchOptions(policy: .standard))
            .run(CommandContext(streams: streams, environment: [:]), sources: sources, width: 80)
        let object = try Self.expectSafeJSON(streams.stdout.text, name)
        let launches = (object["launches"] as? [String: Any])?["launches"] as? [[String: Any]]
        let hostile = launches?.first { $0["id"] as? String == "a" }
        for field in ["name", "agency", "location", "mission_description", "pad"] {
            #expect(hostile?[field] as? String == text, "\(name): --json keeps \(field) exactly")
        }
        let sols = (object["mars_weather"] as? [String: Any])?["sols"] as? [[String: Any]]
        #expect((sols?.first?["feed_labels"] as? [String: Any])?["season"] as? String == text, "\(name): --json keeps the feed's season exactly")
        #expect(streams.stderr.text.isEmpty)
    }

    @Test(arguments: HostileStrings.table.indices)
    func errorMessagesFromBothServicesAreCleanedInNoticesAndEscapedInJSON(index: Int) async throws {
        let (name, text) = HostileStrings.table[index]
        for terminal in [true, false] {
            // stderr is not a terminal, so no spinner (spacedash's own escapes) mixes with the notices.
            let streams = OutputStreams.memory(stdoutIsTerminal: terminal, stderrIsTerminal: false)
            let context = CommandContext(streams: streams, environment: ["TERM": "xterm"], colorMode: terminal ? .always : .auto)
            let sources = try Dashboard.Sources(.scripted(Self.hostileErrors(text)), fetch: FetchOptions(policy: .standard), station: .insight)
            let code = try await Dashboard(json: false, fetch: FetchOptions(policy: .standard)).run(context, sources: sources, width: 160)
            #expect(code == .success, "\(name): both panels fall back to their samples")
            let notices = streams.stderr.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if terminal {
                // On a terminal the panels' source lines say why, and stderr does not repeat it.
                #expect(notices.isEmpty, "\(name): \(streams.stderr.text)")
                #expect(streams.stdout.text.components(separatedBy: "Source: ").count == 3, "\(name): both panels say where and why")
            } else {
                #expect(notices.contains { $0.hasPrefix("spacedash: mars-weather: ") }, "\(name): \(streams.stderr.text)")
                #expect(notices.contains { $0.hasPrefix("spacedash: launches: ") }, "\(name): \(streams.stderr.text)")
            }
            #expect(notices.allSatisfy { $0.hasPrefix("spacedash: mars-weather: ") || $0.hasPrefix("spacedash: launches: ") },
                    "\(name): one line per notice, each with its panel: \(streams.stderr.text.debugDescription)")
            Self.expectSafe(streams.stderr.text, hostile: text, "\(name) notices")
            Self.expectSafe(streams.stdout.text, hostile: text, "\(name) screen")
        }

        let streams = OutputStreams.memory()
        let sources = try Dashboard.Sources(.scripted(Self.hostileErrors(text)), fetch: FetchOptions(policy: .standard), station: .insight)
        _ = try await Dashboard(json: true, fetch: FetchOptions(policy: .standard))
            .run(CommandContext(streams: streams, environment: [:]), sources: sources, width: 80)
        let object = try Self.expectSafeJSON(streams.stdout.text, "\(name) errors")
        let launchNotices = ((object["launches"] as? [String: Any])?["source"] as? [String: Any])?["notices"] as? [[String: Any]]
        let marsNotices = ((object["mars_weather"] as? [String: Any])?["source"] as? [String: Any])?["notices"] as? [[String: Any]]
        #expect(launchNotices?.isEmpty == false && marsNotices?.isEmpty == false, "\(name): the notices are in --json")
        Self.expectSafe(streams.stderr.text, hostile: text, "\(name) --json notices")
    }

    @Test(arguments: HostileStrings.table.indices)
    func aPanelThatFailsShowsItsReasonCleaned(index: Int) async throws {
        let (name, text) = HostileStrings.table[index]
        let sources = Dashboard.Sources(
            marsWeather: Fail<Sourced<InSightFeed>, ServiceFailure>(error: .nothingToShow("no Mars weather: \(text)")).eraseToAnyPublisher(),
            launches: Fail<Sourced<LaunchList>, ServiceFailure>(error: .nothingToShow("no launches: \(text)")).eraseToAnyPublisher())
        for json in [false, true] {
            let streams = OutputStreams.memory(stdoutIsTerminal: true)
            let context = CommandContext(streams: streams, environment: ["TERM": "xterm"], colorMode: .always)
            await #expect(throws: CommandError.self, "\(name): no data at all is a failure") {
                try await Dashboard(json: json, fetch: FetchOptions(policy: .standard)).run(context, sources: sources, width: 160)
            }
            if json {
                let object = try Self.expectSafeJSON(streams.stdout.text, name)
                #expect((object["launches"] as? [String: Any])?["error"] as? String == "no launches: \(text)")
            } else {
                #expect(streams.stdout.text.contains("no Mars weather: ") && streams.stdout.text.contains("no launches: "))
                Self.expectSafe(streams.stdout.text, hostile: text, "\(name) failed panels")
            }
        }
    }
}

/// The same through the built binary: what really reaches stdout and stderr.
@Suite(.serialized) struct HostileDashboardEndToEndTests {
    typealias EndToEnd = HostileDataEndToEndTests

    @Test(arguments: HostileStrings.table.indices)
    func theDashboardShowsNoControlCharacters(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let server = try LoopbackServer(routes: [
            "/launches/upcoming/": .json(EndToEnd.page(text)),
            "/insight_weather/": .json(EndToEnd.insightFeed(season: text, point: text)),
        ])
        defer { server.stop() }
        let run = Sandbox()
        // InSight's panel (asked for): the hostile text is in its feed.
        for (arguments, columns) in [(["--station", "insight", "--refresh", "--color", "always"], "160"), (["--station", "insight", "--refresh"], "60")] {
            let result = try run.run(arguments, server: server, extra: ["COLUMNS": columns])
            #expect(result.exitCode == 0, "\(name) \(arguments): \(result.stderrText)")
            #expect(result.stdoutText.contains("Sol 675"), "\(name) \(arguments): \(result.stdoutText)")
            HostileDashboardTests.expectSafe(result.stdoutText, hostile: text, "\(name) \(arguments) stdout")
            HostileDashboardTests.expectSafe(result.stderrText, hostile: text, "\(name) \(arguments) stderr")
        }
        let json = try run.run(["--station", "insight", "--refresh", "--json"], server: server)
        #expect(json.exitCode == 0)
        #expect(!json.stdout.contains(where: { $0 < 0x20 && $0 != 0x0A }), "\(name): a raw control byte in --json")
        let object = try HostileDashboardTests.expectSafeJSON(json.stdoutText, name)
        let launches = (object["launches"] as? [String: Any])?["launches"] as? [[String: Any]]
        #expect(launches?.contains { $0["name"] as? String == text } == true, "\(name): --json keeps the data exactly")
    }

    @Test(arguments: HostileStrings.table.indices)
    func errorMessagesFromTheServersAreCleanedInTheNotices(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let server = try LoopbackServer(routes: [
            "/launches/upcoming/": .json(#"{"detail": \#(EndToEnd.jsonString(text))}"#, status: 403),
            "/insight_weather/": .json(HostileDashboardTests.insightError(text), status: 403),
        ])
        defer { server.stop() }
        let run = Sandbox()
        for arguments in [["--refresh"], ["--refresh", "--json"]] {
            let result = try run.run(arguments, server: server)
            #expect(result.exitCode == 0, "\(name) \(arguments): \(result.stderrText)")
            let lines = result.stderrText.split(separator: "\n")
            #expect(lines.count >= 2 && lines.allSatisfy { $0.hasPrefix("spacedash: mars-weather: ") || $0.hasPrefix("spacedash: launches: ") },
                    "\(name) \(arguments): \(result.stderrText.debugDescription)")
            HostileDashboardTests.expectSafe(result.stderrText, hostile: text, "\(name) \(arguments) stderr")
            HostileDashboardTests.expectSafe(result.stdoutText, hostile: text, "\(name) \(arguments) stdout")
        }
    }
}
