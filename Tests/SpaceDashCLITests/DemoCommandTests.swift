import Foundation
import Testing
import SpaceData
import TestSupport
@testable import SpaceDashCLI

/// `spacedash demo` in process (memory outputs) for its options and styling.
@Suite struct DemoCommandTests {
    static let headings = ["spacedash demo", "Mars weather", "Upcoming launches", "Search as you type",
                           "1. Type \"apollo\"", "2. Refine: add \" 11\"", "3. Clear it with Backspace", "4. Type \"vostok\"",
                           "What the debounce saved"]

    private func run(_ arguments: [String], terminal: Bool = false, environment: [String: String] = [:]) async -> (code: Int32, stdout: String, stderr: String) {
        let streams = OutputStreams.memory(stdoutIsTerminal: terminal)
        let base = ["LANG": "C.UTF-8", "COLUMNS": "120", "SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-demo-test"]
        let code = await SpaceDash.run(arguments: ["demo"] + arguments, environment: base.merging(environment) { $1 }, streams: streams)
        return (code, streams.stdout.text, streams.stderr.text)
    }

    /// Whether `text` holds an SGR sequence that sets a colour (not just bold or reverse).
    static func hasColour(_ text: String) -> Bool {
        text.components(separatedBy: "\u{1B}[").dropFirst().contains { sequence in
            guard let end = sequence.firstIndex(of: "m") else { return false }
            return sequence[..<end].split(separator: ";").contains { Int($0).map { (30...38).contains($0) || (90...97).contains($0) } ?? false }
        }
    }

    @Test func fastPrintsEverySectionInOrderWithTheCounts() async throws {
        let result = await run(["--fast"])
        #expect(result.code == 0)
        #expect(result.stderr == "")
        var position = result.stdout.startIndex
        for heading in Self.headings {
            let found = try #require(result.stdout.range(of: heading, range: position..<result.stdout.endIndex), "\(heading) in order")
            position = found.upperBound
        }
        #expect(result.stdout.contains("Offline: fixture data bundled in the binary"))
        #expect(result.stdout.contains("\n  Type \"apollo\"            6 keystrokes, 1 search\n"))
        #expect(result.stdout.contains("\n  In all                   24 keystrokes, 4 searches (24 without the debounce)\n"))
        #expect(!result.stdout.contains("\u{1B}"), "no escape sequences into a pipe")
    }

    @Test func thePromptEchoesEveryKeyAndTheResultsComeOnce() async throws {
        let result = await run(["--fast"])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let prompts = lines.filter { $0.contains(" ms  > ") || $0.hasSuffix(" ms  >") }
        #expect(prompts.count == 24)
        #expect(Array(prompts.prefix(6)) == [
            "     0 ms  > a", "    80 ms  > ap", "   160 ms  > apo", "   240 ms  > apol", "   320 ms  > apoll", "   400 ms  > apollo",
        ])
        let results = lines.filter { $0.contains("results ") && $0.contains(" ms after the last key") }
        #expect(results == [
            "   700 ms  results 300 ms after the last key: 22 / 6471 launches · bundled GCAT history, 1957 to 2023",
            "   460 ms  results 300 ms after the last key: 1 / 6471 launches · bundled GCAT history, 1957 to 2023",
            "   940 ms  results 300 ms after the last key: 6471 / 6471 launches · bundled GCAT history, 1957 to 2023",
            "   700 ms  results 300 ms after the last key: 165 / 6471 launches · bundled GCAT history, 1957 to 2023",
        ])
        // Each row after its date: GCAT's history, newest first.
        let apollo = try #require(lines.firstIndex(of: results[0]))
        #expect(lines[apollo + 1].hasPrefix("           ▶ 1975-07-15  Saturn IB | Apollo-Soyuz Test Project, Docking Module 2 · NASA Marshall"))
        let apollo11 = try #require(lines.firstIndex(of: results[1]))
        #expect(lines[apollo11 + 1].hasPrefix("           ▶ 1969-07-16  Saturn V | Apollo 11 CSM, Apollo 11 LM, EASEP PSEP, EASEP LRRR · "))
        let vostok = try #require(lines.lastIndex(of: results[3]))
        #expect(lines[vostok + 1].hasPrefix("           ▶ 1991-08-29  Vostok 8A92M | IRS-1B · "))
    }

    @Test func theWeatherAndLaunchSectionsUseTheCommandsRenderers() async throws {
        let result = await run(["--fast"])
        #expect(result.stdout.contains("\nSol  Earth date  Season  Low °C  Avg °C  High °C  Pressure Pa  Wind m/s  Gust m/s  Wind from\n"))
        #expect(result.stdout.contains("\n681  2020-10-25  fall     -95.4   -62.4     -4.4        743.5       5.6      18.6  WNW\n"))
        #expect(result.stdout.contains("\nTemperature range (°C)\n"))
        #expect(result.stdout.contains("\nDATE                  T-"))
        // Countdowns from the moment the listing was made, so the demo reads the same any day.
        #expect(result.stdout.contains("\n2026-07-20 14:49 UTC  in 11m     Falcon 9 Block 5 | Starlink"))
        #expect(result.stdout.contains("\n2026-07-30 06:37 UTC  in 9d 15h  Falcon 9 Block 5 | NROL-95"))
        #expect(result.stdout.contains("Source: Launch Library 2's listing of 20 July 2026, bundled with spacedash."))
        #expect(result.stdout.contains("The demo's clock stands at 2026-07-20 14:38 UTC, when it was listed, as SPACEDASH_NOW=2026-07-20T14:38:00Z sets it;"))
        #expect(result.stdout.contains("Source: GCAT, J. McDowell, planet4589.org/space/gcat"))
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() async {
        let terminal = await run(["--fast"], terminal: true)
        #expect(terminal.code == 0)
        #expect(Self.hasColour(terminal.stdout))
        let noColor = await run(["--fast"], terminal: true, environment: ["NO_COLOR": "1"])
        #expect(noColor.code == 0)
        #expect(!Self.hasColour(noColor.stdout))
        #expect(noColor.stdout.contains("\u{1B}[1m"), "bold headings remain")
        let dumb = await run(["--fast"], terminal: true, environment: ["TERM": "dumb"])
        #expect(!dumb.stdout.contains("\u{1B}"))
    }

    @Test func asciiLocaleDrawsNoUnicode() async {
        let result = await run(["--fast"], environment: ["LANG": "C"])
        #expect(result.code == 0)
        #expect(result.stdout.contains("6 keystrokes, 1 search"))
        // The launches table is drawn as `launches` draws it (its own ellipsis, the names as
        // Launch Library spells them); everything else is ASCII.
        let ours = result.stdout.split(separator: "\n").filter { !$0.hasPrefix("202") }
        #expect(ours.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(ours.filter { !$0.unicodeScalars.allSatisfy(\.isASCII) })")
        #expect(result.stdout.contains("\nMars weather | Curiosity (REMS), Gale crater"))
        #expect(result.stdout.contains("\nMars weather archive | NASA InSight"))
        #expect(result.stdout.contains("results 300 ms after the last key: 22 / 6471 launches | bundled GCAT history, 1957 to 2023\n"))
        #expect(result.stdout.contains("           > 1975-07-15  Saturn IB | Apollo-Soyuz Test Project, Docking Module 2 | NASA Marshall"))
    }

    @Test func theSavingIsMeasuredAgainstTheSameScriptWithoutTheDebounce() throws {
        let data = LaunchSearchData(catalog: LaunchCatalog(launches: LaunchHistory.launches, timeframe: .past), origin: .sample)
        #expect(try DemoCommand.searchesWithoutDebounce(data, timing: .standard) == 24)
        // Without a debounce the pace of the keys does not matter: every key that changes the query searches.
        #expect(try DemoCommand.searchesWithoutDebounce(data, timing: DemoSearchTiming(keyInterval: .milliseconds(1))) == 24)
    }

    @Test(arguments: ["0", "-1", "0.0", "abc", "inf", "nan", "", "1e6", "10.5", "0.0000001", "0.09"])
    func speedMustBeANumberFromATenthToTen(_ value: String) async {
        let result = await run(["--speed", value])
        #expect(result.code == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("spacedash: "))
        #expect(result.stderr.contains("--speed"))
        #expect(result.stderr.contains("Usage: spacedash demo"))
        if Double(value)?.isFinite == true {
            #expect(result.stderr.contains("from 0.1 to 10"), "the range named")
        }
    }

    @Test(arguments: ["0.1", "10"])
    func speedAtTheEndsOfItsRangeIsAccepted(_ value: String) throws {
        let invocation = try CommandLineParser.parse(["demo", "--speed", value], root: SpaceDash.self)
        let command = try #require(try invocation.commands.last?.init(invocation.arguments) as? DemoCommand)
        #expect(command.speed == Double(value))
    }

    @Test func speedIsParsedAndFastExcludesIt() async throws {
        let invocation = try CommandLineParser.parse(["demo", "--speed", "2.5"], root: SpaceDash.self)
        let command = try #require(try invocation.commands.last?.init(invocation.arguments) as? DemoCommand)
        #expect(command.speed == 2.5)
        #expect(!command.fast)

        let both = await run(["--fast", "--speed", "2"])
        #expect(both.code == 64)
        #expect(both.stderr.contains("--fast and --speed cannot be combined"))
    }

    @Test func helpHasExamples() async {
        let result = await run(["--help"])
        #expect(result.code == 0)
        #expect(result.stdout.contains("offline"))
        #expect(result.stdout.contains("--speed X"))
        #expect(result.stdout.contains("spacedash demo --fast"))
        let listed = await SpaceDash.run(arguments: ["--help"], environment: [:], streams: .memory())
        #expect(listed == 0)
    }
}

/// The built binary: `spacedash demo` end to end, and that it opens no
/// network connection.
@Suite struct DemoBinaryTests {
    /// A home, cache and XDG folder for one run; removed at the end.
    final class Scratch {
        let sandbox = Sandbox()
        var url: URL { sandbox.directory }

        /// Everything a stray request could use points at `trap`: proxies for
        /// libcurl and both API base URLs.
        func environment(trap: LoopbackServer) -> [String: String] {
            let proxy = trap.baseURL.absoluteString
            return [
                "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": url.path,
                "SPACEDASH_CACHE_DIR": url.appendingPathComponent("cache").path,
                "XDG_CACHE_HOME": url.appendingPathComponent("xdg").path,
                "http_proxy": proxy, "https_proxy": proxy, "HTTP_PROXY": proxy, "HTTPS_PROXY": proxy,
                "ALL_PROXY": proxy, "all_proxy": proxy,
                "SPACEDASH_INSIGHT_URL": trap.url("/insight_weather/").absoluteString,
                "SPACEDASH_CURIOSITY_URL": trap.url("/msl").absoluteString,
                "SPACEDASH_LAUNCHES_URL": trap.url("/2.3.0").absoluteString,
            ]
        }

        /// What the run left in the scratch folder (the cache must stay untouched).
        var contents: [String] {
            (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String]) ?? []
        }
    }

    static let canIsolateNetwork: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return false }
        let probe = try? ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/unshare"), arguments: ["-rn", "true"],
                                           environment: ["PATH": "/usr/bin:/bin"], timeout: 20)
        return probe?.exitCode == 0
    }()

    @Test func fastPrintsEachSectionAndTheCountsAndOpensNoConnection() throws {
        let trap = try LoopbackServer()
        let scratch = Scratch()
        let result = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["demo", "--fast"],
                                           environment: scratch.environment(trap: trap), timeout: 60)
        trap.stop()
        #expect(result.exitCode == 0)
        #expect(result.stderrText == "")
        for heading in DemoCommandTests.headings { #expect(result.stdoutText.contains(heading)) }
        #expect(result.stdoutText.contains("Type \"apollo\"            6 keystrokes, 1 search\n"))
        #expect(trap.connectionsFinished == 0, "a connection reached the trap")
        #expect(trap.requests.isEmpty)
        #expect(scratch.contents.isEmpty, "the demo wrote \(scratch.contents)")

        // The trap does catch a command that really uses the network.
        let control = try LoopbackServer()
        let weather = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["mars-weather", "--station", "insight", "--timeout", "10"],
                                            environment: scratch.environment(trap: control), timeout: 60)
        control.stop()
        #expect(weather.exitCode == 0)
        #expect(control.connectionsFinished > 0)
    }

    @Test(.enabled(if: DemoBinaryTests.canIsolateNetwork, "needs unshare -rn (a network namespace with no network)"))
    func withNoNetworkAtAllTheOutputIsTheSame() throws {
        let trap = try LoopbackServer()
        defer { trap.stop() }
        let environment = Scratch().environment(trap: trap)
        let normal = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["demo", "--fast"], environment: environment, timeout: 60)
        let isolated = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/unshare"),
                                             arguments: ["-rn", ProjectPaths.spacedashBinary.path, "demo", "--fast"],
                                             environment: environment, timeout: 60)
        #expect(isolated.exitCode == 0)
        #expect(isolated.stderrText == "")
        #expect(isolated.stdoutText == normal.stdoutText)
        #expect(isolated.stdoutText.contains("6 keystrokes, 1 search"))
    }

    /// The real clock, sped up: the same script on dispatch queues. Timing on
    /// a shared machine may vary, so only what cannot depend on it is checked.
    @Test func theRealClockRunsTheSameScript() throws {
        let trap = try LoopbackServer()
        defer { trap.stop() }
        let started = Date()
        let result = try ProcessRunner.run(ProjectPaths.spacedashBinary, arguments: ["demo", "--speed", "4"],
                                           environment: Scratch().environment(trap: trap), timeout: 60)
        #expect(result.exitCode == 0)
        #expect(result.stderrText == "")
        #expect(result.stdoutText.contains("on the real clock: one key every 20 ms"))
        for query in ["a", "ap", "apollo", "apollo 11", "vostok"] { #expect(result.stdoutText.contains(" ms  > \(query)\n")) }
        #expect(result.stdoutText.contains("Type \"apollo\"            6 keystrokes, "))
        #expect(result.stdoutText.contains("In all                   24 keystrokes, "))
        // The script's own waits add up to about 1.5 s at this speed.
        #expect(Date().timeIntervalSince(started) > 1)
        #expect(trap.connectionsFinished == 0)
    }
}
