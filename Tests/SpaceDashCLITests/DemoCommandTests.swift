import Foundation
import Testing
import SpaceData
import TestSupport
@testable import SpaceDashCLI

/// `spacedash demo` in process (memory outputs) for its options and styling.
@Suite struct DemoCommandTests {
    static let headings = ["spacedash demo: a tour of what to type",
                           "Launches · Launch Library 2's listing of 20 July 2026, bundled with spacedash",
                           "$ spacedash launches next", "$ spacedash launches --limit 5",
                           "$ spacedash launches search 'agency:casc | starship'", "$ spacedash launches search falcon -starlink",
                           "$ spacedash launches show nrol", "$ spacedash launches next --json", "$ spacedash launches search nrol --ics",
                           "Every orbital launch since 1957 · Source: GCAT, J. McDowell, planet4589.org/space/gcat",
                           "$ spacedash launches search --past apollo 11", "$ spacedash launches search --past vostok --limit 5",
                           "Mars weather", "$ spacedash mars-weather --station curiosity",
                           "$ spacedash mars-weather --station insight --sol 678",
                           "Search as you type", "$ spacedash launches search --past -i",
                           "You type \"apollo\":", "You add \" 11\":", "You clear it with Backspace", "You type \"vostok\":",
                           "In all, 24 keys and 4 searches.", "Next"]

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

    /// What `spacedash ARGUMENTS` prints on a 120-column terminal with no colour,
    /// as a user runs it with the clock set to the listing's date, offline, in UTC.
    static func commandOutput(_ arguments: [String]) async -> String {
        let streams = OutputStreams.memory(stdoutIsTerminal: true)
        let environment = ["LANG": "C.UTF-8", "COLUMNS": "120", "TZ": "UTC", "SPACEDASH_NOW": "2026-07-20T14:38:00Z",
                           "SPACEDASH_CACHE_DIR": "/nonexistent/spacedash-demo-test"]
        let code = await SpaceDash.run(arguments: arguments + ["--offline", "--color", "never"], environment: environment, streams: streams)
        #expect(code == 0, "\(arguments): \(streams.stderr.text)")
        return streams.stdout.text
    }

    @Test func fastShowsEachCommandAsTypedInOrderAndEndsWithTheCounts() async throws {
        let result = await run(["--fast"])
        #expect(result.code == 0)
        #expect(result.stderr == "")
        var position = result.stdout.startIndex
        for heading in Self.headings {
            let found = try #require(result.stdout.range(of: heading, range: position..<result.stdout.endIndex), "\(heading) in order")
            position = found.upperBound
        }
        #expect(result.stdout.contains("what SPACEDASH_NOW=2026-07-20T14:38:00Z TZ=UTC spacedash … --offline shows."))
        #expect(!result.stdout.contains("\u{1B}"), "no escape sequences into a pipe")
        for word in ["view model", "virtual time", "scripted", "debounce"] {
            #expect(!result.stdout.contains(word), "the tour speaks of the product, not of \(word)")
        }
    }

    /// No second renderer: after each command line comes exactly what that command prints.
    @Test func eachStepShowsWhatItsCommandPrints() async throws {
        let result = await run(["--fast"])
        for step in DemoTour.sections.flatMap(\.steps) {
            let output = await Self.commandOutput(step.arguments)
            #expect(!output.isEmpty)
            #expect(result.stdout.contains("$ \(step.typed)\n" + output), "\(step.typed)")
        }
    }

    @Test func theStepsShowTheRealDataOfTheirDates() async throws {
        let result = await run(["--fast"])
        #expect(result.stdout.contains("$ spacedash launches next\nFalcon 9 Block 5 | Starlink Group 17-39 · T-11m · Vandenberg SFB, CA, USA\n"))
        #expect(result.stdout.contains("Starship | Flight 13"))
        #expect(result.stdout.contains("Saturn V | Apollo 11 CSM, Apollo 11 LM, EASEP PSEP, EASEP LRRR"))
        #expect(result.stdout.contains("Vostok 8A92M | IRS-1B"))
        #expect(result.stdout.contains("UID:"), "the calendar")
        #expect(result.stdout.contains("\"net\" : \"2026-07-20T14:49:32Z\""), "the JSON")
        #expect(result.stdout.contains("Wind rose"))
        #expect(result.stdout.contains("Source: the bundled sample: Curiosity's REMS weather for sols 4134–4801 as published on 2026-02-11"))
        #expect(result.stdout.contains("Source: the bundled sample: InSight's archived weather for sols 675–681 (October 2020)"))
    }

    @Test func theSearchShowsTheInteractiveScreenAfterEachPartOfTheTyping() async throws {
        let result = await run(["--fast"])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prompts = lines.filter { $0.hasPrefix("  │ > ") }
        #expect(prompts == ["  │ > apollo", "  │ > apollo 11", "  │ > ", "  │ > vostok"], "the prompt of each part's screen")
        #expect(lines.contains("  │ 22 / 6471 launches · bundled GCAT history, 1957 to 2023"))
        #expect(lines.contains("  │ 1 / 6471 launches · bundled GCAT history, 1957 to 2023"))
        #expect(lines.contains("  │ 165 / 6471 launches · bundled GCAT history, 1957 to 2023"))
        let apollo = try #require(lines.firstIndex(of: "  │ 22 / 6471 launches · bundled GCAT history, 1957 to 2023"))
        #expect(lines[apollo + 1].hasPrefix("  │ ▶ 1975-07-15  Saturn IB | Apollo-Soyuz Test Project, Docking Module 2 · NASA Marshall"))
        let apollo11 = try #require(lines.firstIndex(of: "  │ 1 / 6471 launches · bundled GCAT history, 1957 to 2023"))
        #expect(lines[apollo11 + 1].hasPrefix("  │ ▶ 1969-07-16  Saturn V | Apollo 11 CSM, Apollo 11 LM, EASEP PSEP, EASEP LRRR · "))
        #expect(lines.contains { $0.hasPrefix("  │ ── Source: GCAT, J. McDowell, planet4589.org/space/gcat") }, "the details pane, as -i draws it")
        #expect(lines.filter { $0.hasPrefix("  │ ") || $0 == "  │" }.count == 4 * DemoSearchScene.screenRows, "four screens")
        #expect(lines.contains("  6 keys, 1 search: 22 launches shown, 300 ms after the last key."))
        #expect(lines.contains("  3 keys, 1 search: 1 launch shown, 300 ms after the last key."))
        #expect(lines.contains("  6 keys, 1 search: 165 launches shown, 300 ms after the last key."))
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

    @Test func asciiLocaleDrawsTheTourInASCII() async {
        let result = await run(["--fast"], environment: ["LANG": "C"])
        #expect(result.code == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // The tour's own words and the search screen's frame; the launches keep their names as spelled.
        for line in lines where line.hasPrefix("$ ") || line.hasPrefix("  | ") || line.hasPrefix("You ") || line.hasPrefix("Every ") {
            #expect(line.hasPrefix("  | ") ? line.prefix(6).unicodeScalars.allSatisfy(\.isASCII) : line.unicodeScalars.allSatisfy(\.isASCII), "\(line)")
        }
        #expect(result.stdout.contains("\nEvery orbital launch since 1957 | Source: GCAT, J. McDowell, planet4589.org/space/gcat\n"))
        #expect(result.stdout.contains("\n  | 22 / 6471 launches | bundled GCAT history, 1957 to 2023\n"))
        #expect(result.stdout.contains("\n  | > 1975-07-15  Saturn IB | Apollo-Soyuz Test Project, Docking Module 2 | NASA Marshall"))
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
        #expect(result.stdoutText.contains("  6 keys, 1 search: 22 launches shown, 300 ms after the last key.\n"))
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
        #expect(isolated.stdoutText.contains("In all, 24 keys and 4 searches."))
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
        #expect(result.stdoutText.contains("Below, keys come one every 20 ms, on the real clock."))
        // Into a pipe, each part's screen once, with its results.
        for query in ["apollo", "apollo 11", "vostok"] { #expect(result.stdoutText.contains("\n  │ > \(query)\n")) }
        #expect(result.stdoutText.contains("\n  6 keys, 1 search: 22 launches shown, "))
        #expect(result.stdoutText.contains("\nIn all, 24 keys and "))
        // The script's own waits add up to about 1.5 s at this speed.
        #expect(Date().timeIntervalSince(started) > 1)
        #expect(trap.connectionsFinished == 0)
    }
}
