import Foundation
import Testing
import TestSupport

/// The hostile strings of `HostileStrings`, served as Launch Library data to
/// the built `spacedash launches` (and InSight data to `mars-weather`), through every output mode: colour forced
/// (stdout is a pipe, so rows are tab-separated), tab-separated lines, `--json`, and notices.
@Suite(.serialized) struct HostileDataEndToEndTests {
    /// A JSON string literal of `text`, escaped as JSON requires.
    static func jsonString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func page(_ text: String) -> String {
        let t = jsonString(text)
        return #"{"count": 2, "results": [{"id": "a", "name": \#(t), "net": "2030-01-01T12:00:00Z", "status": {"name": \#(t), "abbrev": \#(t)}, "launch_service_provider": {"name": \#(t)}, "mission": {"type": \#(t), "description": \#(t)}, "pad": {"name": \#(t), "location": {"name": \#(t)}}}, {"id": "b", "name": "Plain \#(String(t.dropFirst()))}]}"#
    }

    /// Tabs are allowed: they separate the fields of tab-separated output (stdout
    /// is a pipe here), and the row checks make sure data adds none.
    static func expectClean(_ text: String, _ what: String) {
        let found = HostileStrings.controls(in: text.replacingOccurrences(of: "\t", with: " "), allowingNewlines: true)
        #expect(found.isEmpty, "\(what): \(found.map { "U+" + String($0.value, radix: 16) }) in \(text.debugDescription.prefix(600))")
    }

    @Test(arguments: HostileStrings.table.indices)
    func launchesShowNoControlCharacters(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(Self.page(text))])
        defer { server.stop() }
        let run = Sandbox()
        let table = try run.run(["launches", "--refresh", "--color", "always", "--utc"], server: server, extra: ["COLUMNS": "120"])
        #expect(table.exitCode == 0, "\(name): \(table.stderrText)")
        Self.expectClean(table.stdoutText, "\(name) table")
        Self.expectClean(table.stderrText, "\(name) table stderr")

        let rows = try run.run(["launches", "--refresh"], server: server)
        #expect(rows.exitCode == 0)
        let lines = rows.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 2, "\(name): one row per launch: \(rows.stdoutText.debugDescription)")
        for line in lines {
            #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 7, "\(name): \(line.debugDescription)")
            Self.expectClean(String(line).replacingOccurrences(of: "\t", with: " "), "\(name) row")
        }

        let json = try run.run(["launches", "--refresh", "--json"], server: server)
        #expect(json.exitCode == 0)
        #expect(!json.stdout.contains(where: { $0 < 0x20 && $0 != 0x0A }), "\(name): a raw control byte in --json")
        let objects = (try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])?["launches"] as? [[String: Any]]
        #expect(objects?.first?["name"] as? String == text, "\(name): --json keeps the data exactly")
    }

    @Test(arguments: HostileStrings.table.indices)
    func anErrorDetailFromTheServerIsCleanedInTheNotice(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let server = try LoopbackServer(routes: ["/launches/upcoming/": .json(#"{"detail": \#(Self.jsonString(text))}"#, status: 403)])
        defer { server.stop() }
        let run = Sandbox()
        for arguments in [["launches", "--refresh"], ["launches", "--refresh", "--strict"], ["launches", "--refresh", "--verbose"]] {
            let result = try run.run(arguments, server: server)
            #expect(!result.stderrText.isEmpty, "\(name): the failure is reported")
            Self.expectClean(result.stderrText, "\(name) \(arguments) stderr")
            Self.expectClean(result.stdoutText, "\(name) \(arguments) stdout")
        }
    }

    static func insightFeed(season: String, point: String) -> String {
        let rose = #"{"compass_degrees": 270.0, "compass_point": \#(jsonString(point)), "compass_right": -1.0, "compass_up": 0.0, "ct": 5}"#
        return #"{"675": {"AT": {"av": -62.3, "ct": 1, "mn": -96.8, "mx": -15.9}, "First_UTC": "2020-10-19T18:32:20Z", "Last_UTC": "2020-10-20T19:11:55Z", "Season": \#(jsonString(season)), "WD": {"12": \#(rose), "most_common": \#(rose)}}, "sol_keys": ["675"], "validity_checks": {}}"#
    }

    @Test(arguments: HostileStrings.table.indices)
    func marsWeatherShowsNoControlCharacters(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(Self.insightFeed(season: text, point: text))])
        defer { server.stop() }
        let run = Sandbox()
        for arguments in [["mars-weather", "--station", "insight", "--refresh", "--color", "always"], ["mars-weather", "--station", "insight", "--refresh", "--sol", "675", "--color", "always"],
                          ["mars-weather", "--station", "insight", "--refresh"]] {
            let result = try run.run(arguments, server: server)
            #expect(result.exitCode == 0, "\(name) \(arguments): \(result.stderrText)")
            Self.expectClean(result.stdoutText, "\(name) \(arguments) stdout")
            Self.expectClean(result.stderrText, "\(name) \(arguments) stderr")
        }
        // Into a pipe the rows are tab-separated; the drawn table and wind rose only reach a terminal.
        for arguments in [["mars-weather", "--station", "insight", "--refresh"], ["mars-weather", "--station", "insight", "--refresh", "--sol", "675"]] {
            let (result, screen) = try run.runOnTerminal(arguments, server: server)
            #expect(result.exitCode == 0, "\(name) \(arguments) on a terminal: \(result.stderrText)")
            #expect(screen.contains("Source: "), "\(name) \(arguments): drawn")
            Self.expectClean(screen, "\(name) \(arguments) on a terminal")
        }
        let json = try run.run(["mars-weather", "--station", "insight", "--refresh", "--json"], server: server)
        #expect(json.exitCode == 0)
        #expect(!json.stdout.contains(where: { $0 < 0x20 && $0 != 0x0A }), "\(name): a raw control byte in --json")
        #expect((try? JSONSerialization.jsonObject(with: json.stdout)) != nil, "\(name): --json is valid JSON")
    }

    @Test(arguments: HostileStrings.table.indices)
    func anErrorMessageFromTheServerIsCleanedInTheNotice(index: Int) throws {
        let (name, text) = HostileStrings.table[index]
        let body = #"{"error": {"code": "API_KEY_DISABLED", "message": \#(Self.jsonString(text))}}"#
        let server = try LoopbackServer(routes: ["/insight_weather/": .json(body, status: 403)])
        defer { server.stop() }
        let run = Sandbox()
        for arguments in [["mars-weather", "--station", "insight", "--refresh"], ["mars-weather", "--station", "insight", "--refresh", "--strict"], ["mars-weather", "--station", "insight", "--refresh", "--verbose"]] {
            let result = try run.run(arguments, server: server)
            #expect(!result.stderrText.isEmpty, "\(name): the failure is reported")
            Self.expectClean(result.stderrText, "\(name) \(arguments) stderr")
            Self.expectClean(result.stdoutText, "\(name) \(arguments) stdout")
            // Every notice and error is one line per message: no line break from the data.
            #expect(!result.stderrText.contains("\r"))
        }
        // An HTML page answering 500 with escape sequences in it.
        let html = try LoopbackServer(routes: ["/insight_weather/": .status(500, body: "<html>\(text)</html>")])
        defer { html.stop() }
        let result = try run.run(["mars-weather", "--station", "insight", "--refresh", "--strict"], server: html)
        #expect(result.exitCode == 69 || result.exitCode == 1)
        Self.expectClean(result.stderrText, "\(name) HTML 500 stderr")
    }

    /// The same bytes from a server read the same in both commands' notices: the
    /// terminal sanitiser's rule (sequences go whole), not "?" in one and a space in the other.
    @Test func escapesFromAServerReadTheSameInBothCommands() throws {
        let body = "\u{1B}[31mStarship\u{1B}[0m is down\u{07}"
        let server = try LoopbackServer(routes: ["/insight_weather/": .text(body), "/launches/upcoming/": .text(body)])
        defer { server.stop() }
        let run = Sandbox()
        for (arguments, locale) in [(["mars-weather", "--station", "insight", "--refresh"], "C.UTF-8"), (["launches", "--refresh"], "C.UTF-8"), (["mars-weather", "--station", "insight", "--refresh"], "C")] {
            let result = try run.run(arguments, server: server, extra: ["LANG": locale])
            #expect(result.exitCode == 0)
            #expect(result.stderrText.contains("(it starts with \"Starship is down\")"), "\(arguments) \(locale): \(result.stderrText)")
            #expect(!result.stderrText.contains("[31m") && !result.stderrText.contains("?"), "\(arguments) \(locale): \(result.stderrText)")
        }
    }
}
